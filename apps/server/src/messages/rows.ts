// Docs: docs/realtime.md#ordered-streams-messages — messages as raw SQL returns them.
import type { MessageAttachment } from '@seminar/shared';
import type { MessageAi } from '@seminar/shared';
import { getTableColumns } from 'drizzle-orm';
import { messages } from '../db/schema';

/**
 * The declared columns of messages, qualified by `alias`, for raw SQL that reads whole rows:
 * `select *` would also read `search_vector`, the search's stored tsvector, which the schema leaves
 * undeclared so that no other read carries it (db/schema/channels.ts).
 */
export function messageColumnList(alias: string): string {
  return Object.values(getTableColumns(messages))
    .map((column) => `${alias}."${column.name}"`)
    .join(', ');
}

/** A messages row as raw SQL returns it (timestamps may come back as text or Date, bigints as text). */
export interface MessageSqlRow {
  id: string;
  class_id: string;
  channel_id: string;
  seq: number | string;
  author_uid: string;
  author_name: string;
  body: string;
  created_at: Date | string;
  edited_at: Date | string | null;
  deleted: boolean;
  /** jsonb: parsed by the driver, or text. */
  reactions: Array<{ emoji: string; uids: string[] }> | string;
  mentions: string[];
  mentions_channel: boolean;
  attachments: MessageAttachment[];
  version: number | string;
  ai: MessageAi | null;
  /** Stored by the database (docs/debrief.md#figures); absent where a statement leaves it out. */
  word_count?: number | string;
  pseudonym: number | null;
  pseudonyms: Record<string, number> | null;
}

/** The typed row Drizzle would return for a raw one. */
export function fromSqlRow(row: MessageSqlRow): typeof messages.$inferSelect {
  return {
    ...row,
    seq: Number(row.seq),
    version: Number(row.version),
    word_count: Number(row.word_count ?? 0),
    created_at: new Date(row.created_at),
    edited_at: row.edited_at === null ? null : new Date(row.edited_at),
    reactions:
      typeof row.reactions === 'string'
        ? (JSON.parse(row.reactions) as Array<{ emoji: string; uids: string[] }>)
        : row.reactions,
  };
}
