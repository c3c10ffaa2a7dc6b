// Docs: docs/polls.md — polls (each carried by a message of its channel), their ballots, and the
// cold-call spotlight of a channel.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './common';
import { classes } from './classes';
import { channels } from './channels';

export const polls = pgTable(
  'polls',
  {
    /** The id of the message that carries the poll in its channel's stream. */
    id: text('id').primaryKey(),
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    channel_id: text('channel_id')
      .notNull()
      .references(() => channels.channel_id),
    question: text('question').notNull(),
    /** `[{id, text}]`, 2–10, ids `o1`…; never changed after the poll is posted. */
    options: jsonb('options').$type<Array<{ id: string; text: string }>>().notNull(),
    multiple: boolean('multiple').notNull().default(false),
    anonymous: boolean('anonymous').notNull().default(false),
    /** When students see the counts: 'live' or 'closed'. */
    results: text('results').notNull().default('live'),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /**
     * An anonymous poll's ballots are keyed by HMAC(ballot_salt, uid), not by uid (docs/polls.md#
     * secrecy). Never sent to anyone.
     */
    ballot_salt: text('ballot_salt').notNull(),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    index('polls_channel_id_idx').on(table.channel_id),
    check('polls_results_check', sql`${table.results} in ('live', 'closed')`),
  ],
);

/**
 * One ballot per person and poll. `voter` is the uid in a named poll, and in an anonymous one a
 * keyed hash of it that only finds the ballot of a known person (to change it, to show them their
 * own choice) — the table holds no uid and no time to join a choice to its voter.
 */
export const pollBallots = pgTable(
  'poll_ballots',
  {
    poll_id: text('poll_id')
      .notNull()
      .references(() => polls.id),
    voter: text('voter').notNull(),
    choice: text('choice').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.poll_id, table.voter] })],
);

/**
 * A channel's cold-call spotlight (at most one): who is asked to speak. Cleared by staff, or by
 * that student's next post in the channel (the trigger of migration 0014, in the post's statement).
 */
export const spotlights = pgTable(
  'spotlights',
  {
    channel_id: text('channel_id')
      .primaryKey()
      .references(() => channels.channel_id),
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    uid: text('uid').notNull(),
    /** 'chosen' (by name) or 'random' ("Pick someone"). */
    how: text('how').notNull(),
    cleared_at: timestamp('cleared_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    index('spotlights_class_uid_idx').on(table.class_id, table.uid),
    check('spotlights_how_check', sql`${table.how} in ('chosen', 'random')`),
  ],
);
