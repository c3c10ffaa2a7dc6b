// Docs: docs/ARCHITECTURE.md#one-database-dialect — channels, their members, messages and notifications (SPEC §3).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MessageAttachment } from '@seminar/shared';
import type { MessageAi } from '@seminar/shared';
import { auditColumns, versionColumn } from './common';
import { classes } from './classes';
import { activities } from './activities';

export const channels = pgTable(
  'channels',
  {
    channel_id: text('channel_id').primaryKey(),
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    name: text('name').notNull(),
    is_public: boolean('is_public').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    /** E-mails whose owners see this as their own channel (DESIGN §2, team channels). */
    channel_group: text('channel_group')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last message seq handed out; taken under this row's lock so seq order is commit order. */
    last_seq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /**
     * The last pseudonym number handed out in the activity whose case channel this is (docs/
     * activities.md#anonymity): counted on the row the send statement locks, so it is fresh there.
     */
    pseudonym_seq: integer('pseudonym_seq').notNull().default(0),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    index('channels_class_id_idx').on(table.class_id),
    // Docs: docs/channels.md#channel-names — a name is unique in its class ignoring case and the
    // spaces around it; a deleted channel frees its name and a blank name (shown by id) never clashes.
    uniqueIndex('channels_class_name_unique')
      .on(table.class_id, sql`lower(btrim(${table.name}))`)
      .where(sql`not ${table.deleted} and btrim(${table.name}) <> ''`),
  ],
);

export const channelUsers = pgTable(
  'channel_users',
  {
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.channel_id),
    uid: text('uid').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.channel_id, table.uid] }),
    index('channel_users_class_id_idx').on(table.class_id),
    index('channel_users_uid_idx').on(table.uid),
  ],
);

export const messages = pgTable(
  'messages',
  {
    /** Client-made record id (DESIGN §2), so a retried send finds the row it already made. */
    id: text('id').primaryKey(),
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.channel_id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    author_uid: text('author_uid').notNull(),
    author_name: text('author_name').notNull(),
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    edited_at: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    deleted: boolean('deleted').notNull().default(false),
    /** Emoji reactions (docs/channels.md#reactions): `[{emoji, uids}]`, cleared when deleted. */
    reactions: jsonb('reactions')
      .$type<Array<{ emoji: string; uids: string[] }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The uids the body mentions (`<@uid>`), kept with the body for mention counts. */
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether the body says `@channel` (everyone in the channel is mentioned). */
    mentions_channel: boolean('mentions_channel').notNull().default(false),
    /**
     * The files on the message, as the web shows them ({id, name, type, size}); the bytes are in
     * `attachments`. Kept on the row so every read of messages has them without a join.
     */
    attachments: jsonb('attachments')
      .$type<MessageAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    version: versionColumn(),
    /** Docs: docs/debrief.md#figures — the body's words, counted by the database when written. */
    word_count: integer('word_count')
      .notNull()
      .generatedAlwaysAs(sql`regexp_count(body, '\\S+')`),
    /** Set on an AI agent's messages: `{agent, product_title, status}` (docs/ai.md). */
    ai: jsonb('ai').$type<MessageAi>(),
    /** The author's pseudonym in an anonymous activity's case channel (docs/activities.md#anonymity). */
    pseudonym: integer('pseudonym'),
    /** There: the reactors' pseudonyms by uid, kept by the react command for the live shaping. */
    pseudonyms: jsonb('pseudonyms').$type<Record<string, number>>(),
  },
  (table) => [
    unique('messages_channel_seq_unique').on(table.channel_id, table.seq),
    // A stream's floor (the channel's highest message version) and its resync after a LISTEN gap.
    index('messages_channel_version_idx').on(table.channel_id, table.version),
    // Docs: docs/debrief.md#figures — a student's own figures, and the figures' per-author reads.
    index('messages_channel_author_idx').on(table.channel_id, table.author_uid),
    // Unread mention counts read only the messages that mention someone.
    index('messages_mentions_idx')
      .on(table.channel_id, table.seq)
      .where(sql`${table.mentions} <> '{}'::text[] or ${table.mentions_channel}`),
    check('messages_body_length_check', sql`char_length(${table.body}) <= 8192`),
    // Docs: docs/channels.md#search — full-text search over the body with the 'simple' config (no
    // stemming, no stop words: a class may write in any language), class first (btree_gin), so a
    // common word is looked up in one class's messages only. `search_vector` is a stored generated
    // column, `to_tsvector('simple', body)`, that migration 0026 adds and this schema does NOT
    // declare on purpose: Drizzle names every declared column in its selects, and no read but
    // search's needs a tsvector with each message. Stored rather than an expression so ranking the
    // matches (ts_rank) does not parse every matching body again (bench/README.md#search).
    index('messages_search_idx').using('gin', table.class_id, sql`search_vector`),
  ],
);

/** One row per (channel, user, type), rewritten with server time on every notice (SPEC §3, §9). */
export const channelNotifications = pgTable(
  'channel_notifications',
  {
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.channel_id),
    /** SPEC's `from`: the uid of the user who is typing or online. */
    from_uid: text('from_uid').notNull(),
    type: text('type').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    deleted: boolean('deleted').notNull().default(false),
    version: versionColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.channel_id, table.from_uid, table.type] }),
    check('channel_notifications_type_check', sql`${table.type} in ('user_typing', 'user_online')`),
  ],
);

/** How far each user has read each channel (unread counts). */
export const channelReads = pgTable(
  'channel_reads',
  {
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.channel_id),
    uid: text('uid').notNull(),
    last_read_seq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.channel_id, table.uid] }),
    index('channel_reads_uid_idx').on(table.uid),
  ],
);

/**
 * A person's settings for one channel (docs/channels.md#notifications): which of its messages raise
 * a browser notification. No row means `all`.
 */
export const channelSettings = pgTable(
  'channel_settings',
  {
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.channel_id),
    uid: text('uid').notNull(),
    notify: text('notify').notNull().default('all'),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.channel_id, table.uid] }),
    index('channel_settings_uid_idx').on(table.uid),
    check('channel_settings_notify_check', sql`${table.notify} in ('all', 'mentions', 'none')`),
  ],
);

/** PostgreSQL's bytea, as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files attached to messages (docs/channels.md#attachments), bytes and all, in the database every
 * node shares. An upload is pending (`message_id` null, seen only by its uploader) until a message
 * that names it is sent; deleting the message deletes its files.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: text('id').primaryKey(),
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.channel_id),
    uploader_uid: text('uploader_uid').notNull(),
    message_id: text('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    /** Set when the file is on an activity's case brief instead (docs/activities.md). */
    activity_id: text('activity_id').references(() => activities.activity_id, {
      onDelete: 'cascade',
    }),
    /** The name as uploaded, cleaned (cleanAttachmentName). */
    name: text('name').notNull(),
    /** The type judged from the first bytes (sniffAttachmentType), never the client's claim. */
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The bytes, when the file is kept in the database (the default store). */
    data: bytea('data'),
    /**
     * The object's key when the file is kept in the S3-compatible store (ATTACHMENT_S3_*); then
     * `data` is null. Each row says where its bytes are, so a change of store keeps old files.
     */
    object_key: text('object_key'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('attachments_message_id_idx').on(table.message_id),
    index('attachments_pending_idx')
      .on(table.uploader_uid, table.created_at)
      .where(sql`${table.message_id} is null`),
    check(
      'attachments_size_check',
      sql`(${table.object_key} is null and ${table.data} is not null and ${table.size} = octet_length(${table.data})) or (${table.object_key} is not null and ${table.data} is null)`,
    ),
  ],
);

/**
 * Objects of the S3-compatible store whose attachment rows are gone (docs/channels.md#attachments).
 * A key is queued in the transaction that deletes its row and dropped once the store has deleted the
 * object, so a store that fails (or a node that stops) between the two leaves a retry, not an orphan.
 */
export const attachmentDeletions = pgTable('attachment_deletions', {
  object_key: text('object_key').primaryKey(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
