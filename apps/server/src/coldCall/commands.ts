// Docs: docs/polls.md#cold-call — spotlighting a student in a channel (by name, or "Pick someone":
// weighted at random among the students online), and clearing it. A student's own post clears it
// too, in the post's statement (the trigger of migration 0014).
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  canColdCall,
  ONLINE_WINDOW_MS,
  weightedPick,
  type SpotlightInput,
  type SpotlightView,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { channelVisibleSql, requireChannelAccess } from '../channels/access';
import { activeRolesArraySql } from '../classes/access';
import { queryRows, type Db } from '../db/client';
import { spotlights } from '../db/schema';
import { anonymousActivityOf, ensurePseudonym } from '../activities/anonymity';
import { auditFields, nextVersion, runCommand, type CommandScope } from '../live/commands';

import { loadSpotlights, mySpotlightsKey, mySpotlightsTopic, spotlightTopic } from './live';
import { presentSpotlight } from './presenters';
import { DomainError, forbidden } from '../errors';

const STAFF_ONLY = 'Only instructors and class admins can cold-call.';

interface Candidate {
  uid: string;
  posts: number;
  online: boolean;
}

/**
 * The students who may be spotlighted in a channel: active students of the class (and nothing
 * more: staff are not cold-called) who can see the channel (SPEC §4, the same rule as the send
 * path), with their posts in it and whether they are online in the class (an online notice newer
 * than twice the online window, in any channel of the class). `uid`: only that person.
 */
async function candidates(
  db: Db,
  ref: { class_id: string; channel_id: string },
  uid?: string,
): Promise<Candidate[]> {
  const rows = await queryRows<{ uid: string; posts: number | string; online: boolean }>(
    db,
    sql`select s.uid,
        (select count(*) from messages x where x.channel_id = c.channel_id and x.author_uid = s.uid
          and not x.deleted) as posts,
        exists (select 1 from channel_notifications n where n.class_id = c.class_id
          and n.from_uid = s.uid and n.type = 'user_online' and not n.deleted
          and n.created_at > now() - ${2 * ONLINE_WINDOW_MS} * interval '1 millisecond') as online
      from channels c
      join lateral (
        select u.id as uid, u.email, u.email_verified,
          ${sql.raw(activeRolesArraySql('c.class_id', 'u.id'))} as roles
        from users u
        where exists (select 1 from class_memberships m where m.class_id = c.class_id
          and m.uid = u.id and m.role = 'student')
          ${uid === undefined ? sql`` : sql`and u.id = ${uid}`}
      ) s on true
      where c.channel_id = ${ref.channel_id} and c.class_id = ${ref.class_id}
        and s.roles = array['student']::text[]
        and ${sql.raw(
          channelVisibleSql({
            deleted: 'c.deleted',
            enabled: 'c.enabled',
            isPublic: 'c.is_public',
            channelGroup: 'c.channel_group',
            roles: 's.roles',
            enrolled: `exists (select 1 from channel_users cu where cu.channel_id = c.channel_id
              and cu.uid = s.uid and cu.enabled and not cu.deleted)`,
            email: 'case when s.email_verified then s.email end',
          }),
        )}`,
  );
  return rows.map((row) => ({
    uid: row.uid,
    posts: Number(row.posts),
    online: row.online === true || String(row.online) === 't',
  }));
}

function announceSpotlight(
  announce: CommandScope['announce'],
  channelId: string,
  ...uids: Array<string | undefined>
) {
  announce({ topic: spotlightTopic, key: channelId, ids: [channelId] });
  for (const uid of new Set(uids))
    if (uid) announce({ topic: mySpotlightsTopic, key: mySpotlightsKey(uid), ids: [channelId] });
}

/**
 * Spotlights a student in a channel (instructors and class admins): the one named by `uid`, who
 * must be a student of the class who can see the channel, or — no uid — one picked at random among
 * those online, weighted toward fewer posts in the channel (`weightedPick`). Replaces the channel's
 * spotlight.
 */
export async function spotlighter(
  db: Db,
  viewer: SessionUser,
  input: SpotlightInput,
  random: () => number = Math.random,
): Promise<SpotlightView> {
  const access = await requireChannelAccess(db, viewer, input.class_id, input.channel_id);
  if (!canColdCall(access.role)) throw forbidden(STAFF_ONLY);
  let uid: string;
  if (input.uid !== undefined) {
    const [found] = await candidates(db, input, input.uid);
    if (!found)
      throw new DomainError({
        code: 'BAD_REQUEST',
        message: 'Only a student of the class who can see this channel can be cold-called.',
      });
    uid = found.uid;
  } else {
    const online = (await candidates(db, input)).filter((candidate) => candidate.online);
    const picked = weightedPick(online, random);
    if (!picked)
      throw new DomainError({
        code: 'PRECONDITION_FAILED',
        message: 'No student who can see this channel is online right now.',
      });
    uid = picked;
  }
  const how = input.uid === undefined ? 'random' : 'chosen';
  return runCommand(db, async ({ tx, announce }) => {
    // In an anonymous case channel the banner names the student by pseudonym to classmates: they
    // get one now if they have none yet (docs/activities.md#anonymity).
    const anonymous = await anonymousActivityOf(tx, input.class_id, input.channel_id);
    if (anonymous !== null) await ensurePseudonym(tx, anonymous, input.channel_id, uid);
    const [before] = await tx
      .select({ uid: spotlights.uid, cleared_at: spotlights.cleared_at })
      .from(spotlights)
      .where(eq(spotlights.channel_id, input.channel_id))
      .for('update');
    const audit = auditFields(viewer);
    await tx
      .insert(spotlights)
      .values({
        channel_id: input.channel_id,
        class_id: input.class_id,
        uid,
        how,
        created_by: viewer.uid,
        ...audit,
        version: nextVersion,
      })
      .onConflictDoUpdate({
        target: spotlights.channel_id,
        set: {
          uid,
          how,
          cleared_at: null,
          created_at: sql`now()`,
          created_by: viewer.uid,
          ...audit,
          version: nextVersion,
        },
      });
    announceSpotlight(announce, input.channel_id, uid, before?.uid);
    const [row] = await loadSpotlights(tx, { channelIds: [input.channel_id] });
    if (!row) throw new Error('the spotlight just written is missing');
    return presentSpotlight(row);
  });
}

/** Clears a channel's spotlight (instructors and class admins); clearing none changes nothing. */
export async function spotlightClearer(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; channel_id: string },
): Promise<void> {
  const access = await requireChannelAccess(db, viewer, ref.class_id, ref.channel_id);
  if (!canColdCall(access.role)) throw forbidden(STAFF_ONLY);
  await runCommand(db, async ({ tx, announce }) => {
    const cleared = await tx
      .update(spotlights)
      .set({ cleared_at: sql`now()`, ...auditFields(viewer), version: nextVersion })
      .where(and(eq(spotlights.channel_id, ref.channel_id), isNull(spotlights.cleared_at)))
      .returning({ uid: spotlights.uid });
    if (cleared[0]) announceSpotlight(announce, ref.channel_id, cleared[0].uid);
  });
}
