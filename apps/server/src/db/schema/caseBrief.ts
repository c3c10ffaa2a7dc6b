// Docs: docs/activities.md#case-brief-and-pins — pinned messages (a channel holds at most
// MAX_PINS_PER_CHANNEL, counted under the channel row's lock).
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { versionColumn } from './common';
import { classes } from './classes';
import { channels, messages } from './channels';

/** One row per pinned message; deleting the message drops its pin (and the foreign key cascades). */
export const messagePins = pgTable(
  'message_pins',
  {
    message_id: text('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.channel_id),
    /** The pinned message's seq: the bar lists pins in the channel's order. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    pinned_by: text('pinned_by').notNull(),
    pinned_by_name: text('pinned_by_name').notNull(),
    pinned_at: timestamp('pinned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    version: versionColumn(),
  },
  (table) => [index('message_pins_channel_id_idx').on(table.channel_id)],
);
