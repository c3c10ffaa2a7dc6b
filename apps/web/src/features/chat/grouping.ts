// How the chat lays messages out: a divider for each day, and consecutive messages of one author on
// that day (less than GROUP_GAP_MS apart) under one name and time. Days are the reader's own (their
// browser's time zone) unless a zone is given.

import { isPseudonymKey, pseudonymLabel } from '@seminar/shared';

/** The message fields the layout reads. */
export interface GroupableMessage {
  id: string;
  author_uid: string;
  author_name: string;
  /** In an anonymous activity's case channel: the author's pseudonym number. */
  pseudonym?: number;
  /** Epoch ms. */
  created_at: number;
}

/** Messages further apart than this start a new group even from the same author. */
export const GROUP_GAP_MS = 5 * 60_000;

export interface DayDivider {
  kind: 'day';
  /** YYYY-MM-DD in the zone used. */
  key: string;
  label: string;
  /** What a screen reader names the divider: the full date, also for "Today" and "Yesterday". */
  name: string;
}

export interface MessageGroup<M extends GroupableMessage> {
  kind: 'group';
  /** The first message's id. */
  key: string;
  authorUid: string;
  authorName: string;
  /** The first message's time. */
  startedAt: number;
  messages: M[];
}

export type ChatItem<M extends GroupableMessage> = DayDivider | MessageGroup<M>;

export interface LayoutOptions {
  /** The reader's clock (for "Today" and "Yesterday"). */
  now?: number;
  /** Default: the browser's zone. */
  timeZone?: string;
  locale?: string;
  gapMs?: number;
}

// Building an Intl.DateTimeFormat costs far more than formatting with one (a 5,000-message
// channel spent seconds of its scrolling building them, bench/chat.ts): one per kind, zone and locale.
const formats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(
  kind: 'dayKey' | 'dayLabel' | 'time',
  locale: string | undefined,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${kind}\u0000${locale ?? ''}\u0000${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    // Zones and locales in use are few; a stray caller cannot grow this without bound.
    if (formats.size >= 64) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** The calendar day of `ms` in `timeZone`, as YYYY-MM-DD. */
export function dayKey(ms: number, timeZone?: string): string {
  return cachedFormat('dayKey', 'en-CA', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
}

/** "Today", "Yesterday", or the full date, e.g. "Monday, March 2, 2026". */
export function dayLabel(ms: number, options: LayoutOptions = {}): string {
  const { now = Date.now(), timeZone } = options;
  const key = dayKey(ms, timeZone);
  if (key === dayKey(now, timeZone)) return 'Today';
  // Noon-to-noon steps are safe across daylight-saving changes.
  if (key === dayKey(now - 24 * 3_600_000, timeZone)) return 'Yesterday';
  return fullDateLabel(ms, options);
}

/** The time of day of a message, e.g. "9:05 AM". */
export function timeLabel(ms: number, options: Pick<LayoutOptions, 'timeZone' | 'locale'> = {}) {
  return cachedFormat('time', options.locale, options.timeZone, {
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(ms));
}

/** The full date of `ms`, e.g. "Tuesday, November 24, 2026" (the locale's order and words). */
export function fullDateLabel(
  ms: number,
  options: Pick<LayoutOptions, 'timeZone' | 'locale'> = {},
) {
  return cachedFormat('dayLabel', options.locale, options.timeZone, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(ms));
}

/** A day divider's accessible name: "Today, Sunday, November 29, 2026" or the date alone. */
export function dayName(ms: number, options: LayoutOptions = {}): string {
  const label = dayLabel(ms, options);
  const date = fullDateLabel(ms, options);
  return label === date ? date : `${label}, ${date}`;
}

/** When a message was written, for a screen reader: "10:42 AM", with the date unless it is today. */
export function whenLabel(ms: number, options: LayoutOptions = {}): string {
  const time = timeLabel(ms, options);
  const { now = Date.now(), timeZone } = options;
  return dayKey(ms, timeZone) === dayKey(now, timeZone)
    ? time
    : `${time}, ${fullDateLabel(ms, options)}`;
}

/**
 * Every message's accessible name says who wrote it and when (follow-on messages of an author group
 * too, which show neither): "Marie Curie, 10:42 AM", "Participant 3, 9:05 AM, Monday, March 2, 2026".
 */
export function messageLabel(author: string, ms: number, options: LayoutOptions = {}): string {
  return `${author.trim() || 'Someone'}, ${whenLabel(ms, options)}`;
}

/**
 * The message an action acts on, for its button's name: "Marie Curie's message at 10:42 AM", or
 * "your message at 9:05 AM, Monday, March 2, 2026".
 */
export function messageTarget(
  author: string,
  ms: number,
  own: boolean,
  options: LayoutOptions = {},
): string {
  const whose = own ? 'your' : `${author.trim() || 'Someone'}'s`;
  return `${whose} message at ${whenLabel(ms, options)}`;
}

// A long channel regroups all its loaded messages whenever a page of older ones arrives: each
// message's day is worked out once (per zone), not on every regrouping.
const dayKeys = new WeakMap<
  GroupableMessage,
  { ms: number; zone: string | undefined; key: string }
>();

function messageDayKey(message: GroupableMessage, timeZone: string | undefined): string {
  const known = dayKeys.get(message);
  if (known && known.ms === message.created_at && known.zone === timeZone) return known.key;
  const key = dayKey(message.created_at, timeZone);
  dayKeys.set(message, { ms: message.created_at, zone: timeZone, key });
  return key;
}

/**
 * Lays messages (already in order) out as day dividers and author groups: a new group starts on a
 * new day, with another author, or after a gap of `gapMs` or more.
 */
export function groupMessages<M extends GroupableMessage>(
  messages: readonly M[],
  options: LayoutOptions = {},
): ChatItem<M>[] {
  const gapMs = options.gapMs ?? GROUP_GAP_MS;
  const items: ChatItem<M>[] = [];
  let day: string | null = null;
  let group: MessageGroup<M> | null = null;
  for (const message of messages) {
    const key = messageDayKey(message, options.timeZone);
    if (key !== day) {
      day = key;
      group = null;
      items.push({
        kind: 'day',
        key,
        label: dayLabel(message.created_at, options),
        name: dayName(message.created_at, options),
      });
    }
    const last = group?.messages.at(-1);
    if (
      !group ||
      !last ||
      group.authorUid !== message.author_uid ||
      message.created_at - last.created_at >= gapMs
    ) {
      group = {
        kind: 'group',
        key: message.id,
        authorUid: message.author_uid,
        authorName: shownAuthorName(message),
        startedAt: message.created_at,
        messages: [],
      };
      items.push(group);
    }
    group.messages.push(message);
  }
  return items;
}

/**
 * The name a group shows: staff get a pseudonymous post's real name with the pseudonym beside it,
 * "Ada Lovelace (Participant 7)"; students get the pseudonym the server sent
 * (docs/activities.md#anonymity).
 */
export function shownAuthorName(message: GroupableMessage): string {
  return message.pseudonym !== undefined && !isPseudonymKey(message.author_uid)
    ? `${message.author_name} (${pseudonymLabel(message.pseudonym)})`
    : message.author_name;
}
