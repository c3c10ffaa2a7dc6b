// Docs: docs/polls.md — the live polls of a channel: each poll with its counts, shaped per viewer
// (presenters.ts). A vote announces its poll; every node reads the poll and its ballots once and
// presents it to each subscriber by their role.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { pollsLiveInputSchema, type PollView } from '@seminar/shared';
import type { ChannelAccess } from '../channels/access';
import type { Db } from '../db/client';
import { messages, pollBallots, polls, users } from '../db/schema';
import type { Tx } from '../live/commands';
import type { CollectionTopic } from '../live/topic';
import { presentPoll, type LoadedPoll } from './presenters';
import { channelScoped } from '../channels/topicScopes';

/** A channel's snapshot holds its newest polls, at most this many (older ones stay as messages). */
export const POLLS_SNAPSHOT_MAX = 100;

/** Polls of a channel with their ballots: by id, or the newest POLLS_SNAPSHOT_MAX. */
export async function loadPolls(
  db: Db | Tx,
  channelId: string,
  ids?: readonly string[],
): Promise<LoadedPoll[]> {
  const rows = await db
    .select({ poll: polls, deleted: messages.deleted, author_name: messages.author_name })
    .from(polls)
    .innerJoin(messages, eq(messages.id, polls.id))
    .where(and(eq(polls.channel_id, channelId), ids ? inArray(polls.id, [...ids]) : undefined))
    .orderBy(desc(polls.created_at))
    .limit(ids ? ids.length : POLLS_SNAPSHOT_MAX);
  if (rows.length === 0) return [];
  const ballots = await db
    .select()
    .from(pollBallots)
    .where(
      inArray(
        pollBallots.poll_id,
        rows.map((row) => row.poll.id),
      ),
    )
    .orderBy(pollBallots.voter);
  // Names only for named polls: an anonymous poll's voter keys are not uids.
  const named = new Set(rows.filter((row) => !row.poll.anonymous).map((row) => row.poll.id));
  const uids = [...new Set(ballots.filter((b) => named.has(b.poll_id)).map((b) => b.voter))];
  const names = new Map<string, string>();
  if (uids.length > 0) {
    const found = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, uids));
    for (const user of found) names.set(user.id, user.name);
  }
  return rows.map(({ poll, deleted, author_name }) => ({
    ...poll,
    ballots: ballots
      .filter((ballot) => ballot.poll_id === poll.id)
      .map((ballot) => ({ voter: ballot.voter, choice: ballot.choice })),
    names: named.has(poll.id) ? names : new Map(),
    message_deleted: deleted,
    author_name,
  }));
}

type PollsInput = { class_id: string; channel_id: string };

/** The polls of a channel the viewer can see, live, each as the viewer may see it. */
export const pollsTopic: CollectionTopic<
  PollsInput,
  LoadedPoll,
  ChannelAccess,
  PollsInput,
  PollView
> = {
  name: 'polls.live',
  kind: 'collection',
  input: pollsLiveInputSchema,
  ...channelScoped,
  snapshot: async (services, _viewer, input) =>
    (await loadPolls(services.database.db, input.channel_id)).filter((row) => !row.message_deleted),
  load: (services, key, ids) => loadPolls(services.database.db, key, ids),
  visible: (row) => !row.message_deleted,
  // The per-viewer shape: nothing of a LoadedPoll reaches a socket without going through it.
  present: (row, viewer, access) => presentPoll(row, viewer.uid, access.role),
  // A class voting at once: one read and one encoding per subscriber per quarter second, not per
  // vote (each subscriber's shape is its own, so each vote would cost an encoding per subscriber).
  coalesceMs: 250,
  id: (row) => row.id,
};
