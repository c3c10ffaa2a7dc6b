// Docs: docs/accessibility.md#live-regions — what a screen reader is told about a channel while it
// is open: only messages of others that arrive while it is open, once each, in a few words (the list
// itself is not a live region: opening a channel, scrolling back through history, reactions and
// edits announce nothing). Pure rules here; the region is LiveAnnouncer.tsx.
import { decodeMentions, type Message } from '@seminar/shared';

/** At most this many characters of a message's text are read out. */
export const ANNOUNCED_TEXT_MAX = 200;
/** More messages than this arriving at once are announced as a count. */
export const ANNOUNCED_AT_ONCE_MAX = 3;
/**
 * A message counts as having arrived while the channel is open when it was written after the list
 * opened, less this slack (the time from sending to arrival; clocks measured against the server's).
 * Messages missed while the channel was closed, caught up right after it reopens, are older.
 */
export const ARRIVAL_SLACK_MS = 30_000;

/** A message's text as it is read out: mentions by name, markdown marks left out, shortened. */
export function spokenText(body: string, nameOf: (uid: string) => string | undefined): string {
  const text = decodeMentions(body, nameOf)
    // [label](url) reads as its label; images as their alt text.
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`{1,3}/g, '')
    .replace(/(\*\*|__|~~|\*|_)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > ANNOUNCED_TEXT_MAX
    ? `${text.slice(0, ANNOUNCED_TEXT_MAX - 1).trimEnd()}…`
    : text;
}

/** What is said for one new message: "Marie Curie: Has anyone read chapter 3?". */
export function arrivalText(
  message: Pick<Message, 'body' | 'deleted'>,
  author: string,
  nameOf: (uid: string) => string | undefined,
): string {
  const who = author.trim() || 'Someone';
  const text = message.deleted ? '' : spokenText(message.body, nameOf);
  return text === '' ? `New message from ${who}` : `${who}: ${text}`;
}

/** The messages of `next` to announce: appended after `newestSeq`, by others, written after `since`. */
export function arrivals<M extends Pick<Message, 'seq' | 'author_uid' | 'created_at'>>(
  next: readonly M[],
  newestSeq: number,
  viewerUid: string,
  since: number,
): M[] {
  return next.filter(
    (message) =>
      message.seq > newestSeq && message.author_uid !== viewerUid && message.created_at >= since,
  );
}

/** What is said for a batch of arrivals: each, or a count when many came at once. */
export function arrivalsText(spoken: readonly { author: string; text: string }[]): string[] {
  if (spoken.length <= ANNOUNCED_AT_ONCE_MAX) return spoken.map((one) => one.text);
  const last = spoken.at(-1);
  return [`${spoken.length} new messages, the latest from ${last?.author.trim() || 'someone'}`];
}

/** What is said when people start typing: "Ada started typing", "Ada and Bo started typing". */
export function startedTypingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  const all =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${all} started typing`;
}

/**
 * The typing line's announcements: only people who just started typing (not already typing in the
 * previous line), so each person is announced at most once per burst of typing.
 */
export function newlyTyping(before: readonly string[], now: readonly string[]): string[] {
  const seen = new Set(before);
  return now.filter((name) => !seen.has(name));
}
