// Docs: docs/classes.md#activities — the write path of activities.
import { and, eq, sql } from 'drizzle-orm';
import { currentTutorVersion } from '@seminar/shared';
import type {
  Activity,
  ActivityAgentBudgetInput,
  ActivityAgentLimitsInput,
  ActivityTutorInput,
  ActivityAgentModeInput,
  ActivityAgentUsage,
  ActivityInput,
  AgentExchange,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireAllowed } from '../classes/policies';
import { activityExchanges, activityUsage } from '../ai/usage';
import type { Db } from '../db/client';
import { activities, channels, products } from '../db/schema';
import { auditFields, nextVersion, runCommand } from '../live/commands';

import { activitiesTopic } from './live';
import { watchChanged, watchTopic } from '../moderation/watch';
import { announcePhaseRules } from './phases';
import { presentActivity } from './presenters';
import { DomainError, idTaken, notFound } from '../errors';

const announce = (classId: string, id: string) => ({
  topic: activitiesTopic,
  key: classId,
  ids: [id],
});

/** Refuses anyone whose role may not manage the class's activities (`can`, packages/shared). */
async function requireManager(db: Db, viewer: SessionUser, classId: string): Promise<void> {
  await requireAllowed(db, viewer, classId, 'activities.manage');
}

/** The AI product must exist in the catalogue and the case channel in this class. */
async function checkReferences(db: Db, input: ActivityInput): Promise<void> {
  if (input.product_id) {
    const [product] = await db
      .select({ id: products.product_id })
      .from(products)
      .where(and(eq(products.product_id, input.product_id), eq(products.deleted, false)));
    if (!product)
      throw new DomainError({
        code: 'BAD_REQUEST',
        message: 'That AI product is not in the catalogue.',
      });
  }
  if (input.channel_id) {
    const [channel] = await db
      .select({ id: channels.channel_id })
      .from(channels)
      .where(
        and(
          eq(channels.channel_id, input.channel_id),
          eq(channels.class_id, input.class_id),
          eq(channels.deleted, false),
        ),
      );
    if (!channel)
      throw new DomainError({
        code: 'BAD_REQUEST',
        message: 'That case channel is not in this class.',
      });
  }
}

/**
 * Creates an activity, or edits it when the id exists in the class (the same form does both; a
 * retried create changes nothing more).
 */
export async function activitySaver(
  db: Db,
  viewer: SessionUser,
  input: ActivityInput,
): Promise<Activity> {
  await requireManager(db, viewer, input.class_id);
  await checkReferences(db, input);
  const { activity_id, class_id, ...fields } = input;
  return runCommand(db, async ({ tx, announce: say }) => {
    const [existing] = await tx
      .select({ class_id: activities.class_id, deleted: activities.deleted })
      .from(activities)
      .where(eq(activities.activity_id, activity_id))
      .for('update');
    // Another class's id, or a deleted one of this class: the same answer (a create's id is taken).
    if (existing && (existing.class_id !== class_id || existing.deleted)) throw idTaken('activity');
    const [row] = existing
      ? await tx
          .update(activities)
          .set({ ...fields, ...auditFields(viewer), version: nextVersion })
          .where(eq(activities.activity_id, activity_id))
          .returning()
      : await tx
          .insert(activities)
          .values({
            activity_id,
            class_id,
            ...fields,
            created_by: viewer.uid,
            ...auditFields(viewer),
            version: nextVersion,
          })
          .returning();
    if (!row) throw new Error('write returned nothing');
    say(announce(class_id, activity_id));
    // Its product (and so its prices) may have changed: the staff's AI watch follows.
    await watchChanged(tx, say, class_id, activity_id);
    return presentActivity(row);
  });
}

/** Enables or disables an activity (students see enabled ones only). */
export async function activityEnabledSetter(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; activity_id: string },
  enabled: boolean,
): Promise<Activity> {
  await requireManager(db, viewer, ref.class_id);
  return runCommand(db, async ({ tx, announce: say }) => {
    const [row] = await tx
      .update(activities)
      .set({ enabled, ...auditFields(viewer), version: nextVersion })
      .where(
        and(
          eq(activities.activity_id, ref.activity_id),
          eq(activities.class_id, ref.class_id),
          eq(activities.deleted, false),
        ),
      )
      .returning();
    if (!row) throw notFound('Activity');
    say(announce(ref.class_id, ref.activity_id));
    announcePhaseRules(say, row);
    return presentActivity(row);
  });
}

/** Deletes an activity: pending_deleted with the audit fields, then the soft delete (SPEC §4). */
export async function activityDeleter(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; activity_id: string },
): Promise<void> {
  await requireManager(db, viewer, ref.class_id);
  await runCommand(db, async ({ tx, announce: say }) => {
    const [row] = await tx
      .update(activities)
      .set({ pending_deleted: true, deleted: true, ...auditFields(viewer), version: nextVersion })
      .where(
        and(
          eq(activities.activity_id, ref.activity_id),
          eq(activities.class_id, ref.class_id),
          eq(activities.deleted, false),
        ),
      )
      .returning();
    if (!row) throw notFound('Activity');
    say(announce(ref.class_id, ref.activity_id));
    // Gone from the staff's AI watch too (its load no longer finds it: a remove).
    say({ topic: watchTopic, key: ref.class_id, ids: [ref.activity_id] });
    announcePhaseRules(say, row);
  });
}

/**
 * Sets one agent's mode in an activity (docs/ai.md#modes): an instructor pauses it, or lets it answer
 * on mentions or on every student message. The agent must be one of the activity's product's.
 */
export async function activityAgentModeSetter(
  db: Db,
  viewer: SessionUser,
  input: ActivityAgentModeInput,
): Promise<Activity> {
  await requireManager(db, viewer, input.class_id);
  return runCommand(db, async ({ tx, announce: say }) => {
    const [current] = await tx
      .select({ refs: products.ai_agent_refs })
      .from(activities)
      .innerJoin(products, eq(products.product_id, activities.product_id))
      .where(
        and(
          eq(activities.activity_id, input.activity_id),
          eq(activities.class_id, input.class_id),
          eq(activities.deleted, false),
        ),
      )
      .for('update', { of: activities });
    if (!current) throw notFound('Activity');
    if (!current.refs.includes(input.agent))
      throw new DomainError({
        code: 'BAD_REQUEST',
        message: `${input.agent} is not an agent of this activity's AI product.`,
      });
    const [row] = await tx
      .update(activities)
      .set({
        ai_agent_modes: sql`${activities.ai_agent_modes} || jsonb_build_object(${input.agent}::text, ${input.mode}::text)`,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .where(eq(activities.activity_id, input.activity_id))
      .returning();
    if (!row) throw notFound('Activity');
    say(announce(input.class_id, input.activity_id));
    return presentActivity(row);
  });
}

/** Sets an activity's agent budget (answers, tokens; null: no limit). Instructors and class admins. */
export async function activityAgentBudgetSetter(
  db: Db,
  viewer: SessionUser,
  input: ActivityAgentBudgetInput,
): Promise<Activity> {
  await requireManager(db, viewer, input.class_id);
  return runCommand(db, async ({ tx, announce: say }) => {
    const [row] = await tx
      .update(activities)
      .set({
        ai_budget_answers: input.answers,
        ai_budget_tokens: input.tokens,
        // A new budget gets its own 80 % warning (docs/ai.md#the-spend-as-it-happens).
        ai_spend_warned_at: null,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .where(
        and(
          eq(activities.activity_id, input.activity_id),
          eq(activities.class_id, input.class_id),
          eq(activities.deleted, false),
        ),
      )
      .returning();
    if (!row) throw notFound('Activity');
    say(announce(input.class_id, input.activity_id));
    await watchChanged(tx, say, input.class_id, input.activity_id);
    return presentActivity(row);
  });
}

/**
 * Sets an activity's per-student agent limits and schedule (docs/ai.md#limits-and-schedules).
 * Instructors and class admins; the input is checked whole first, so bad input changes nothing.
 */
export async function activityAgentLimitsSetter(
  db: Db,
  viewer: SessionUser,
  input: ActivityAgentLimitsInput,
): Promise<Activity> {
  await requireManager(db, viewer, input.class_id);
  return runCommand(db, async ({ tx, announce: say }) => {
    const [row] = await tx
      .update(activities)
      .set({ ai_limits: input.limits, ...auditFields(viewer), version: nextVersion })
      .where(
        and(
          eq(activities.activity_id, input.activity_id),
          eq(activities.class_id, input.class_id),
          eq(activities.deleted, false),
        ),
      )
      .returning();
    if (!row) throw notFound('Activity');
    say(announce(input.class_id, input.activity_id));
    return presentActivity(row);
  });
}

/**
 * Sets how an activity's LLM agents behave (docs/ai.md#tutor-modes): a mode at its template's
 * latest version, and the instructor's own instructions for `custom`; null: the product's own.
 * Instructors and class admins.
 */
export async function activityTutorSetter(
  db: Db,
  viewer: SessionUser,
  input: ActivityTutorInput,
): Promise<Activity> {
  await requireManager(db, viewer, input.class_id);
  const tutor = input.tutor
    ? {
        mode: input.tutor.mode,
        version: currentTutorVersion(input.tutor.mode),
        custom: input.tutor.mode === 'custom' ? input.tutor.custom : null,
      }
    : null;
  return runCommand(db, async ({ tx, announce: say }) => {
    const [row] = await tx
      .update(activities)
      .set({ ai_tutor: tutor, ...auditFields(viewer), version: nextVersion })
      .where(
        and(
          eq(activities.activity_id, input.activity_id),
          eq(activities.class_id, input.class_id),
          eq(activities.deleted, false),
        ),
      )
      .returning();
    if (!row) throw notFound('Activity');
    say(announce(input.class_id, input.activity_id));
    return presentActivity(row);
  });
}

/** An activity's agent usage per person and in all, with its budget. Instructors and class admins. */
export async function activityUsageReader(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; activity_id: string },
): Promise<ActivityAgentUsage> {
  await requireManager(db, viewer, ref.class_id);
  const [row] = await db
    .select({ answers: activities.ai_budget_answers, tokens: activities.ai_budget_tokens })
    .from(activities)
    .where(
      and(
        eq(activities.activity_id, ref.activity_id),
        eq(activities.class_id, ref.class_id),
        eq(activities.deleted, false),
      ),
    );
  if (!row) throw notFound('Activity');
  return activityUsage(db, ref.activity_id, row);
}

/**
 * An activity's exchanges with its agents (question, answer, time, usage), optionally one person's:
 * the instructor's review. Instructors and class admins.
 */
export async function activityExchangesReader(
  db: Db,
  viewer: SessionUser,
  input: { class_id: string; activity_id: string; author_uid?: string | undefined },
): Promise<AgentExchange[]> {
  await requireManager(db, viewer, input.class_id);
  const [row] = await db
    .select({ id: activities.activity_id })
    .from(activities)
    .where(
      and(
        eq(activities.activity_id, input.activity_id),
        eq(activities.class_id, input.class_id),
        eq(activities.deleted, false),
      ),
    );
  if (!row) throw notFound('Activity');
  return activityExchanges(db, input.activity_id, input.author_uid ?? null);
}
