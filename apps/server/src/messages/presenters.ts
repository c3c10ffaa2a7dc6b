// Docs: docs/realtime.md — message row → wire shape (epoch-ms timestamps, SPEC field names).
import type { Message } from '@seminar/shared';
import type { messages } from '../db/schema';

type MessageRow = typeof messages.$inferSelect;

/**
 * A message as clients receive it. A deleted message keeps its place (seq) and author, and nothing
 * of what it said: no text, reactions, files or agent payload (an AI reply's chart). Its row is
 * cleared too (messageDeleter); this holds for rows deleted before that.
 */
export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    class_id: row.class_id,
    channel_id: row.channel_id,
    seq: row.seq,
    author_uid: row.author_uid,
    author_name: row.author_name,
    body: row.deleted ? '' : row.body,
    created_at: row.created_at.getTime(),
    edited_at: row.edited_at ? row.edited_at.getTime() : null,
    deleted: row.deleted,
    reactions: row.deleted ? [] : row.reactions,
    attachments: row.deleted ? [] : row.attachments,
    version: row.version,
    ai: row.deleted ? null : (row.ai ?? null),
    // Docs: docs/activities.md#anonymity — staff's shape; students get it pseudonymized
    // (pseudonymizeMessage) by the live lens, pages, ranges, search and the commands' answers.
    ...(row.pseudonym === null ? {} : { pseudonym: row.pseudonym }),
    ...(row.pseudonyms && !row.deleted ? { pseudonyms: row.pseudonyms } : {}),
  };
}
