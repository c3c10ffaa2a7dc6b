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
import type { Db } from '../db/client';
import { channels, messages } from '../db/schema';
import { nextVersion, runCommand, type Tx } from '../live/commands';
import { forbidden, notFound } from '../live/trpc';
import { canDeleteMessage, canEditMessage, canPostMessage } from './policies';
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

/**
 * Posts a message. A retry with the same id returns the row the first attempt made (never a second
 * one); the same id used for anything else is refused.
 */
export async function messageSender(
  db: Db,
  viewer: SessionUser,
  input: MessageInput,
): Promise<Message> {
  await requireChannelAccess(db, viewer, input.class_id, input.channel_id);
  return runCommand(db, async ({ tx, announce: say }) => {
    const channel = await lockChannel(tx, input.channel_id);
    const [existing] = await tx.select().from(messages).where(eq(messages.id, input.id));
    if (existing) {
      if (existing.author_uid === viewer.uid && existing.channel_id === input.channel_id)
        return presentMessage(existing);
      throw new TRPCError({ code: 'CONFLICT', message: 'That message id is already taken.' });
    }
    if (!canPostMessage(channel))
      throw forbidden('This channel is disabled: nobody can post in it.');
    const seq = channel.last_seq + 1;
    await tx
      .update(channels)
      .set({ last_seq: seq })
      .where(eq(channels.channel_id, input.channel_id));
    const [row] = await tx
      .insert(messages)
      .values({
        id: input.id,
        class_id: input.class_id,
        channel_id: input.channel_id,
        seq,
        author_uid: viewer.uid,
        author_name: displayName(viewer.displayName) || viewer.email,
        body: input.body,
        version: nextVersion,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    say(announce(input.channel_id, row.id));
    // Channel lists show unread counts from last_seq.
    say({ topic: 'channels', key: input.class_id, ids: [input.channel_id] });
    return presentMessage(row);
  });
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
