// Docs: docs/ai.md#moderation, docs/channels.md#web-push — a flagged exchange with an AI agent
// reaches the class's instructors and class admins who are away: one Web Push job (kind `ai_flag`)
// per subscription of each, made in the transaction that records the flag, and sent by the push
// worker under the same lease as a message's push. Whether it is still worth sending is judged at
// send time: the person is still staff of the class and enabled, has not muted the class nor set the
// channel to `none`, the flag is not yet handled, and no tab of theirs is in front of them (the
// page's badge and its own notification already told them).
import { sql } from 'drizzle-orm';
import {
  MODERATION_CATEGORY_LABELS,
  type ModerationCategory,
  type PushPayload,
} from '@seminar/shared';
import { ACTIVE_MEMBERSHIP_SQL, activeRolesArraySql } from '../classes/access';
import { queryRows, type Db } from '../db/client';
import type { Tx } from '../live/commands';
import { STAFF_ROLES_SQL } from './jobs';
import { visibleTabSql, type ClaimedPush, type PushTarget } from './pushJobs';

/** A flag's push key starts so: no message id holds a '/', so none can meet it. */
const FLAG_KEY_PREFIX = 'flag/';

/** The push job's key for an AI job's flag. */
export function flagPushKey(aiJobId: string): string {
  return `${FLAG_KEY_PREFIX}${aiJobId}`;
}

/** The AI job's id of a push job's key, or null when the push is a message's. */
export function flaggedJobOf(pushKey: string): string | null {
  return pushKey.startsWith(FLAG_KEY_PREFIX) ? pushKey.slice(FLAG_KEY_PREFIX.length) : null;
}

/**
 * Queues the flag's pushes: one per subscription of each instructor and class admin of the class
 * (the caller's transaction records the flag), and wakes the push workers. Nothing when nobody
 * of them allowed push.
 */
export async function enqueueFlagPushes(
  tx: Tx,
  job: { job_id: string; class_id: string },
): Promise<void> {
  const rows = await queryRows<{ subscription_id: string }>(
    tx,
    sql`insert into push_jobs (subscription_id, message_id, uid, kind)
      select ps.id, ${flagPushKey(job.job_id)}, ps.uid, 'ai_flag'
      from push_subscriptions ps
      where exists (select 1 from class_memberships m join classes k on k.class_id = m.class_id
        where m.class_id = ${job.class_id} and m.uid = ps.uid and m.role in ('instructor', 'admin')
          and ${sql.raw(ACTIVE_MEMBERSHIP_SQL)})
      on conflict (subscription_id, message_id) do nothing
      returning subscription_id`,
  );
  if (rows.length > 0) await tx.execute(sql`select pg_notify('seminar_push', '')`);
}

/** What a flag's push needs, and whether it is still worth sending. */
export interface FlagPushDetails extends PushTarget {
  activity_id: string;
  activity_title: string;
  agent: string;
  flag: ModerationCategory | null;
  flag_detail: string | null;
  /** The answer was held back (else the question was flagged). */
  held: boolean;
  reachable: boolean;
  visible_tab: boolean;
}

/** The flag's subscription and AI job as they are now; null when either is gone. */
export async function readFlagPush(
  db: Db,
  job: ClaimedPush,
  aiJobId: string,
): Promise<FlagPushDetails | null> {
  const uid = job.uid;
  const rows = await queryRows<FlagPushDetails>(
    db,
    sql`select ps.endpoint, ps.p256dh, ps.auth, j.class_id, j.channel_id, c.name as channel_name,
        j.activity_id, a.title as activity_title, j.agent, j.flag, j.flag_detail,
        (j.held_answer is not null) as held,
        (j.flag is not null and j.flag_handled_at is null and not a.deleted and not u.disabled
          and ${sql.raw(STAFF_ROLES_SQL)}
          and not (j.class_id = any(coalesce(s.muted_class_ids, '{}'::text[])))
          and coalesce((select cs.notify from channel_settings cs
            where cs.channel_id = j.channel_id and cs.uid = ps.uid), 'all') <> 'none') as reachable,
        ${sql.raw(visibleTabSql('ps.uid'))} as visible_tab
      from push_subscriptions ps
      join ai_jobs j on j.job_id = ${aiJobId}
      join activities a on a.activity_id = j.activity_id
      join channels c on c.channel_id = j.channel_id
      join users u on u.id = ps.uid
      left join notification_settings s on s.uid = ps.uid
      cross join lateral (select ${sql.raw(activeRolesArraySql('j.class_id', 'ps.uid'))} as roles) rl
      where ps.id = ${job.subscription_id} and ps.uid = ${uid}`,
  );
  const row = rows[0];
  if (!row) return null;
  const truthy = (value: unknown) => value === true || value === 't';
  return {
    ...row,
    held: truthy(row.held),
    reachable: truthy(row.reachable),
    visible_tab: truthy(row.visible_tab),
  };
}

/** What a flag's push carries: where, which agent, the category in words — never the text. */
export function flagPayload(job: ClaimedPush, details: FlagPushDetails): PushPayload {
  const category = details.flag ? MODERATION_CATEGORY_LABELS[details.flag] : 'Flagged';
  const found = details.flag_detail ? ` (${details.flag_detail})` : '';
  const where = details.held ? `in ${details.agent}'s answer` : `in a question to ${details.agent}`;
  return {
    v: 1,
    kind: 'ai_flag',
    class_id: details.class_id,
    channel_id: details.channel_id,
    message_id: job.message_id,
    seq: 0,
    channel: details.channel_name,
    author: details.agent,
    excerpt: `${category}${found} ${where}. Open the review to handle it.`,
    path: `/classes/${encodeURIComponent(details.class_id)}/activities/${encodeURIComponent(details.activity_id)}/review`,
    activity: details.activity_title,
  };
}
