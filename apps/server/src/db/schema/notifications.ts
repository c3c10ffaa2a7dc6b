// Docs: docs/channels.md#notifications — reaching people who are away: their settings, the mentions
// waiting to be e-mailed, and the one mail job per person that nodes claim under a lease.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { versionColumn } from './common';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person's away-notification choices; no row means the defaults (10 minutes, nothing muted). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    uid: text('uid').primaryKey(),
    /** off | 10m | 1h: how long a mention may stay unread before it is e-mailed. */
    email_delay: text('email_delay').notNull().default('10m'),
    /** Classes whose mentions are neither e-mailed nor pushed. */
    muted_class_ids: text('muted_class_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: versionColumn(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('notification_settings_delay_check', sql`${table.email_delay} in ('off', '10m', '1h')`),
  ],
);

/**
 * Messages that mention someone, waiting to be turned into the people they reach. A row is made by
 * the trigger `messages_notify_enqueue` (migration, hand-written) in the transaction that inserts
 * the message — only for a message that mentions someone, so the send path's other messages pay
 * nothing — and the worker expands and deletes it in one transaction.
 */
export const notificationEvents = pgTable('notification_events', {
  message_id: text('message_id').primaryKey(),
  created_at: at('created_at').notNull().defaultNow(),
});

/** One mention waiting for one person: mailed in their next digest unless they read it first. */
export const notificationItems = pgTable(
  'notification_items',
  {
    uid: text('uid').notNull(),
    message_id: text('message_id').notNull(),
    class_id: text('class_id').notNull(),
    channel_id: text('channel_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The message's time: it is due once this plus the person's delay has passed. */
    created_at: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.uid, table.message_id] })],
);

/**
 * One open digest job per person. queued → running (a node holds it until `lease_until`) → deleted
 * once the mail went, or queued again for what is not due yet. A lease that ran out (the node died)
 * is claimed again by any node.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    uid: text('uid').primaryKey(),
    due_at: at('due_at').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    worker: text('worker'),
    lease_until: at('lease_until'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('notification_jobs_due_idx').on(table.due_at),
    check('notification_jobs_status_check', sql`${table.status} in ('queued', 'running')`),
  ],
);

/**
 * One browser's Web Push subscription (docs/channels.md#web-push): the push service's endpoint (a
 * capability URL: whoever holds it can push to that browser) and the keys the payload is encrypted
 * to. At most PUSH_SUBSCRIPTIONS_PER_PERSON per person (the oldest go); deleted when the push
 * service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    uid: text('uid').notNull(),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key (base64url, uncompressed point). */
    p256dh: text('p256dh').notNull(),
    /** The 16-byte authentication secret (base64url). */
    auth: text('auth').notNull(),
    /** Which browser, for the person's own eyes ("Chrome on Android"). */
    label: text('label').notNull().default(''),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_uid_idx').on(table.uid, table.created_at)],
);

/**
 * New messages that someone in their class might be pushed, waiting to be turned into jobs. The
 * trigger `messages_push_enqueue` (migration 0018, hand-written) makes a row only when another
 * member of the class has a subscription; the push worker expands and deletes it.
 */
export const pushEvents = pgTable('push_events', {
  message_id: text('message_id').primaryKey(),
  created_at: at('created_at').notNull().defaultNow(),
});

/**
 * One push of one message to one subscription: queued → running (leased to a node) → deleted once
 * the push service accepted it (or it is no longer worth sending). Claimed as the digests are.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    subscription_id: text('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    message_id: text('message_id').notNull(),
    uid: text('uid').notNull(),
    /**
     * mention: the message mentions the person (or @channel); message: their level is `all`;
     * ai_flag: an AI exchange was flagged, and `message_id` is `flag/<AI job id>` (flagPushes.ts).
     */
    kind: text('kind').notNull(),
    /** When it may be claimed (now, or later after a failed send). */
    due_at: at('due_at').notNull().defaultNow(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    worker: text('worker'),
    lease_until: at('lease_until'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.subscription_id, table.message_id] }),
    index('push_jobs_due_idx').on(table.due_at),
    check('push_jobs_status_check', sql`${table.status} in ('queued', 'running')`),
    check('push_jobs_kind_check', sql`${table.kind} in ('mention', 'message', 'ai_flag')`),
  ],
);
