// Docs: docs/ARCHITECTURE.md#one-database-dialect — analytics events sent by the client (SPEC §7, DESIGN §2).
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Always the session's user, never a uid claimed by the payload. */
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    client_timestamp: timestamp('client_timestamp', { withTimezone: true, mode: 'date' }),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('analytics_events_name_idx').on(table.name, table.received_at)],
);
