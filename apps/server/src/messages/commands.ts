// Docs: docs/realtime.md#ordered-streams-messages — the write path of messages. Posting goes through the
// node's send queue (group commit, sendQueue.ts); edits and deletes take the channel row's lock
// first, so versions within a channel follow commit order and a resuming stream misses nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  applyReaction,
  can,
  parseMentions,
  pseudonymizeMessage,
  reactionRefusalMessage,
  refusalOf,
  type Message,
  type MessageEditInput,
  type MessageReactInput,
  type Role,
} from '@seminar/shared';
import { drainObjectDeletions, queueObjectDeletions } from '../attachments/store';
import type { S3ObjectStore } from '../attachments/s3';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { attachments, channels, messages } from '../db/schema';
import { nextVersion, runCommand, type CommandScope, type Tx } from '../live/commands';

import { channelsTopic, viewerChannelsKey } from '../channels/live';
import { pollsTopic } from '../polls/live';
import { messagesTopic } from './live';
import { canDeleteMessage, canEditMessage } from './policies';
import { presentMessage } from './presenters';
import { announcePins, dropPin, isPinned } from '../pins/commands';
import { anonymousActivityOf, ensurePseudonym } from '../activities/anonymity';
import { isStaffRole } from './phaseAccess';
import { requireVisibleMessage } from './visible';
import { forbidden, notFound } from '../errors';

/**
 * A command's answer as its caller may see it: a student in an anonymous activity's case channel
 * gets pseudonyms (docs/activities.md#anonymity) — the author and the reactors. One read, only
 * when the message carries a pseudonym.
 */
async function answerFor(db: Db, role: Role, message: Message): Promise<Message> {
  if (isStaffRole(role) || (message.pseudonym === undefined && !message.pseudonyms)) return message;
  const activityId = await anonymousActivityOf(db, message.class_id, message.channel_id);
  return activityId === null ? message : pseudonymizeMessage(message, activityId);
}

async function lockChannel(tx: Tx, channelId: string) {
  const [channel] = await tx
    .select({ last_seq: channels.last_seq, enabled: channels.enabled })
    .from(channels)
    .where(eq(channels.channel_id, channelId))
    .for('update');
  if (!channel) throw notFound('Channel');
  return channel;
}

function announceMessage(
  announce: CommandScope['announce'],
  row: { channel_id: string; id: string; version: number },
) {
  announce({ topic: messagesTopic, key: row.channel_id, ids: [row.id], version: row.version });
}

/**
 * The channel lists whose mention counts a change of these mentions moves: each mentioned person's
 * (their lists re-read their counts), or — `@channel` — every list of the class.
 */
export function announceMentionCounts(
  announce: CommandScope['announce'],
  classId: string,
  ...mentions: Array<{ mentions: string[]; mentions_channel: boolean }>
) {
  if (mentions.some((mention) => mention.mentions_channel)) {
    announce({ topic: channelsTopic, key: classId, ids: null });
    return;
  }
  const uids = new Set(mentions.flatMap((mention) => mention.mentions));
  for (const uid of uids)
    announce({ topic: channelsTopic, key: viewerChannelsKey(uid), ids: null });
}

/** Edits one's own message. */
export async function messageEditor(
  db: Db,
  viewer: SessionUser,
  input: MessageEditInput,
): Promise<Message> {
  const { current, access } = await requireVisibleMessage(db, viewer, input.id);
  if (!canEditMessage(viewer.uid, current)) throw forbidden('You can only edit your own messages.');
  const mentions = parseMentions(input.body);
  if (mentions.channel && !current.mentions_channel && !can(access.role, 'messages.mentionChannel'))
    throw forbidden(refusalOf('messages.mentionChannel'));
  const edited = await runCommand(db, async ({ tx, announce }) => {
    await lockChannel(tx, current.channel_id);
    const [row] = await tx
      .update(messages)
      .set({
        body: input.body,
        mentions: mentions.uids,
        mentions_channel: mentions.channel,
        edited_at: sql`now()`,
        version: nextVersion,
      })
      .where(and(eq(messages.id, input.id), eq(messages.deleted, false)))
      .returning();
    if (!row) throw notFound('Message');
    announceMessage(announce, row);
    announceMentionCounts(announce, row.class_id, current, row);
    // A pinned message's new words reach the pinned bars (docs/activities.md).
    if (await isPinned(tx, row.id)) announcePins(announce, row.channel_id, [row.id]);
    return presentMessage(row);
  });
  return answerFor(db, access.role, edited);
}

/**
 * Deletes a message (soft: it keeps its seq; the text is dropped from what clients get) and, for
 * good, the files on it.
 */
export async function messageDeleter(
  db: Db,
  viewer: SessionUser,
  id: string,
  files: { objects: S3ObjectStore | null; log: FastifyBaseLogger },
): Promise<Message> {
  const { current, access } = await requireVisibleMessage(db, viewer, id);
  if (!canDeleteMessage(viewer.uid, access.role, current))
    throw forbidden('You can only delete your own messages.');
  let objectKeys: string[] = [];
  const deleted = await runCommand(db, async ({ tx, announce }) => {
    await lockChannel(tx, current.channel_id);
    const [row] = await tx
      .update(messages)
      // What it said goes with it: an agent's payload (a chart) and its mentions too.
      .set({
        deleted: true,
        reactions: [],
        attachments: [],
        ai: null,
        mentions: [],
        mentions_channel: false,
        version: nextVersion,
      })
      .where(eq(messages.id, id))
      .returning();
    // The files go with the message (docs/channels.md#attachments); objects in the S3 store are
    // queued here and deleted once the rows' deletion has committed (a rolled-back delete keeps
    // them; a failed object delete stays queued for a retry).
    const gone = await tx
      .delete(attachments)
      .where(eq(attachments.message_id, id))
      .returning({ key: attachments.object_key });
    objectKeys = await queueObjectDeletions(
      tx,
      gone.map((file) => file.key),
    );
    if (!row) throw notFound('Message');
    // A deleted message drops out of the pins (docs/activities.md).
    await dropPin(tx, announce, row);
    announceMessage(announce, row);
    // A poll goes with the message that carries it (docs/polls.md): its subscribers drop it.
    announce({ topic: pollsTopic, key: row.channel_id, ids: [row.id] });
    if (!current.deleted) announceMentionCounts(announce, row.class_id, current);
    return presentMessage(row);
  });
  // In the background: the message is deleted whatever the store does (a failure stays queued).
  if (objectKeys.length > 0) void drainObjectDeletions(db, files.objects, files.log, objectKeys);
  return answerFor(db, access.role, deleted);
}

/**
 * Adds (`on`) or removes the viewer's reaction to a message of a channel they can see (docs/
 * channels.md#reactions). Under the channel's lock, like an edit, so the message's versions follow
 * commit order; the new reactions reach every subscriber as the message's next version. Adding what
 * is there or removing what is not changes nothing and bumps nothing.
 */
export async function messageReactor(
  db: Db,
  viewer: SessionUser,
  input: MessageReactInput,
): Promise<Message> {
  const { current, access } = await requireVisibleMessage(db, viewer, input.id);
  if (current.deleted) throw notFound('Message');
  const answer = await runCommand(db, async ({ tx, announce }) => {
    const channel = await lockChannel(tx, current.channel_id);
    if (!channel.enabled) throw forbidden('This channel is disabled: nobody can react in it.');
    const [fresh] = await tx.select().from(messages).where(eq(messages.id, input.id));
    if (!fresh || fresh.deleted) throw notFound('Message');
    const outcome = applyReaction(fresh.reactions, viewer.uid, input.emoji, input.on);
    if (!outcome.ok) throw forbidden(reactionRefusalMessage(outcome.reason));
    if (!outcome.changed) return presentMessage(fresh);
    // In an anonymous case channel a student's reaction shows to students under their pseudonym:
    // the message keeps its reactors' numbers, so the live path shapes it without a read.
    const anonymous =
      input.on && !isStaffRole(access.role)
        ? await anonymousActivityOf(tx, fresh.class_id, fresh.channel_id)
        : null;
    const pseudonyms =
      anonymous === null
        ? fresh.pseudonyms
        : {
            ...fresh.pseudonyms,
            [viewer.uid]: await ensurePseudonym(tx, anonymous, fresh.channel_id, viewer.uid),
          };
    const [row] = await tx
      .update(messages)
      .set({ reactions: outcome.reactions, pseudonyms, version: nextVersion })
      .where(eq(messages.id, input.id))
      .returning();
    if (!row) throw notFound('Message');
    announceMessage(announce, row);
    return presentMessage(row);
  });
  return answerFor(db, access.role, answer);
}
