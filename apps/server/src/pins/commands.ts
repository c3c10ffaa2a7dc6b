// Docs: docs/activities.md#case-brief-and-pins — the write path of pins: instructors and class admins
// pin and unpin any message of a channel they see, at most MAX_PINS_PER_CHANNEL per channel, counted
// under the channel row's lock (the lock an edit or delete of its messages takes too), so two pins
// racing on any nodes are counted one after the other.
import { and, eq, sql } from 'drizzle-orm';
import {
  can,
  PIN_LIMIT_MESSAGE,
  pinRefusal,
  refusalOf,
  type Pin,
  type PinInput,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { channels, messagePins, messages } from '../db/schema';
import { nextVersion, runCommand, type CommandScope, type Tx } from '../live/commands';

import { requireVisibleMessage } from '../messages/visible';
import { pinsTopic } from './live';
import { presentPin } from './presenters';
import { forbidden, notFound } from '../errors';

/** Tells the channel's pinned bars that these messages' pins changed (or went). */
export function announcePins(
  announce: CommandScope['announce'],
  channelId: string,
  ids: string[],
): void {
  if (ids.length > 0) announce({ topic: pinsTopic, key: channelId, ids });
}

/** Whether a message is pinned (an edit re-announces its pin, a delete drops it). */
export async function isPinned(tx: Db | Tx, messageId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: messagePins.message_id })
    .from(messagePins)
    .where(eq(messagePins.message_id, messageId));
  return row !== undefined;
}

/** Drops a message's pin (its delete) and announces it when it had one. */
export async function dropPin(
  tx: Tx,
  announce: CommandScope['announce'],
  message: { id: string; channel_id: string },
): Promise<void> {
  const gone = await tx
    .delete(messagePins)
    .where(eq(messagePins.message_id, message.id))
    .returning({ id: messagePins.message_id });
  announcePins(
    announce,
    message.channel_id,
    gone.map((row) => row.id),
  );
}

/**
 * Pins (`on`) or unpins a message. "Message not found." for a message the viewer cannot see, of
 * another class or deleted — the same as for an id that does not exist; FORBIDDEN for a student.
 * Pinning what is pinned, or unpinning what is not, changes nothing. Answers the pin (null: none).
 */
export async function messagePinner(
  db: Db,
  viewer: SessionUser,
  input: PinInput,
): Promise<Pin | null> {
  const { current, access } = await requireVisibleMessage(db, viewer, input.id);
  if (current.deleted) throw notFound('Message');
  if (!can(access.role, 'messages.pin')) throw forbidden(refusalOf('messages.pin'));
  return runCommand(db, async ({ tx, announce }) => {
    const [channel] = await tx
      .select({ id: channels.channel_id })
      .from(channels)
      .where(eq(channels.channel_id, current.channel_id))
      .for('update');
    if (!channel) throw notFound('Message');
    // Under the lock: a delete that committed meanwhile is seen here.
    const [message] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.id, input.id), eq(messages.deleted, false)));
    if (!message) throw notFound('Message');
    const [existing] = await tx
      .select()
      .from(messagePins)
      .where(eq(messagePins.message_id, input.id));
    if (!input.on) {
      if (!existing) return null;
      await tx.delete(messagePins).where(eq(messagePins.message_id, input.id));
      announcePins(announce, message.channel_id, [input.id]);
      return null;
    }
    if (existing) return presentPin(existing, message);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(messagePins)
      .innerJoin(messages, eq(messages.id, messagePins.message_id))
      .where(and(eq(messagePins.channel_id, message.channel_id), eq(messages.deleted, false)));
    if (pinRefusal(Number(count?.n ?? 0), false) === 'limit') throw forbidden(PIN_LIMIT_MESSAGE);
    const [pin] = await tx
      .insert(messagePins)
      .values({
        message_id: message.id,
        class_id: message.class_id,
        channel_id: message.channel_id,
        seq: message.seq,
        pinned_by: viewer.uid,
        pinned_by_name: viewer.displayName,
        version: nextVersion,
      })
      .returning();
    if (!pin) throw new Error('insert returned nothing');
    announcePins(announce, message.channel_id, [message.id]);
    return presentPin(pin, message);
  });
}
