// Docs: docs/activities.md#anonymity — an anonymous activity: the write that switches it on (never
// off), the pseudonym a student gets in it (numbered in the order they first need one, under the
// case channel's row lock like the send statement), and the reads the other paths use to show
// pseudonyms to students.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  anonymityRefusal,
  anonymityRefusalMessage,
  pseudonymKey,
  pseudonymLabel,
  type Activity,
  type ActivityAnonymousInput,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireClassAccess } from '../classes/access';
import { requireAllowed } from '../classes/policies';
import { queryRows, type Db } from '../db/client';
import { activities, activityPseudonyms, channels } from '../db/schema';
import { nextVersion, runCommand, type Tx } from '../live/commands';
import { accessSignal } from '../live/signals';

import { activitiesTopic } from './live';
import { presentActivity } from './presenters';
import { DomainError, notFound } from '../errors';

/**
 * Makes an activity anonymous (instructors and class admins). Only before its first phase starts
 * and only once: CONFLICT with the reason otherwise, and nothing changes. Its case channel's live
 * queries re-check their access, so students' streams switch to the pseudonymous lens.
 */
export async function activityAnonymousSetter(
  db: Db,
  viewer: SessionUser,
  input: ActivityAnonymousInput,
): Promise<Activity> {
  await requireAllowed(db, viewer, input.class_id, 'activities.manage');
  return runCommand(db, async ({ tx, announce }) => {
    const [current] = await tx
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.activity_id, input.activity_id),
          eq(activities.class_id, input.class_id),
          eq(activities.deleted, false),
        ),
      )
      .for('update');
    if (!current) throw notFound('Activity');
    const refusal = anonymityRefusal(current);
    if (refusal !== null)
      throw new DomainError({ code: 'CONFLICT', message: anonymityRefusalMessage(refusal) });
    const [row] = await tx
      .update(activities)
      .set({
        anonymous: true,
        updated_at: new Date(),
        updated_by: viewer.uid,
        updated_by_name: viewer.displayName,
        version: nextVersion,
      })
      .where(eq(activities.activity_id, input.activity_id))
      .returning();
    if (!row) throw notFound('Activity');
    announce({ topic: activitiesTopic, key: row.class_id, ids: [row.activity_id] });
    if (row.channel_id) announce({ topic: accessSignal, key: row.class_id, ids: [row.channel_id] });
    return presentActivity(row);
  });
}

/** The anonymous activity whose case channel `channelId` is, or null (one read). */
export async function anonymousActivityOf(
  db: Db | Tx,
  classId: string,
  channelId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: activities.activity_id })
    .from(activities)
    .where(
      and(
        eq(activities.channel_id, channelId),
        eq(activities.class_id, classId),
        eq(activities.anonymous, true),
      ),
    )
    .orderBy(activities.activity_id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * The student's pseudonym number in the activity, handed out if they have none yet: the channel's
 * next (`channels.pseudonym_seq`, under the channel row's lock — the lock the send statement holds
 * while it numbers first posts, so the two never hand out the same number).
 */
export async function ensurePseudonym(
  tx: Tx,
  activityId: string,
  channelId: string,
  uid: string,
): Promise<number> {
  const [locked] = await tx
    .select({ next: channels.pseudonym_seq })
    .from(channels)
    .where(eq(channels.channel_id, channelId))
    .for('update');
  const [existing] = await tx
    .select({ number: activityPseudonyms.number })
    .from(activityPseudonyms)
    .where(and(eq(activityPseudonyms.activity_id, activityId), eq(activityPseudonyms.uid, uid)));
  if (existing) return existing.number;
  if (!locked) throw notFound('Channel');
  const number = locked.next + 1;
  await tx.insert(activityPseudonyms).values({ activity_id: activityId, uid, number });
  await tx
    .update(channels)
    .set({ pseudonym_seq: number })
    .where(eq(channels.channel_id, channelId));
  return number;
}

/** Pseudonym numbers of these people in the activity (those who have one). */
export async function pseudonymsOf(
  db: Db | Tx,
  activityId: string,
  uids: readonly string[],
): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: activityPseudonyms.uid, number: activityPseudonyms.number })
    .from(activityPseudonyms)
    .where(
      and(
        eq(activityPseudonyms.activity_id, activityId),
        inArray(activityPseudonyms.uid, [...uids]),
      ),
    );
  return new Map(rows.map((row) => [row.uid, row.number]));
}

/** The viewer's own pseudonym in an anonymous activity (a student's; null: none yet, or staff). */
export interface OwnPseudonym {
  number: number | null;
  key: string | null;
  label: string | null;
}

/**
 * `activities.pseudonym`: the viewer's own pseudonym in the activity, so the web can tell its own
 * posts ("You") among pseudonymous ones. A member who sees the activity; "Activity not found."
 * for anything else, as for a missing one.
 */
export async function ownPseudonymReader(
  db: Db,
  viewer: SessionUser,
  input: ActivityAnonymousInput,
): Promise<OwnPseudonym> {
  const access = await requireClassAccess(db, viewer.uid, input.class_id);
  const staff = access.role === 'instructor' || access.role === 'admin';
  const [row] = await queryRows<{ number: number | null }>(
    db,
    sql`select (select p.number from activity_pseudonyms p
        where p.activity_id = a.activity_id and p.uid = ${viewer.uid}) as number
      from activities a
      where a.activity_id = ${input.activity_id} and a.class_id = ${input.class_id}
        and not a.deleted and (a.enabled or ${staff})`,
  );
  if (!row) throw notFound('Activity');
  const number = row.number === null ? null : Number(row.number);
  return {
    number,
    key: number === null ? null : pseudonymKey(input.activity_id, number),
    label: number === null ? null : pseudonymLabel(number),
  };
}

/** The anonymous activity whose case channel `channelId` is (any class), or null (one read). */
export async function anonymousActivityOfChannel(
  db: Db,
  channelId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: activities.activity_id })
    .from(activities)
    .where(and(eq(activities.channel_id, channelId), eq(activities.anonymous, true)))
    .limit(1);
  return row?.id ?? null;
}
