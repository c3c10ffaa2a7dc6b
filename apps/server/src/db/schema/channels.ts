// Docs: docs/ARCHITECTURE.md#one-database-dialect — channels, their members, messages and notifications (SPEC §3).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MessageAi } from '@seminar/shared';
import { auditColumns, versionColumn } from './common';
import { classes } from './classes';

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
    version: versionColumn(),
    /** Set on an AI agent's messages: `{agent, product_title, status}` (docs/ai.md). */
    ai: jsonb('ai').$type<MessageAi>(),
  },
  (table) => [
    unique('messages_channel_seq_unique').on(table.channel_id, table.seq),
    // A stream's floor (the channel's highest message version) and its resync after a LISTEN gap.
    index('messages_channel_version_idx').on(table.channel_id, table.version),
    check('messages_body_length_check', sql`char_length(${table.body}) <= 8192`),
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
