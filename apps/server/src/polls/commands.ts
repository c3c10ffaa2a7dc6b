// Docs: docs/polls.md — the write path of polls: post (a message that carries the poll, in the
// channel's stream at its seq, and the poll, in one transaction), vote (or change one's vote), close.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  canRunPolls,
  checkVote,
  pollOptionId,
  voteRefusalMessage,
  type PollCreateInput,
  type PollView,
  type PollVoteInput,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireChannelAccess, type ChannelAccess } from '../channels/access';
import { channelsTopic } from '../channels/live';
import type { Db } from '../db/client';
import { channels, messages, pollBallots, polls } from '../db/schema';
import { auditFields, nextVersion, runCommand, type Tx } from '../live/commands';

import { messagesTopic } from '../messages/live';
import { loadPolls, pollsTopic } from './live';
import { ballotKey, presentPoll } from './presenters';
import { DomainError, forbidden, idTaken, isNotFound, notFound } from '../errors';

const STAFF_ONLY = 'Only instructors and class admins can post and close polls.';

/** The message text that carries a poll: what search, notifications and older clients show. */
export function pollMessageBody(question: string, options: readonly string[]): string {
  return [`📊 Poll: ${question}`, ...options.map((option) => `- ${option}`)].join('\n');
}

/** The poll as the viewer sees it, read inside the command's transaction. */
async function presented(
  tx: Tx,
  channelId: string,
  id: string,
  viewer: SessionUser,
  access: ChannelAccess,
) {
  const [row] = await loadPolls(tx, channelId, [id]);
  if (!row) throw notFound('Poll');
  return presentPoll(row, viewer.uid, access.role);
}

/**
 * Posts a poll in a channel: instructors and class admins only. Its id is the id of the message
 * that carries it; a retry with the same id gets the poll it made.
 */
export async function pollCreator(
  db: Db,
  viewer: SessionUser,
  input: PollCreateInput,
): Promise<PollView> {
  const access = await requireChannelAccess(db, viewer, input.class_id, input.channel_id);
  if (!canRunPolls(access.role)) throw forbidden(STAFF_ONLY);
  return runCommand(db, async ({ tx, announce }) => {
    const [channel] = await tx
      .select({ last_seq: channels.last_seq, enabled: channels.enabled })
      .from(channels)
      .where(eq(channels.channel_id, input.channel_id))
      .for('update');
    if (!channel) throw notFound('Channel');
    if (!channel.enabled) throw forbidden('This channel is disabled: nobody can post in it.');
    const [taken] = await tx
      .select({ author: messages.author_uid, channel: messages.channel_id })
      .from(messages)
      .where(eq(messages.id, input.id));
    if (taken) {
      const [mine] = await tx.select({ id: polls.id }).from(polls).where(eq(polls.id, input.id));
      if (!mine || taken.author !== viewer.uid || taken.channel !== input.channel_id)
        throw idTaken('message');
      return presented(tx, input.channel_id, input.id, viewer, access);
    }
    const seq = channel.last_seq + 1;
    const [message] = await tx
      .insert(messages)
      .values({
        id: input.id,
        class_id: input.class_id,
        channel_id: input.channel_id,
        seq,
        author_uid: viewer.uid,
        author_name: viewer.displayName,
        body: pollMessageBody(input.question, input.options),
        version: nextVersion,
      })
      .returning({ id: messages.id, version: messages.version });
    await tx
      .update(channels)
      .set({ last_seq: seq, version: nextVersion })
      .where(eq(channels.channel_id, input.channel_id));
    await tx.insert(polls).values({
      id: input.id,
      class_id: input.class_id,
      channel_id: input.channel_id,
      question: input.question,
      options: input.options.map((text, index) => ({ id: pollOptionId(index), text })),
      multiple: input.multiple,
      anonymous: input.anonymous,
      results: input.results,
      ballot_salt: randomBytes(32).toString('base64url'),
      created_by: viewer.uid,
      ...auditFields(viewer),
      version: nextVersion,
    });
    if (message)
      announce({
        topic: messagesTopic,
        key: input.channel_id,
        ids: [message.id],
        version: message.version,
      });
    announce({ topic: channelsTopic, key: input.class_id, ids: [input.channel_id] });
    announce({ topic: pollsTopic, key: input.channel_id, ids: [input.id] });
    return presented(tx, input.channel_id, input.id, viewer, access);
  });
}

/**
 * The poll with `id` and the viewer's access to its channel, or "Poll not found." — the same for a
 * poll that does not exist, one whose message was deleted, and one in a channel the viewer cannot see.
 */
async function requireVisiblePoll(db: Db, viewer: SessionUser, id: string) {
  const [poll] = await db
    .select({ class_id: polls.class_id, channel_id: polls.channel_id })
    .from(polls)
    .where(eq(polls.id, id));
  if (!poll) throw notFound('Poll');
  try {
    const access = await requireChannelAccess(db, viewer, poll.class_id, poll.channel_id);
    return { poll, access };
  } catch (error) {
    throw isNotFound(error) ? notFound('Poll') : error;
  }
}

/** Locks the poll's row (votes and the close of one poll follow each other) and reads it. */
async function lockPoll(tx: Tx, id: string) {
  const [row] = await tx
    .select({ poll: polls, deleted: messages.deleted })
    .from(polls)
    .innerJoin(messages, eq(messages.id, polls.id))
    .where(eq(polls.id, id))
    .for('update', { of: polls });
  if (!row || row.deleted) throw notFound('Poll');
  return row.poll;
}

/**
 * Casts or changes the viewer's vote (anyone who sees the channel). In an anonymous poll the
 * ballot is stored under a keyed hash of the voter, and the poll row's audit fields are left as
 * they are: nothing written names the voter.
 */
export async function pollVoter(
  db: Db,
  viewer: SessionUser,
  input: PollVoteInput,
): Promise<PollView> {
  const { poll: ref, access } = await requireVisiblePoll(db, viewer, input.id);
  return runCommand(db, async ({ tx, announce }) => {
    const poll = await lockPoll(tx, input.id);
    const outcome = checkVote(
      { options: poll.options, multiple: poll.multiple, closed: poll.closed_at !== null },
      input.option_ids,
    );
    if (!outcome.ok)
      throw new DomainError({
        code: outcome.reason === 'closed' ? 'FORBIDDEN' : 'BAD_REQUEST',
        message: voteRefusalMessage(outcome.reason),
      });
    const voter = ballotKey(poll, viewer.uid);
    const [before] = await tx
      .select({ choice: pollBallots.choice })
      .from(pollBallots)
      .where(sql`${pollBallots.poll_id} = ${poll.id} and ${pollBallots.voter} = ${voter}`);
    if (before && before.choice.join(',') === outcome.choice.join(','))
      return presented(tx, ref.channel_id, poll.id, viewer, access);
    await tx
      .insert(pollBallots)
      .values({ poll_id: poll.id, voter, choice: outcome.choice })
      .onConflictDoUpdate({
        target: [pollBallots.poll_id, pollBallots.voter],
        set: { choice: outcome.choice },
      });
    // Only the version moves, so every subscriber gets the new counts; no audit field names a voter.
    await tx.update(polls).set({ version: nextVersion }).where(eq(polls.id, poll.id));
    announce({ topic: pollsTopic, key: ref.channel_id, ids: [poll.id] });
    return presented(tx, ref.channel_id, poll.id, viewer, access);
  });
}

/** Closes a poll (instructors and class admins): no vote is cast or changed after it. */
export async function pollCloser(db: Db, viewer: SessionUser, id: string): Promise<PollView> {
  const { poll: ref, access } = await requireVisiblePoll(db, viewer, id);
  if (!canRunPolls(access.role)) throw forbidden(STAFF_ONLY);
  return runCommand(db, async ({ tx, announce }) => {
    const poll = await lockPoll(tx, id);
    if (poll.closed_at === null) {
      await tx
        .update(polls)
        .set({ closed_at: sql`now()`, ...auditFields(viewer), version: nextVersion })
        .where(eq(polls.id, id));
      announce({ topic: pollsTopic, key: ref.channel_id, ids: [id] });
    }
    return presented(tx, ref.channel_id, id, viewer, access);
  });
}
