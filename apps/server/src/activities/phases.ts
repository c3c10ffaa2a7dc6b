// Docs: docs/phases.md — the write path of an activity's phases: set the ordered list, advance it
// (start, next, end), and the timer's end (applied by every node's sweep, once). Each write bumps
// the activity's version, announces it to the class's activity lists, and — when the phase in
// force changes — re-checks the access of every live query of the case channel (the `access`
// signal for that channel), which re-reads each subscriber's phase and sends a fresh snapshot to
// those whose lens changed: one read per subscriber per phase change, none per message.
import { and, eq, sql } from 'drizzle-orm';
import {
  advancePhase,
  type Activity,
  type ActivityPhaseAdvanceInput,
  type ActivityPhasesInput,
  type Phase,
  type PhaseStep,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireAllowed } from '../classes/policies';
import type { Db } from '../db/client';
import { activities, channels } from '../db/schema';
import { nextVersion, runCommand, type CommandScope, type Tx } from '../live/commands';
import { channelsTopic } from '../channels/live';
import { accessSignal } from '../live/signals';

import { activitiesTopic } from './live';
import { presentActivity } from './presenters';
import { DomainError, notFound } from '../errors';

type ActivityRow = typeof activities.$inferSelect;

const badRequest = (message: string) => new DomainError({ code: 'BAD_REQUEST', message });

/**
 * The case channel's rules changed: its live queries re-check their access, and the class's
 * channel lists re-read what a post-first phase hides from each member (their unread counts,
 * docs/phases.md#unread-counts).
 */
function announceCaseRules(announce: CommandScope['announce'], classId: string, channelId: string) {
  announce({ topic: accessSignal, key: classId, ids: [channelId] });
  announce({ topic: channelsTopic, key: classId, ids: null });
}

/** Tells the class's activity lists, and the case channel's live queries when the phase changed. */
function announcePhase(announce: CommandScope['announce'], row: ActivityRow, phaseMoved: boolean) {
  announce({ topic: activitiesTopic, key: row.class_id, ids: [row.activity_id] });
  if (phaseMoved && row.channel_id) announceCaseRules(announce, row.class_id, row.channel_id);
}

/**
 * An activity with a phase in force was enabled, disabled or deleted: the phase rules of its case
 * channel apply only while it is enabled and not deleted, so the channel's readers re-check.
 */
export function announcePhaseRules(announce: CommandScope['announce'], row: ActivityRow): void {
  if (row.channel_id && (row.phase_state === 'running' || row.phase_state === 'overtime'))
    announceCaseRules(announce, row.class_id, row.channel_id);
}

async function lockActivity(tx: Tx, classId: string, activityId: string): Promise<ActivityRow> {
  const [row] = await tx
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.activity_id, activityId),
        eq(activities.class_id, classId),
        eq(activities.deleted, false),
      ),
    )
    .for('update');
  if (!row) throw notFound('Activity');
  return row;
}

/**
 * The columns of a step: a running phase starts now (database time, so every node agrees) at the
 * case channel's last seq — taken under the channel's lock, so posts committed before belong to the
 * phase before and posts after to this one — with its timer's deadline.
 */
async function stepColumns(tx: Tx, row: ActivityRow, phases: Phase[], step: PhaseStep) {
  if (step.phase_state !== 'running' || step.phase_index === null)
    return {
      phase_state: step.phase_state,
      phase_index: step.phase_index,
      phase_started_at: null,
      phase_deadline: null,
    };
  const phase = phases[step.phase_index];
  let startSeq = 0;
  if (row.channel_id) {
    const [channel] = await tx
      .select({ last_seq: channels.last_seq })
      .from(channels)
      .where(eq(channels.channel_id, row.channel_id))
      .for('update');
    startSeq = channel?.last_seq ?? 0;
  }
  const seconds = phase?.timer_seconds ?? null;
  return {
    phase_state: step.phase_state,
    phase_index: step.phase_index,
    phase_started_at: sql`now()`,
    phase_deadline: seconds === null ? null : sql`now() + make_interval(secs => ${seconds})`,
    phase_start_seq: startSeq,
  };
}

/**
 * Sets an activity's ordered phases (instructors and class admins). While a phase is in force it
 * must stay in the list (it may move: the activity follows it); removing it is refused.
 */
export async function activityPhasesSetter(
  db: Db,
  viewer: SessionUser,
  input: ActivityPhasesInput,
): Promise<Activity> {
  await requireAllowed(db, viewer, input.class_id, 'activities.manage');
  return runCommand(db, async ({ tx, announce }) => {
    const current = await lockActivity(tx, input.class_id, input.activity_id);
    let phaseIndex = current.phase_index;
    const running = current.phase_state === 'running' || current.phase_state === 'overtime';
    if (running && phaseIndex !== null) {
      const id = current.phases[phaseIndex]?.id;
      phaseIndex = input.phases.findIndex((phase) => phase.id === id);
      if (phaseIndex < 0)
        throw badRequest('The phase in progress cannot be removed. End it or move on first.');
    }
    // The kind of the phase in force may have changed: its channel's readers re-check.
    const before = running ? current.phases[current.phase_index ?? -1]?.kind : undefined;
    const after = running ? input.phases[phaseIndex ?? -1]?.kind : undefined;
    const [row] = await tx
      .update(activities)
      .set({
        phases: input.phases,
        phase_index: running ? phaseIndex : current.phase_index,
        updated_at: new Date(),
        updated_by: viewer.uid,
        updated_by_name: viewer.displayName,
        version: nextVersion,
      })
      .where(eq(activities.activity_id, input.activity_id))
      .returning();
    if (!row) throw notFound('Activity');
    announcePhase(announce, row, before !== after);
    return presentActivity(row);
  });
}

/**
 * Starts, moves on or ends an activity's phases (instructors and class admins). `from_phase_id`
 * must be the phase in force (a stale click after the timer or a colleague moved it is refused
 * with CONFLICT rather than skipping a phase); an id the activity does not have is BAD_REQUEST.
 */
export async function activityPhaseAdvancer(
  db: Db,
  viewer: SessionUser,
  input: ActivityPhaseAdvanceInput,
): Promise<Activity> {
  await requireAllowed(db, viewer, input.class_id, 'activities.manage');
  return runCommand(db, async ({ tx, announce }) => {
    const current = await lockActivity(tx, input.class_id, input.activity_id);
    if (input.from_phase_id !== null) {
      if (!current.phases.some((phase) => phase.id === input.from_phase_id))
        throw badRequest('This activity has no such phase.');
      const inForce =
        current.phase_state === 'running' || current.phase_state === 'overtime'
          ? current.phases[current.phase_index ?? -1]?.id
          : undefined;
      if (inForce !== input.from_phase_id)
        throw new DomainError({
          code: 'CONFLICT',
          message: 'The phase has already moved on. Look at the current phase and try again.',
        });
    }
    const step = advancePhase(current, current.phases.length, input.action);
    if ('error' in step) throw badRequest(step.error);
    const [row] = await tx
      .update(activities)
      .set({
        ...(await stepColumns(tx, current, current.phases, step)),
        updated_at: new Date(),
        updated_by: viewer.uid,
        updated_by_name: viewer.displayName,
        version: nextVersion,
      })
      .where(eq(activities.activity_id, input.activity_id))
      .returning();
    if (!row) throw notFound('Activity');
    announcePhase(announce, row, true);
    return presentActivity(row);
  });
}

/** Who the timer's writes are recorded as. */
const TIMER_ACTOR = { uid: 'system', name: 'Phase timer' };

/**
 * Applies every phase timer that has run out: the phase ends by itself (the next one starts, or
 * the activity is done) or — as the instructor chose — waits for them (`overtime`). Any node may
 * run it at any time: each activity is re-read under its row lock and changed only if its phase
 * is still running with a deadline that has passed, so two nodes apply a timer once. Returns how
 * many it applied.
 */
export async function applyDuePhaseTimers(db: Db): Promise<number> {
  const due = await db
    .select({ activity_id: activities.activity_id, class_id: activities.class_id })
    .from(activities)
    .where(
      and(
        eq(activities.phase_state, 'running'),
        sql`${activities.phase_deadline} is not null and ${activities.phase_deadline} <= now()`,
        eq(activities.deleted, false),
        // An archived class is read-only (docs/classes.md#archive): its timers stand still.
        sql`not exists (select 1 from classes k where k.class_id = ${activities.class_id} and k.archived_at is not null)`,
      ),
    )
    .limit(100);
  let applied = 0;
  for (const ref of due) {
    const done = await runCommand(db, async ({ tx, announce }) => {
      const [current] = await tx
        .select()
        .from(activities)
        .where(
          and(
            eq(activities.activity_id, ref.activity_id),
            eq(activities.phase_state, 'running'),
            sql`${activities.phase_deadline} <= now()`,
          ),
        )
        .for('update', { skipLocked: true });
      if (!current) return false;
      const phase = current.phases[current.phase_index ?? -1];
      const step: PhaseStep | { error: string } =
        phase?.at_zero === 'ask'
          ? { phase_state: 'overtime', phase_index: current.phase_index }
          : advancePhase(current, current.phases.length, 'next');
      if ('error' in step) return false;
      const columns =
        step.phase_state === 'overtime'
          ? { phase_state: 'overtime' as const, phase_deadline: null }
          : await stepColumns(tx, current, current.phases, step);
      const [row] = await tx
        .update(activities)
        .set({
          ...columns,
          updated_at: new Date(),
          updated_by: TIMER_ACTOR.uid,
          updated_by_name: TIMER_ACTOR.name,
          version: nextVersion,
        })
        .where(eq(activities.activity_id, current.activity_id))
        .returning();
      if (!row) return false;
      announcePhase(announce, row, step.phase_state !== 'overtime');
      return true;
    });
    if (done) applied += 1;
  }
  return applied;
}
