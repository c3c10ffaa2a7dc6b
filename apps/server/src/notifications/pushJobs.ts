// Docs: docs/channels.md#web-push — the statements of Web Push: turning a new message into one job
// per subscription of each person it should reach, claiming a job under a lease (the digests'
// mechanism, docs/channels.md#exactly-once), reading what a push says, closing it.
import { sql } from 'drizzle-orm';
import { ONLINE_WINDOW_MS, type NotifyLevel } from '@seminar/shared';
import { channelVisibleSql } from '../channels/access';
import { queryRows, type Db } from '../db/client';
import { hiddenByPhaseSql, messageColumns } from '../messages/phaseAccess';
import { STAFF_ROLES_SQL, rolesLateral } from './jobs';

/**
 * Whether person `uid` may still be pushed message `mm` of channel `c` (`u`: the person, `s`: their
 * settings, `rl`: their roles), the level aside: the message stands, the account is enabled, they
 * can see the channel (SPEC §4), the class is not muted and they have not read past it.
 */
function pushableSql(uid: string): string {
  return `(not mm.deleted and not u.disabled
    and ${channelVisibleSql({
      deleted: 'c.deleted',
      enabled: 'c.enabled',
      isPublic: 'c.is_public',
      channelGroup: 'c.channel_group',
      roles: 'rl.roles',
      enrolled: `exists (select 1 from channel_users cu where cu.channel_id = c.channel_id
        and cu.uid = ${uid} and cu.enabled and not cu.deleted)`,
      email: 'u.email',
    })}
    and not (c.class_id = any(coalesce(s.muted_class_ids, '{}'::text[])))
    and coalesce((select r.last_read_seq from channel_reads r
      where r.channel_id = c.channel_id and r.uid = ${uid}), 0) < mm.seq)`;
}

/** The person's level for the message's channel (the channel's Notifications menu; none: all). */
function levelSql(uid: string): string {
  return `coalesce((select cs.notify from channel_settings cs
    where cs.channel_id = mm.channel_id and cs.uid = ${uid}), 'all')`;
}

/**
 * Whether the person has a visible tab: the chat says `user_online` every ONLINE_WINDOW_MS while a
 * tab is visible (and stops when it is hidden), so a notice younger than twice that window means a
 * tab in front of them — the same test as the cold call's "online" (docs/channels.md#typing-and-online).
 */
export function visibleTabSql(uid: string): string {
  return `exists (select 1 from channel_notifications n where n.from_uid = ${uid}
    and n.type = 'user_online' and not n.deleted
    and n.created_at > now() - ${2 * ONLINE_WINDOW_MS} * interval '1 millisecond')`;
}

/**
 * Turns up to `limit` new messages into push jobs: for each subscription of each other member of
 * the class who may be pushed it (`pushKind`'s rule in SQL: a mention or `@channel` unless the
 * level is `none`, any other message only at `all`), one job; then deletes the events — one
 * transaction, so a node that dies midway leaves them to another. Returns the events taken.
 */
export async function expandPushEvents(db: Db, limit: number): Promise<number> {
  const rows = await queryRows<{ events: number | string }>(
    db,
    sql.raw(`with ev as (
        select message_id from push_events order by created_at, message_id
        limit ${Math.floor(limit)} for update skip locked
      ),
      candidates as (
        select mm.id as message_id, ps.id as subscription_id, ps.uid,
          (mm.mentions_channel or ps.uid = any(mm.mentions)) as mentioned,
          ${levelSql('ps.uid')} as level
        from ev join messages mm on mm.id = ev.message_id
        join channels c on c.channel_id = mm.channel_id
        -- From the class's members to their subscriptions (by uid), not the other way: the cost
        -- follows the class, not every subscription of the installation.
        cross join lateral (select distinct cm.uid from class_memberships cm
          where cm.class_id = mm.class_id and cm.uid <> mm.author_uid) member
        join push_subscriptions ps on ps.uid = member.uid
        join users u on u.id = ps.uid
        left join notification_settings s on s.uid = ps.uid
        ${rolesLateral('ps.uid')}
        where ${pushableSql('ps.uid')}
      ),
      jobs as (
        insert into push_jobs (subscription_id, message_id, uid, kind)
        select subscription_id, message_id, uid,
          case when mentioned then 'mention' else 'message' end
        from candidates where level <> 'none' and (mentioned or level = 'all')
        on conflict (subscription_id, message_id) do nothing
        returning 1
      ),
      gone as (
        delete from push_events e using ev where e.message_id = ev.message_id
        returning e.message_id
      )
      select (select count(*) from gone) as events, (select count(*) from jobs) as jobs`),
  );
  return Number(rows[0]?.events ?? 0);
}

/** A push job as its claimer holds it. */
export interface ClaimedPush {
  subscription_id: string;
  /** The message's id, or a flag's key (`flag/<AI job id>`, flagPushes.ts). */
  message_id: string;
  uid: string;
  kind: 'mention' | 'message' | 'ai_flag';
  /** Claims so far, this one included. */
  attempts: number;
}

/**
 * Claims the push that has waited longest: queued and due, or running under a lease that ran out
 * (its node died mid-send). One statement; every other claimer skips the locked row.
 */
export async function claimPush(
  db: Db,
  worker: string,
  leaseMs: number,
): Promise<ClaimedPush | null> {
  const rows = await queryRows<ClaimedPush & { attempts: number | string }>(
    db,
    sql`with next as (
        select subscription_id, message_id from push_jobs
        where due_at <= now() and (status = 'queued' or lease_until < now())
        order by due_at, subscription_id, message_id
        limit 1
        for update skip locked
      )
      update push_jobs j set status = 'running', attempts = j.attempts + 1,
        worker = ${worker}, lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
        updated_at = now()
      from next where j.subscription_id = next.subscription_id and j.message_id = next.message_id
      returning j.subscription_id, j.message_id, j.uid, j.kind, j.attempts`,
  );
  const row = rows[0];
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

/** Where a push goes (the subscription's endpoint and keys) and the channel it is about. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
  class_id: string;
  channel_id: string;
  channel_name: string;
}

/** What one push needs: where to send it, what it says, and whether it is still worth sending. */
export interface PushDetails extends PushTarget {
  seq: number;
  body: string;
  author_uid: string;
  author_name: string;
  /** The author's pseudonym in an anonymous case channel (docs/activities.md#anonymity), or null. */
  pseudonym: number | null;
  /** Whether the person pushed to is staff of the class (staff get names, students pseudonyms). */
  recipient_staff: boolean;
  mentioned: boolean;
  level: NotifyLevel;
  /** Still worth telling (standing, visible, not muted, not read, not hidden by a phase). */
  reachable: boolean;
  /** The person has a visible tab: they need no push. */
  visible_tab: boolean;
}

/** The job's subscription and message as they are now; null when either is gone. */
export async function readPush(db: Db, job: ClaimedPush): Promise<PushDetails | null> {
  const uid = job.uid;
  const rows = await queryRows<PushDetails & { seq: number | string }>(
    db,
    sql`select ps.endpoint, ps.p256dh, ps.auth, mm.class_id, mm.channel_id,
        c.name as channel_name, mm.seq, mm.body, mm.author_uid, mm.author_name,
        mm.pseudonym, coalesce(${sql.raw(STAFF_ROLES_SQL)}, false) as recipient_staff,
        (mm.mentions_channel or ${uid} = any(mm.mentions)) as mentioned,
        ${sql.raw(levelSql('ps.uid'))} as level,
        (${sql.raw(pushableSql('ps.uid'))}
          and not ${hiddenByPhaseSql(messageColumns('mm'), uid, STAFF_ROLES_SQL)}) as reachable,
        ${sql.raw(visibleTabSql('ps.uid'))} as visible_tab
      from push_subscriptions ps
      join messages mm on mm.id = ${job.message_id}
      join channels c on c.channel_id = mm.channel_id
      join users u on u.id = ps.uid
      left join notification_settings s on s.uid = ps.uid
      ${sql.raw(rolesLateral('ps.uid'))}
      where ps.id = ${job.subscription_id} and ps.uid = ${uid}`,
  );
  const row = rows[0];
  return row
    ? {
        ...row,
        seq: Number(row.seq),
        pseudonym: row.pseudonym === null ? null : Number(row.pseudonym),
        recipient_staff:
          row.recipient_staff === true || String(row.recipient_staff as unknown) === 't',
      }
    : null;
}

/**
 * Closes a push this worker holds (sent, or not worth sending). False when the worker no longer
 * held it (its lease ran out and another node took it): then nothing changes.
 */
export async function finishPush(db: Db, job: ClaimedPush, worker: string): Promise<boolean> {
  const rows = await queryRows<{ message_id: string }>(
    db,
    sql`delete from push_jobs where subscription_id = ${job.subscription_id}
      and message_id = ${job.message_id} and worker = ${worker} and status = 'running'
      returning message_id`,
  );
  return rows.length > 0;
}

/** A send that failed: the job waits `backoffMs` and is tried again (its lease is let go). */
export async function retryPushLater(
  db: Db,
  job: ClaimedPush,
  worker: string,
  backoffMs: number,
): Promise<void> {
  await db.execute(
    sql`update push_jobs set status = 'queued', worker = null, lease_until = null,
      due_at = now() + make_interval(secs => ${backoffMs / 1000}), updated_at = now()
      where subscription_id = ${job.subscription_id} and message_id = ${job.message_id}
        and worker = ${worker} and status = 'running'`,
  );
}

/** Drops one push (its sends kept failing). */
export async function dropPush(db: Db, job: ClaimedPush): Promise<void> {
  await db.execute(
    sql`delete from push_jobs where subscription_id = ${job.subscription_id}
      and message_id = ${job.message_id}`,
  );
}

/** The push service says the subscription is gone (404/410): it and its jobs go. */
export async function deleteSubscription(db: Db, subscriptionId: string): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where id = ${subscriptionId}`);
}

/** Hands back every push `worker` holds (a draining node out of time), the claim not counted. */
export async function releasePushes(db: Db, worker: string): Promise<number> {
  const rows = await queryRows<{ message_id: string }>(
    db,
    sql`update push_jobs set status = 'queued', worker = null, lease_until = null,
        attempts = greatest(attempts - 1, 0), updated_at = now()
      where worker = ${worker} and status = 'running' returning message_id`,
  );
  return rows.length;
}
