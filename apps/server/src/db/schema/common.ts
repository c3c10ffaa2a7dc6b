// Docs: docs/ARCHITECTURE.md#one-database-dialect — columns every live table shares.
import { sql } from 'drizzle-orm';
import { bigint, pgSequence, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One sequence for every live table: a row's `version` is the sequence value of its last write,
 * so a client can order any two versions of a row, whichever table they come from.
 */
export const liveVersion = pgSequence('live_version', { startWith: 1 });

/** `version` column: set from `live_version` on insert and bumped by every command. */
export const versionColumn = () =>
  bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`nextval('live_version')`);

/** Audit fields of SPEC §4 (updated_at, updated_by, updated_by_name) plus creation time and author. */
export const auditColumns = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  created_by: text('created_by'),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_by: text('updated_by'),
  updated_by_name: text('updated_by_name'),
});
