// Docs: docs/channels.md#outbox — messages sent while not connected, kept in localStorage per person
// until the server has them, so a reload (or a closed tab) does not lose them. Each keeps the id the
// client made for it: sending it again after a reload can never post it twice (the server answers a
// repeated id with the row the first attempt made). Bounded: past MAX_OUTBOX a send is not kept
// (it is still sent while the page is open). Storage that is full, off or corrupt loses only this.
import {
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  isMessageAttachment,
  type Message,
  type MessageAttachment,
} from '@seminar/shared';
import type { DraftStorage } from './drafts';

/** At most this many unsent messages kept per person. */
export const MAX_OUTBOX = 100;

/** What is kept of an unsent message: enough to show it and send it again as it was. */
export interface OutboxEntry {
  id: string;
  class_id: string;
  channel_id: string;
  author_uid: string;
  author_name: string;
  body: string;
  created_at: number;
  /** The uploaded files the message carries (sent again by id after a reload). */
  attachments?: MessageAttachment[];
}

const outboxKey = (uid: string) => `seminar.outbox.${encodeURIComponent(uid)}`;

function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    ['id', 'class_id', 'channel_id', 'author_uid', 'author_name', 'body'].every(
      (field) => typeof entry[field] === 'string',
    ) &&
    typeof entry.created_at === 'number' &&
    (entry.body as string).length <= MESSAGE_MAX_LENGTH &&
    (entry.attachments === undefined ||
      (Array.isArray(entry.attachments) &&
        entry.attachments.length <= MESSAGE_MAX_ATTACHMENTS &&
        entry.attachments.every(isMessageAttachment)))
  );
}

/** The person's unsent messages, oldest first (an empty list when there are none or storage fails). */
export function readOutbox(uid: string, storage = browserStorage()): OutboxEntry[] {
  if (!storage) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(outboxKey(uid)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function write(uid: string, entries: OutboxEntry[], storage: DraftStorage): void {
  try {
    if (entries.length === 0) storage.removeItem(outboxKey(uid));
    else storage.setItem(outboxKey(uid), JSON.stringify(entries));
  } catch {
    // Full or turned off: the message is still sent while the page is open.
  }
}

/** Keeps `message` until the server has it (once per id; not past MAX_OUTBOX). */
export function addToOutbox(uid: string, message: Message, storage = browserStorage()): void {
  if (!storage) return;
  const entries = readOutbox(uid, storage);
  if (entries.some((entry) => entry.id === message.id) || entries.length >= MAX_OUTBOX) return;
  const entry: OutboxEntry = {
    id: message.id,
    class_id: message.class_id,
    channel_id: message.channel_id,
    author_uid: message.author_uid,
    author_name: message.author_name,
    body: message.body,
    created_at: message.created_at,
    ...(message.attachments.length > 0 ? { attachments: message.attachments } : {}),
  };
  write(uid, [...entries, entry], storage);
}

/** Forgets the messages with these ids (the server has them, or refused them). */
export function removeFromOutbox(
  uid: string,
  ids: readonly string[],
  storage = browserStorage(),
): void {
  if (!storage || ids.length === 0) return;
  const entries = readOutbox(uid, storage);
  const kept = entries.filter((entry) => !ids.includes(entry.id));
  if (kept.length !== entries.length) write(uid, kept, storage);
}

/** An outbox entry as a message row not yet numbered by the server. */
export function outboxRow(entry: OutboxEntry, unsentSeq: number): Message {
  return {
    ...entry,
    seq: unsentSeq,
    edited_at: null,
    deleted: false,
    attachments: entry.attachments ?? [],
    ai: null,
    reactions: [],
    version: 0,
  };
}
