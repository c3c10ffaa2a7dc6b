// Docs: docs/polls.md — the pure rules of polls, used by the server (refusals, what each viewer is
// sent) and the web (which controls to show): input limits, whether a vote is valid, and who sees
// the counts and who voted what.
import { csvRows } from './csv';
import type { Role } from './constants';

/** A poll has 2 to 10 options. */
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;
/** A poll's question, at most this many characters. */
export const POLL_QUESTION_MAX_LENGTH = 300;
/** One option's text, at most this many characters. */
export const POLL_OPTION_MAX_LENGTH = 200;

/** When students see the counts: as votes come in, or once the poll is closed. */
export const POLL_RESULTS = ['live', 'closed'] as const;
export type PollResults = (typeof POLL_RESULTS)[number];

/** The id of the option at `index` (0-based): `o1` … `o10`, stable for the poll's life. */
export function pollOptionId(index: number): string {
  return `o${index + 1}`;
}

/** What a problem with a poll's options is, or null: count, blanks, length, duplicates. */
export function pollOptionsProblem(options: readonly string[]): string | null {
  if (options.length < POLL_MIN_OPTIONS) return `A poll needs at least ${POLL_MIN_OPTIONS} options`;
  if (options.length > POLL_MAX_OPTIONS)
    return `A poll can have at most ${POLL_MAX_OPTIONS} options`;
  const seen = new Set<string>();
  for (const option of options) {
    const text = option.trim();
    if (text === '') return 'An option cannot be empty';
    if (text.length > POLL_OPTION_MAX_LENGTH)
      return `An option can be at most ${POLL_OPTION_MAX_LENGTH} characters`;
    const folded = text.toLowerCase();
    if (seen.has(folded)) return `The option "${text}" is there twice`;
    seen.add(folded);
  }
  return null;
}

/** What a vote needs to know of its poll. */
export interface PollForVote {
  options: ReadonlyArray<{ id: string }>;
  multiple: boolean;
  closed: boolean;
}

export type VoteRefusal = 'closed' | 'empty' | 'unknownOption' | 'duplicate' | 'single';

/**
 * Whether `optionIds` is a valid vote in `poll`: the poll is open, at least one option, each one
 * of the poll's, none twice, and only one in a single-choice poll. The choice comes back in the
 * poll's option order (so two equal votes are stored alike).
 */
export function checkVote(
  poll: PollForVote,
  optionIds: readonly string[],
): { ok: true; choice: string[] } | { ok: false; reason: VoteRefusal } {
  if (poll.closed) return { ok: false, reason: 'closed' };
  if (optionIds.length === 0) return { ok: false, reason: 'empty' };
  if (new Set(optionIds).size !== optionIds.length) return { ok: false, reason: 'duplicate' };
  const known = new Set(poll.options.map((option) => option.id));
  if (optionIds.some((id) => !known.has(id))) return { ok: false, reason: 'unknownOption' };
  if (!poll.multiple && optionIds.length > 1) return { ok: false, reason: 'single' };
  const chosen = new Set(optionIds);
  return { ok: true, choice: poll.options.map((o) => o.id).filter((id) => chosen.has(id)) };
}

/** The words of a refused vote (the server's error message, the web's too). */
export function voteRefusalMessage(reason: VoteRefusal): string {
  switch (reason) {
    case 'closed':
      return 'This poll is closed: votes can no longer be cast or changed.';
    case 'empty':
      return 'Choose an option to vote.';
    case 'unknownOption':
      return 'That option is not in this poll.';
    case 'duplicate':
      return 'An option can be chosen only once.';
    case 'single':
      return 'This poll takes one choice only.';
  }
}

/** What decides who sees a poll's results. */
export interface PollForSight {
  anonymous: boolean;
  results: PollResults;
  closed: boolean;
}

/**
 * What a viewer with `role` in the class sees of a poll's results — the one rule every wire shape
 * and export follows (the server builds each viewer's shape with it):
 * - `counts`: staff (instructors, class admins) always; students when results are live, or once
 *   the poll is closed.
 * - `voters` (who chose what): staff, in a named poll only. In an anonymous poll nobody, ever.
 * Everyone always sees their own choice (not decided here: it is theirs).
 */
export function pollSight(poll: PollForSight, role: Role): { counts: boolean; voters: boolean } {
  const staff = role === 'instructor' || role === 'admin';
  return {
    counts: staff || poll.results === 'live' || poll.closed,
    voters: staff && !poll.anonymous,
  };
}

/** May someone with `role` post and close polls? Instructors and class admins. */
export function canRunPolls(role: Role | null | undefined): boolean {
  return role === 'instructor' || role === 'admin';
}

/** The counts per option of a set of choices, in the options' order. */
export function pollCounts(
  options: ReadonlyArray<{ id: string }>,
  choices: ReadonlyArray<readonly string[]>,
): number[] {
  const counts = new Map(options.map((option) => [option.id, 0]));
  for (const choice of choices)
    for (const id of choice) if (counts.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return options.map((option) => counts.get(option.id) ?? 0);
}

/** What the CSV export needs of a poll: what the viewer was sent, nothing more. */
export interface PollForCsv {
  question: string;
  options: ReadonlyArray<{ id: string; text: string; count: number | null }>;
  voters: ReadonlyArray<{ name: string; option_ids: readonly string[] }> | null;
}

/**
 * A poll's results as CSV (formula-guarded by csvRows): one row per option with its count, then —
 * only when the viewer was sent who voted what (staff, named poll) — one row per voter and option.
 */
export function pollCsv(poll: PollForCsv): string {
  const rows: Array<Array<string | number | null>> = [['question', 'option', 'votes']];
  for (const option of poll.options) rows.push([poll.question, option.text, option.count]);
  if (poll.voters) {
    const textOf = new Map(poll.options.map((option) => [option.id, option.text]));
    rows.push([]);
    rows.push(['voter', 'option']);
    for (const voter of poll.voters)
      for (const id of voter.option_ids) rows.push([voter.name, textOf.get(id) ?? id]);
  }
  return csvRows(rows);
}
