// Docs: docs/realtime.md#ordered-streams — the live stream of a channel's messages.
import { and, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { MESSAGE_PAGE_SIZE, type Message } from '@seminar/shared';
import { requireChannelAccess, type ChannelAccess } from '../channels/access';
import type { Db } from '../db/client';
import { channels, messages } from '../db/schema';
import type { LiveTopic } from '../live/hub';
import { presentMessage } from './presenters';

/** Where a stream resumes: after this seq, plus anything edited or deleted since this version. */
export interface MessageCursor {
  seq: number;
  version: number;
}

export interface MessageStreamInput {
  class_id: string;
  channel_id: string;
  cursor: MessageCursor | null;
}

/**
 * A resume further behind than this starts over: the newest page, sent as a replacing snapshot so
 * the client drops what it had instead of showing a gap.
 */
export const MAX_RESUME_ROWS = 1_000;

/** The cursor to resume from, or null (start over) when more than MAX_RESUME_ROWS came since. */
export async function resumableCursor(
  db: Db,
  channelId: string,
  cursor: MessageCursor | null,
): Promise<MessageCursor | null> {
  if (!cursor) return null;
  const [row] = await db
    .select({ last_seq: channels.last_seq })
    .from(channels)
    .where(eq(channels.channel_id, channelId));
  return row && row.last_seq - cursor.seq > MAX_RESUME_ROWS ? null : cursor;
}

/** Encodes a cursor as tRPC's lastEventId. */
export function encodeCursor(cursor: MessageCursor): string {
  return `${cursor.seq}:${cursor.version}`;
}

/** Decodes lastEventId; null when absent or malformed (then the stream starts from the newest page). */
export function decodeCursor(text: string | null | undefined): MessageCursor | null {
  const match = /^(\d{1,15}):(\d{1,15})$/.exec(text ?? '');
  if (!match) return null;
  return { seq: Number(match[1]), version: Number(match[2]) };
}

/** The newest page of a channel, oldest first. */
export async function newestMessages(
  db: Db,
  channelId: string,
  beforeSeq?: number,
): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.channel_id, channelId),
        beforeSeq === undefined ? undefined : lt(messages.seq, beforeSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(MESSAGE_PAGE_SIZE);
  return rows.reverse().map(presentMessage);
}

export const messagesTopic: LiveTopic<MessageStreamInput, Message, ChannelAccess> = {
  name: 'messages',
  kind: 'stream',
  key: (input) => input.channel_id,
  access: (services, viewer, input) =>
    requireChannelAccess(services.database.db, viewer, input.class_id, input.channel_id),
  classOf: (access) => access.classId,
  async snapshot(services, _viewer, input) {
    const db = services.database.db;
    if (!input.cursor) return newestMessages(db, input.channel_id);
    const { seq, version } = input.cursor;
    const rows = await db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.channel_id, input.channel_id),
          or(gt(messages.seq, seq), gt(messages.version, version)),
        ),
      )
      .orderBy(messages.seq);
    return rows.map(presentMessage);
  },
  replaceSnapshot: (input) => input.cursor === null,
  async load(services, key, ids) {
    const rows = await services.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.channel_id, key), inArray(messages.id, ids)))
      .orderBy(messages.seq);
    return rows.map(presentMessage);
  },
  // Channel access is checked at subscribe time and re-checked on every access notice.
  visible: () => true,
  id: (row) => row.id,
};
