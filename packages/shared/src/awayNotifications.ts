// Docs: docs/channels.md#notifications — reaching people who are away: the rules the missed-mention
// e-mails, the settings page and the server share (the delays, the digest's words, the link that
// opens a channel at a message).
import { cutText } from './cutText';
import { countOf, plural } from './plural';
import { splitMentions } from './mentions';

/** How long a mention may stay unread before it is e-mailed; `off` sends no e-mail. */
export const EMAIL_DELAYS = ['off', '10m', '1h'] as const;
export type EmailDelay = (typeof EMAIL_DELAYS)[number];

/** The delay a person has before they choose one. */
export const DEFAULT_EMAIL_DELAY: EmailDelay = '10m';

/** The delay in milliseconds; null for `off`. */
export function emailDelayMs(delay: EmailDelay): number | null {
  if (delay === 'off') return null;
  return delay === '10m' ? 10 * 60_000 : 60 * 60_000;
}

/** The settings page's words for each delay. */
export const EMAIL_DELAY_LABELS: Record<EmailDelay, string> = {
  off: 'Never',
  '10m': 'After 10 minutes',
  '1h': 'After 1 hour',
};

/** A person's choices for reaching them while away (docs/channels.md#notifications). */
export interface NotificationSettings {
  uid: string;
  email_delay: EmailDelay;
  /** Classes whose mentions are neither e-mailed nor pushed. */
  muted_class_ids: string[];
  /** The row's version (0: never changed, the defaults). */
  version: number;
}

/** The longest excerpt a digest quotes of one message. */
export const DIGEST_EXCERPT_LENGTH = 160;

/**
 * A message as one line of plain text for a digest: mentions as `@Name` (or `@someone`), markdown's
 * marks and line breaks folded away, at most `max` characters (DIGEST_EXCERPT_LENGTH; a push asks
 * for PUSH_EXCERPT_LENGTH) cut at a word with "…".
 */
export function digestExcerpt(
  body: string,
  names: ReadonlyMap<string, string>,
  max: number = DIGEST_EXCERPT_LENGTH,
): string {
  const text = splitMentions(body)
    .map((part) =>
      part.kind === 'text'
        ? part.text
        : part.kind === 'channel'
          ? '@channel'
          : `@${names.get(part.uid) ?? 'someone'}`,
    )
    .join('')
    // Fences, emphasis, headings, quotes and list marks say nothing in a one-line excerpt.
    .replace(/```[a-z0-9]*|[*_~`]+|^\s*(#{1,6}|>|[-+]|\d+\.)\s+/gim, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = cutText(text, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The class chat's search parameters that open a channel at a message (a digest's links). */
export const MESSAGE_PARAM = 'message';
export const SEQ_PARAM = 'seq';

/** The in-app path that opens a class's channel at one message. */
export function messageLinkPath(ref: {
  class_id: string;
  channel_id: string;
  message_id: string;
  seq: number;
}): string {
  const search = new URLSearchParams({
    channel: ref.channel_id,
    [MESSAGE_PARAM]: ref.message_id,
    [SEQ_PARAM]: String(ref.seq),
  });
  return `/classes/${encodeURIComponent(ref.class_id)}?${search.toString()}`;
}

/** The in-app path of the notification settings page. */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

/** A digest's subject: how many messages, and where when they are all in one class. */
export function digestSubject(count: number, classNames: readonly string[]): string {
  const what = plural(count, {
    one: 'You were mentioned',
    other: `${countOf(count, { one: 'message', other: 'messages' })} mention you`,
  });
  const where = new Set(classNames);
  return where.size === 1 ? `${what} in ${[...where][0]}` : `${what} while you were away`;
}
