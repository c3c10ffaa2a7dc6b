// Docs: docs/realtime.md#ordered-streams — the write path of messages: seq under the channel row's
// lock (seq order = commit order, no gaps), idempotent on the client-made id.
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import {
  displayName,
  type Message,
  type MessageEditInput,
  type MessageInput,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireChannelAccess } from '../channels/access';
import { queryRows, type Db } from '../db/client';
import { channels, messages } from '../db/schema';
import { nextVersion, runCommand, type Tx } from '../live/commands';
import { forbidden, notFound } from '../live/trpc';
import { canDeleteMessage, canEditMessage } from './policies';
import { presentMessage } from './presenters';

const announce = (channelId: string, id: string) => ({
  topic: 'messages',
  key: channelId,
  ids: [id],
});

/**
 * Every write to a channel's messages takes the channel row's lock first, so versions within a
 * channel follow commit order and a stream resuming from (seq, version) misses nothing.
 */
async function lockChannel(tx: Tx, channelId: string) {
  const [channel] = await tx
    .select({ last_seq: channels.last_seq, enabled: channels.enabled, deleted: channels.deleted })
    .from(channels)
    .where(eq(channels.channel_id, channelId))
    .for('update');
  if (!channel) throw notFound('Channel');
  return channel;
}

/** Thrown inside the send transaction to roll it back (and the seq it took) when nothing was inserted. */
class NothingInserted extends Error {}

/**
 * Posts a message. One statement takes the next seq under the channel row's lock (seq order =
 * commit order) and inserts; if the id already exists the transaction rolls back, so no seq is lost,
 * and the retry gets the row the first attempt made — never a second one. The same id used for
 * anything else is refused.
 */
export async function messageSender(
  db: Db,
  viewer: SessionUser,
  input: MessageInput,
): Promise<Message> {
  await requireChannelAccess(db, viewer, input.class_id, input.channel_id);
  const authorName = displayName(viewer.displayName) || viewer.email;
  try {
    return await runCommand(db, async ({ tx, announce: say }) => {
      const [row] = await queryRows<MessageRow>(
        tx,
        sql`with bumped as (
            update channels set last_seq = last_seq + 1, version = nextval('live_version')
            where channel_id = ${input.channel_id} and enabled and not deleted
            returning last_seq)
          insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body, version)
          select ${input.id}, ${input.class_id}, ${input.channel_id}, bumped.last_seq, ${viewer.uid}, ${authorName}, ${input.body}, nextval('live_version')
          from bumped
          on conflict (id) do nothing
          returning *`,
      );
      if (!row) throw new NothingInserted();
      say(announce(input.channel_id, row.id));
      // Channel lists show unread counts from last_seq.
      say({ topic: 'channels', key: input.class_id, ids: [input.channel_id] });
      return presentMessage(fromSqlRow(row));
    });
  } catch (error) {
    if (!(error instanceof NothingInserted)) throw error;
    const [existing] = await db.select().from(messages).where(eq(messages.id, input.id));
    if (existing) {
      if (existing.author_uid === viewer.uid && existing.channel_id === input.channel_id)
        return presentMessage(existing);
      throw new TRPCError({ code: 'CONFLICT', message: 'That message id is already taken.' });
    }
    throw forbidden('This channel is disabled: nobody can post in it.');
  }
}

/** A messages row as raw SQL returns it (timestamps may come back as text or Date, bigints as text). */
interface MessageRow {
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
  version: number | string;
}

function fromSqlRow(row: MessageRow): typeof messages.$inferSelect {
  return {
    ...row,
    seq: Number(row.seq),
    version: Number(row.version),
    created_at: new Date(row.created_at),
    edited_at: row.edited_at === null ? null : new Date(row.edited_at),
  };
}

/** Edits one's own message. */
export async function messageEditor(
  db: Db,
  viewer: SessionUser,
  input: MessageEditInput,
): Promise<Message> {
  const [current] = await db.select().from(messages).where(eq(messages.id, input.id));
  if (!current) throw notFound('Message');
  await requireChannelAccess(db, viewer, current.class_id, current.channel_id);
  if (!canEditMessage(viewer.uid, current)) throw forbidden('You can only edit your own messages.');
  return runCommand(db, async ({ tx, announce: say }) => {
    await lockChannel(tx, current.channel_id);
    const [row] = await tx
      .update(messages)
      .set({ body: input.body, edited_at: sql`now()`, version: nextVersion })
      .where(and(eq(messages.id, input.id), eq(messages.deleted, false)))
      .returning();
    if (!row) throw notFound('Message');
    say(announce(row.channel_id, row.id));
    return presentMessage(row);
  });
}

/** Deletes a message (soft: it keeps its seq; the text is dropped from what clients get). */
export async function messageDeleter(db: Db, viewer: SessionUser, id: string): Promise<Message> {
  const [current] = await db.select().from(messages).where(eq(messages.id, id));
  if (!current) throw notFound('Message');
  const access = await requireChannelAccess(db, viewer, current.class_id, current.channel_id);
  if (!canDeleteMessage(viewer.uid, access.role, current))
    throw forbidden('You can only delete your own messages.');
  return runCommand(db, async ({ tx, announce: say }) => {
    await lockChannel(tx, current.channel_id);
    const [row] = await tx
      .update(messages)
      .set({ deleted: true, version: nextVersion })
      .where(eq(messages.id, id))
      .returning();
    if (!row) throw notFound('Message');
    say(announce(row.channel_id, row.id));
    return presentMessage(row);
  });
}
