// Docs: docs/polls.md#secrecy — a poll as one viewer receives it. Every wire shape of a poll (the
// live query, a vote's and a close's answer) is built here, with `pollSight`: counts only to whom
// may see them, who voted what only to staff and only in a named poll. An anonymous poll's ballots
// carry no uid at all (their `voter` is a keyed hash), so there is nothing here that could name one.
import { createHmac } from 'node:crypto';
import { displayName, pollCounts, pollSight, type PollView, type Role } from '@seminar/shared';
import type { polls } from '../db/schema';

/** A poll row with its ballots (and, for a named poll, its voters' names), as read once per change. */
export type LoadedPoll = typeof polls.$inferSelect & {
  ballots: Array<{ voter: string; choice: string[] }>;
  /** Named polls: the voters' account names by uid (an anonymous poll has none to look up). */
  names: Map<string, string>;
  /** Whether the message that carries the poll was deleted (the poll goes with it). */
  message_deleted: boolean;
  /** Who posted it, as its message shows them. */
  author_name: string;
};

/**
 * The key a person's ballot is stored under: their uid in a named poll; in an anonymous poll an
 * HMAC of it with the poll's own salt — it finds a known person's ballot (to change it, to show
 * them their choice) but no ballot leads back to a person.
 */
export function ballotKey(poll: { anonymous: boolean; ballot_salt: string }, uid: string): string {
  if (!poll.anonymous) return uid;
  return createHmac('sha256', poll.ballot_salt).update(uid).digest('base64url');
}

/**
 * The name shown for a person in a poll or a spotlight — the one place that decides it, so that a
 * pseudonym can take its place in an anonymous activity (issue 30.3).
 */
export function shownName(accountName: string | undefined): string {
  return displayName(accountName ?? '') || 'Someone';
}

/** The poll as `viewer` (with `role` in its class) may see it. */
export function presentPoll(row: LoadedPoll, viewerUid: string, role: Role): PollView {
  const closed = row.closed_at !== null;
  const sight = pollSight(
    { anonymous: row.anonymous, results: row.results === 'closed' ? 'closed' : 'live', closed },
    role,
  );
  const counts = sight.counts
    ? pollCounts(
        row.options,
        row.ballots.map((ballot) => ballot.choice),
      )
    : null;
  const mine = row.ballots.find((ballot) => ballot.voter === ballotKey(row, viewerUid));
  return {
    id: row.id,
    class_id: row.class_id,
    channel_id: row.channel_id,
    question: row.question,
    multiple: row.multiple,
    anonymous: row.anonymous,
    results: row.results === 'closed' ? 'closed' : 'live',
    closed,
    closed_at: row.closed_at?.toISOString() ?? null,
    created_by: row.created_by ?? '',
    created_by_name: row.author_name,
    created_at: row.created_at.toISOString(),
    options: row.options.map((option, index) => ({
      id: option.id,
      text: option.text,
      count: counts ? (counts[index] ?? 0) : null,
    })),
    voter_count: sight.counts ? row.ballots.length : null,
    my_choice: mine ? [...mine.choice] : [],
    // `row.anonymous` is checked again here on purpose: a named list is never built for one.
    voters:
      sight.voters && !row.anonymous
        ? row.ballots.map((ballot) => ({
            uid: ballot.voter,
            name: shownName(row.names.get(ballot.voter)),
            option_ids: [...ballot.choice],
          }))
        : null,
    version: row.version,
  };
}
