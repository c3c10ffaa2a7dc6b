// Docs: docs/channels.md#notifications — the statements of the missed-mention e-mails: turning a
// mention into the people it reaches, claiming one person's digest under a lease (the agents' jobs'
// mechanism, docs/ai.md#the-job-mechanism, on a table of its own), reading what it holds, closing it.
import { sql } from 'drizzle-orm';
import type { EmailDelay } from '@seminar/shared';
import { channelVisibleSql } from '../channels/access';
import { activeRolesArraySql } from '../classes/access';
import { queryRows, type Db } from '../db/client';
import { hiddenByPhaseSql, messageColumns } from '../messages/phaseAccess';

/** A person's delay as an SQL interval (null: e-mails off); `s` is their notification_settings row. */
const DELAY_SQL = `(case coalesce(s.email_delay, '10m') when '1h' then interval '1 hour'
  when '10m' then interval '10 minutes' end)`;

/**
 * Whether person `uid` may still be told of message `mm` in channel `c` (`m` and `k` are taken by
 * activeRolesArraySql): the
 * message stands, they can see the channel (SPEC §4, as the send statement judges it), the channel's
 * level for them is not `none`, the class is not muted, they have not read past it, and their
 * address is verified (DESIGN: no mail to an unverified address) and the account not disabled.
 */
function reachableSql(uid: string): string {
  return `(not mm.deleted and u.email_verified and not u.disabled
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
    and coalesce((select cs.notify from channel_settings cs
      where cs.channel_id = c.channel_id and cs.uid = ${uid}), 'all') <> 'none'
    and coalesce((select r.last_read_seq from channel_reads r
      where r.channel_id = c.channel_id and r.uid = ${uid}), 0) < mm.seq)`;
}

/**
 * Whether the person is staff in the message's class (from `rl.roles`): a post-first phase hides
 * a classmate's post from a student who has not posted, and a mail must not carry it either
 * (docs/phases.md#enforcement); staff see everything.
 */
export const STAFF_ROLES_SQL = `('instructor' = any(rl.roles) or 'admin' = any(rl.roles))`;

/** The person's active roles in the channel's class as `rl.roles` (the condition above reads it). */
export function rolesLateral(uid: string): string {
  return `cross join lateral (select ${activeRolesArraySql('c.class_id', uid)} as roles) rl`;
}

/**
 * Turns up to `limit` waiting mentions into the people they reach (a person mentioned, or every
 * member of the class for `@channel`; never the author; only those with e-mails on), each person's
 * digest job made or brought forward, and deletes the events — one transaction, so a node that dies
 * midway leaves them for another. Returns how many events it took (0: none waiting).
 */
export async function expandEvents(db: Db, limit: number): Promise<number> {
  const rows = await queryRows<{ events: number | string }>(
    db,
    sql.raw(`with ev as (
        select message_id from notification_events order by created_at, message_id
        limit ${Math.floor(limit)} for update skip locked
      ),
      candidates as (
        select m.id, m.class_id, m.channel_id, m.seq, m.created_at, x.uid
        from ev join messages m on m.id = ev.message_id
        cross join lateral (
          select unnest(m.mentions) as uid where not m.mentions_channel
          union
          select cm.uid from class_memberships cm where m.mentions_channel and cm.class_id = m.class_id
        ) x
        where x.uid <> m.author_uid
      ),
      reached as (
        select cand.*, cand.created_at + ${DELAY_SQL} as due_at
        from candidates cand
        join messages mm on mm.id = cand.id
        join channels c on c.channel_id = mm.channel_id
        join users u on u.id = cand.uid
        left join notification_settings s on s.uid = cand.uid
        ${rolesLateral('cand.uid')}
        where ${DELAY_SQL} is not null and ${reachableSql('cand.uid')}
      ),
      items as (
        insert into notification_items (uid, message_id, class_id, channel_id, seq, created_at)
        select uid, id, class_id, channel_id, seq, created_at from reached
        on conflict (uid, message_id) do nothing
        returning uid, message_id
      ),
      jobs as (
        insert into notification_jobs (uid, due_at)
        select r.uid, min(r.due_at) from reached r join items i on i.uid = r.uid and i.message_id = r.id
        group by r.uid
        on conflict (uid) do update set due_at = least(notification_jobs.due_at, excluded.due_at),
          updated_at = now()
        returning uid
      ),
      gone as (
        delete from notification_events e using ev where e.message_id = ev.message_id
        returning e.message_id
      )
      select (select count(*) from gone) as events, (select count(*) from jobs) as jobs`),
  );
  return Number(rows[0]?.events ?? 0);
}

/** A digest job as its claimer holds it. */
export interface ClaimedDigest {
  uid: string;
  /** Claims so far, this one included. */
  attempts: number;
}

/**
 * Claims the digest that has been due longest: queued and due, or running under a lease that ran
 * out (its node died mid-send). One statement; every other claimer skips the locked row.
 */
export async function claimDigest(
  db: Db,
  worker: string,
  leaseMs: number,
): Promise<ClaimedDigest | null> {
  const rows = await queryRows<{ uid: string; attempts: number | string }>(
    db,
    sql`with next as (
        select uid from notification_jobs
        where due_at <= now() and (status = 'queued' or lease_until < now())
        order by due_at, uid
        limit 1
        for update skip locked
      )
      update notification_jobs j set status = 'running', attempts = j.attempts + 1,
        worker = ${worker}, lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
        updated_at = now()
      from next where j.uid = next.uid
      returning j.uid, j.attempts`,
  );
  const row = rows[0];
  return row ? { uid: row.uid, attempts: Number(row.attempts) } : null;
}

/** One waiting mention of a digest, with what the mail says of it. */
export interface DigestEntry {
  message_id: string;
  class_id: string;
  class_name: string;
  channel_id: string;
  channel_name: string;
  seq: number;
  body: string;
  author_uid: string;
  author_name: string;
  /** The author's pseudonym in an anonymous case channel (docs/activities.md#anonymity), or null. */
  pseudonym: number | null;
  /** Whether the recipient is staff of the class (staff get names, students pseudonyms). */
  recipient_staff: boolean;
  created_at: Date;
  /** Still worth telling (not read, not deleted, still visible, not muted…). */
  reachable: boolean;
  /** Its delay has passed. */
  due: boolean;
}

/** The person a digest goes to. */
export interface DigestRecipient {
  email: string;
  name: string;
  email_delay: EmailDelay;
}

/** The person and every mention waiting for them, oldest first. */
export async function readDigest(
  db: Db,
  uid: string,
): Promise<{ recipient: DigestRecipient | null; entries: DigestEntry[] }> {
  const [recipient] = await queryRows<DigestRecipient>(
    db,
    sql`select u.email, u.name, coalesce(s.email_delay, '10m') as email_delay
      from users u left join notification_settings s on s.uid = u.id where u.id = ${uid}`,
  );
  const entries = await queryRows<
    DigestEntry & { seq: number | string; created_at: Date | string }
  >(
    db,
    sql`select i.message_id, mm.class_id, k.name as class_name, mm.channel_id,
        c.name as channel_name, mm.seq, mm.body, mm.author_uid, mm.author_name, mm.created_at,
        mm.pseudonym, coalesce(${sql.raw(STAFF_ROLES_SQL)}, false) as recipient_staff,
        (${sql.raw(reachableSql('i.uid'))}
          and not ${hiddenByPhaseSql(messageColumns('mm'), uid, STAFF_ROLES_SQL)}) as reachable,
        coalesce(i.created_at + ${sql.raw(DELAY_SQL)} <= now(), false) as due
      from notification_items i
      join messages mm on mm.id = i.message_id
      join channels c on c.channel_id = mm.channel_id
      join classes k on k.class_id = mm.class_id
      join users u on u.id = i.uid
      left join notification_settings s on s.uid = i.uid
      ${sql.raw(rolesLateral('i.uid'))}
      where i.uid = ${uid}
      order by mm.created_at, mm.seq`,
  );
  return {
    recipient: recipient ?? null,
    entries: entries.map((entry) => ({
      ...entry,
      seq: Number(entry.seq),
      pseudonym: entry.pseudonym === null ? null : Number(entry.pseudonym),
      recipient_staff:
        entry.recipient_staff === true || String(entry.recipient_staff as unknown) === 't',
      created_at: new Date(entry.created_at),
    })),
  };
}

/**
 * Closes a digest this worker holds: drops the mentions it told (or that are no longer worth
 * telling) and either deletes the job or queues it again for what is still waiting, due when the
 * oldest of those is. False when the worker no longer held it (its lease ran out and another node
 * took it): then nothing changes.
 */
export async function finishDigest(
  db: Db,
  uid: string,
  worker: string,
  done: readonly string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const held = await queryRows<{ uid: string }>(
      tx,
      sql`select uid from notification_jobs where uid = ${uid} and worker = ${worker}
        and status = 'running' for update`,
    );
    if (held.length === 0) return false;
    if (done.length > 0)
      await tx.execute(
        sql`delete from notification_items where uid = ${uid} and message_id in (${sql.join(
          done.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    await tx.execute(
      sql`with next as (
          select min(i.created_at + ${sql.raw(DELAY_SQL)}) as due_at from notification_items i
          left join notification_settings s on s.uid = i.uid
          where i.uid = ${uid}
        ),
        requeued as (
          update notification_jobs j set status = 'queued', worker = null, lease_until = null,
            attempts = 0, due_at = next.due_at, updated_at = now()
          from next where j.uid = ${uid} and next.due_at is not null
          returning j.uid
        )
        delete from notification_jobs j using next
        where j.uid = ${uid} and next.due_at is null`,
    );
    return true;
  });
}

/** A send that failed: the job waits `backoffMs` and is tried again (its lease is let go). */
export async function retryDigestLater(
  db: Db,
  uid: string,
  worker: string,
  backoffMs: number,
): Promise<void> {
  await db.execute(
    sql`update notification_jobs set status = 'queued', worker = null, lease_until = null,
      due_at = now() + make_interval(secs => ${backoffMs / 1000}), updated_at = now()
      where uid = ${uid} and worker = ${worker} and status = 'running'`,
  );
}

/** Drops a digest whose sends kept failing (or whose person is gone): items and job. */
export async function dropDigest(db: Db, uid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from notification_items where uid = ${uid}`);
    await tx.execute(sql`delete from notification_jobs where uid = ${uid}`);
  });
}

/**
 * Hands back every digest `worker` holds (a draining node out of time): queued again, claimable by
 * any node at once, the claim not counted.
 */
export async function releaseDigests(db: Db, worker: string): Promise<number> {
  const rows = await queryRows<{ uid: string }>(
    db,
    sql`update notification_jobs set status = 'queued', worker = null, lease_until = null,
        attempts = greatest(attempts - 1, 0), updated_at = now()
      where worker = ${worker} and status = 'running' returning uid`,
  );
  return rows.length;
}
