// Docs: docs/phases.md#enforcement — the phase rules of packages/shared/src/phases.ts applied to
// messages on the server: one SQL condition for every read that filters many rows (snapshots,
// pages, ranges, search, single-message checks) and, for the live stream, what a subscriber's
// access carries so each delivery is judged without a read (messages/live.ts lens and shape).
import { sql, type SQL } from 'drizzle-orm';
import {
  canSeeCasePost,
  pseudonymizeMessage,
  type Message,
  type PhaseInForce,
  type PhaseKind,
  type PhaseViewer,
  type Role,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireChannelAccess, type ChannelAccess } from '../channels/access';
import { ACTIVE_MEMBERSHIP_SQL } from '../classes/access';
import { queryRows, type Db } from '../db/client';

/** Staff in the rules: instructors and class admins. */
export const isStaffRole = (role: Role) => role === 'instructor' || role === 'admin';

/** The active-membership rule over the aliases `sm`/`sk` (not to clash with the caller's `m`). */
const STAFF_MEMBERSHIP_SQL = ACTIVE_MEMBERSHIP_SQL.replace(/\bm\./g, 'sm.').replace(
  /\bk\./g,
  'sk.',
);

/** The SQL expressions of the message row the condition reads. */
export interface MessageColumns {
  classId: string;
  channelId: string;
  seq: string;
  author: string;
  ai: string;
}

/** `messages` under alias `alias`. */
export const messageColumns = (alias: string): MessageColumns => ({
  classId: `${alias}.class_id`,
  channelId: `${alias}.channel_id`,
  seq: `${alias}.seq`,
  author: `${alias}.author_uid`,
  ai: `${alias}.ai`,
});

/**
 * True when a post-first phase hides the message from the viewer (`canSeeCasePost` in SQL): the
 * message's channel is the case channel of an activity whose phase in force is post-first, the
 * message was posted in that phase by a student other than the viewer (not staff, not an agent),
 * and the viewer has not posted in the phase. `staff`: the viewer is staff (then nothing is hidden),
 * or an SQL condition saying so (a statement over many viewers' roles). `revealByPosting: false`
 * judges as if the viewer had not posted (an agent's context: its answer is seen by everyone).
 */
export function hiddenByPhaseSql(
  m: MessageColumns,
  viewerUid: string,
  staff: boolean | string,
  { revealByPosting = true }: { revealByPosting?: boolean } = {},
): SQL {
  if (staff === true) return sql`false`;
  const revealed = revealByPosting
    ? sql`and not exists (select 1 from messages pm where pm.channel_id = pa.channel_id
          and pm.author_uid = ${viewerUid} and pm.seq > pa.phase_start_seq)`
    : sql``;
  const notStaff = staff === false ? sql`` : sql`not (${sql.raw(staff)}) and `;
  return sql`(${notStaff}${sql.raw(m.ai)} is null and ${sql.raw(m.author)} <> ${viewerUid}
    and exists (select 1 from activities pa
      where pa.channel_id = ${sql.raw(m.channelId)} and pa.class_id = ${sql.raw(m.classId)}
        and not pa.deleted and pa.enabled and pa.phase_state in ('running', 'overtime')
        and pa.phases -> pa.phase_index ->> 'kind' = 'individual_post_first'
        and ${sql.raw(m.seq)} > pa.phase_start_seq
        ${revealed}
        and not exists (select 1 from class_memberships sm join classes sk on sk.class_id = sm.class_id
          where sm.class_id = pa.class_id and sm.uid = ${sql.raw(m.author)}
            and sm.role in ('instructor', 'admin') and ${sql.raw(STAFF_MEMBERSHIP_SQL)})))`;
}

/**
 * A lateral subquery: the post-first phase in force in the case channel `channelId` (an SQL
 * expression) — `start_seq`, and `posts`: how many posts of that phase a student who has not posted
 * cannot see (those of students: not staff of the class, not agents; deleted ones too, since
 * unread counts are counts of seqs). No row when no post-first phase is in force: then it costs one
 * probe of activities_channel_id_idx; with one, a count over the phase's seqs of the channel
 * (messages' (channel, seq) key). The condition is `hiddenByPhaseSql`'s for a viewer who has not
 * posted in the phase (channels/unreadHidden.ts, docs/phases.md#unread-counts).
 */
export function postFirstPhaseSql(channelId: string, classId: string): SQL {
  return sql`select a.phase_start_seq as start_seq,
      (select count(*) from messages sp where sp.channel_id = a.channel_id
        and sp.seq > a.phase_start_seq and sp.ai is null
        and not exists (select 1 from class_memberships sm join classes sk on sk.class_id = sm.class_id
          where sm.class_id = a.class_id and sm.uid = sp.author_uid
            and sm.role in ('instructor', 'admin') and ${sql.raw(STAFF_MEMBERSHIP_SQL)})) as posts
    from activities a
    where a.channel_id = ${sql.raw(channelId)} and a.class_id = ${sql.raw(classId)}
      and not a.deleted and a.enabled and a.phase_state in ('running', 'overtime')
      and a.phases -> a.phase_index ->> 'kind' = 'individual_post_first'
    order by a.phase_started_at desc limit 1`;
}

/** A viewer's access to a channel's messages: the channel, and the phase in force there. */
export interface MessageAccess extends ChannelAccess {
  uid: string;
  staff: boolean;
  /** The phase in force when the channel is an activity's case channel (null: none). */
  phase: PhaseInForce | null;
  /** Has the viewer posted in that phase (read once: at subscribe and on every access re-check). */
  posted: boolean;
  /** The class's staff (their posts are never hidden); only read when a phase may hide posts. */
  staffUids: ReadonlySet<string>;
  /**
   * The activity when the channel is the case channel of an anonymous one (docs/activities.md#
   * anonymity): a student viewer then gets every pseudonymous post pseudonymized. Null otherwise.
   */
  anonymousActivityId: string | null;
}

interface PhaseRow {
  anonymous_activity_id: string | null;
  kind: PhaseKind | null;
  phase_start_seq: number | string;
  posted: boolean;
  staff_uids: string[] | null;
}

/**
 * The channel access plus the phase in force (one more read, per subscribe or per page — never per
 * delivery). NOT_FOUND as `requireChannelAccess`.
 */
export async function requireMessageAccess(
  db: Db,
  viewer: SessionUser,
  classId: string,
  channelId: string,
): Promise<MessageAccess> {
  const access = await requireChannelAccess(db, viewer, classId, channelId);
  const staff = isStaffRole(access.role);
  // One row: the phase in force (if any) and the anonymous activity of the channel (if any; an
  // anonymous activity's pseudonyms hold even while it is disabled or deleted: they never go).
  const [row] = await queryRows<PhaseRow>(
    db,
    sql`select an.activity_id as anonymous_activity_id, a.kind, a.phase_start_seq, a.posted,
      case when an.activity_id is not null then array(select sm.uid from class_memberships sm
          join classes sk on sk.class_id = sm.class_id
          where sm.class_id = ${classId} and sm.role in ('instructor', 'admin')
            and ${sql.raw(STAFF_MEMBERSHIP_SQL)})
        else a.staff_uids end as staff_uids
    from (select 1) one
    left join lateral (select an.activity_id from activities an where an.channel_id = ${channelId}
        and an.class_id = ${classId} and an.anonymous order by an.activity_id limit 1) an on true
    left join lateral (
      select a.phases -> a.phase_index ->> 'kind' as kind, a.phase_start_seq,
        exists (select 1 from messages pm where pm.channel_id = a.channel_id
          and pm.author_uid = ${viewer.uid} and pm.seq > a.phase_start_seq) as posted,
        array(select sm.uid from class_memberships sm join classes sk on sk.class_id = sm.class_id
          where sm.class_id = a.class_id and sm.role in ('instructor', 'admin')
            and ${sql.raw(STAFF_MEMBERSHIP_SQL)}) as staff_uids
      from activities a
      where a.channel_id = ${channelId} and a.class_id = ${classId} and not a.deleted and a.enabled
        and a.phase_state in ('running', 'overtime')
      order by a.phase_started_at desc limit 1) a on true`,
  );
  const phase =
    row?.kind != null ? { kind: row.kind, startSeq: Number(row.phase_start_seq) } : null;
  return {
    ...access,
    uid: viewer.uid,
    staff,
    phase,
    posted: row?.posted ?? false,
    staffUids: new Set(row?.staff_uids ?? []),
    anonymousActivityId: row?.anonymous_activity_id ?? null,
  };
}

/** Does this viewer get pseudonyms in this channel (a student in an anonymous case channel)? */
export const pseudonymsFor = (access: MessageAccess): string | null =>
  access.staff ? null : access.anonymousActivityId;

/** A message as this viewer may see its author (docs/activities.md#anonymity); no read. */
export function messageFor(access: MessageAccess, message: Message): Message {
  const activityId = pseudonymsFor(access);
  return activityId === null ? message : pseudonymizeMessage(message, activityId);
}

/** The viewer as the shared rules see them. */
export const phaseViewerOf = (access: MessageAccess): PhaseViewer => ({
  uid: access.uid,
  staff: access.staff,
  posted: access.posted,
});

/** May this viewer see this message (judged from the access alone: no read)? */
export function messageVisibleTo(access: MessageAccess, row: Message): boolean {
  return canSeeCasePost(access.phase, phaseViewerOf(access), {
    author_uid: row.author_uid,
    author_staff: row.ai !== null || access.staffUids.has(row.author_uid),
    seq: row.seq,
  });
}

/** Is the message with `id` hidden from the viewer by a phase? (one read: a single-message check) */
export async function isHiddenByPhase(
  db: Db,
  viewer: SessionUser,
  role: Role,
  id: string,
): Promise<boolean> {
  if (isStaffRole(role)) return false;
  const [row] = await queryRows<{ hidden: boolean }>(
    db,
    sql`select ${hiddenByPhaseSql(messageColumns('hm'), viewer.uid, false)} as hidden
      from messages hm where hm.id = ${id}`,
  );
  return row?.hidden ?? false;
}
