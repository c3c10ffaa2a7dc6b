// Docs: docs/channels.md#drafts — unsent messages kept per person and channel in localStorage, so a
// draft survives switching channels and a reload. Each draft has its own key (a keystroke rewrites one
// small value, not all drafts) and one index per person lists them newest first: past MAX_DRAFTS the
// oldest are forgotten, so the storage a person's drafts take stays bounded. Storage that is full,
// turned off or corrupt only loses drafts, never breaks the composer.
import { MESSAGE_MAX_LENGTH } from '@seminar/shared';

/** How many drafts a person keeps (the most recently written). */
export const MAX_DRAFTS = 50;
/** A draft longer than this is cut (the composer refuses to send past MESSAGE_MAX_LENGTH anyway). */
export const MAX_DRAFT_LENGTH = 2 * MESSAGE_MAX_LENGTH;

/** Where a draft belongs: a person's composer in one channel of one class. */
export interface DraftScope {
  uid: string;
  classId: string;
  channelId: string;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface IndexEntry {
  /** The channel, as `classId/channelId` (both URI-encoded). */
  channel: string;
  /** When the draft was last written (client clock). */
  at: number;
}

const channelOf = (scope: DraftScope) =>
  `${encodeURIComponent(scope.classId)}/${encodeURIComponent(scope.channelId)}`;
const indexKey = (uid: string) => `seminar.drafts.${encodeURIComponent(uid)}`;
const draftKey = (uid: string, channel: string) =>
  `seminar.draft.${encodeURIComponent(uid)}.${channel}`;

/** The browser's localStorage, or null where there is none or it is turned off. */
function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readIndex(storage: DraftStorage, uid: string): IndexEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(indexKey(uid)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is IndexEntry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as IndexEntry).channel === 'string' &&
        typeof (entry as IndexEntry).at === 'number',
    );
  } catch {
    return [];
  }
}

/** The saved draft of `scope` ('' when there is none). */
export function loadDraft(scope: DraftScope, storage = browserStorage()): string {
  if (!storage) return '';
  try {
    return storage.getItem(draftKey(scope.uid, channelOf(scope))) ?? '';
  } catch {
    return '';
  }
}

/** Forgets the draft of `scope` (it was sent, or emptied). */
export function clearDraft(scope: DraftScope, storage = browserStorage()): void {
  if (!storage) return;
  const channel = channelOf(scope);
  try {
    storage.removeItem(draftKey(scope.uid, channel));
    const index = readIndex(storage, scope.uid);
    const kept = index.filter((entry) => entry.channel !== channel);
    if (kept.length !== index.length) storage.setItem(indexKey(scope.uid), JSON.stringify(kept));
  } catch {
    // Storage turned off: there is nothing to forget.
  }
}

/**
 * Forgets every draft of `uid`: their own sign-out on this device, so the next person at a shared
 * computer cannot read what they had not sent.
 */
export function forgetDrafts(uid: string, storage = browserStorage()): void {
  if (!storage) return;
  try {
    for (const entry of readIndex(storage, uid)) storage.removeItem(draftKey(uid, entry.channel));
    storage.removeItem(indexKey(uid));
  } catch {
    // Storage turned off: there is nothing to forget.
  }
}

/**
 * Keeps `text` as the draft of `scope` (a blank text clears it) and forgets the person's oldest
 * drafts past MAX_DRAFTS.
 */
export function saveDraft(
  scope: DraftScope,
  text: string,
  storage = browserStorage(),
  now: number = Date.now(),
): void {
  if (!storage) return;
  if (text.trim() === '') {
    clearDraft(scope, storage);
    return;
  }
  const channel = channelOf(scope);
  try {
    const index = [
      { channel, at: now },
      ...readIndex(storage, scope.uid).filter((entry) => entry.channel !== channel),
    ].sort((a, b) => b.at - a.at);
    for (const old of index.slice(MAX_DRAFTS)) {
      storage.removeItem(draftKey(scope.uid, old.channel));
    }
    storage.setItem(indexKey(scope.uid), JSON.stringify(index.slice(0, MAX_DRAFTS)));
    storage.setItem(draftKey(scope.uid, channel), text.slice(0, MAX_DRAFT_LENGTH));
  } catch {
    // Storage full or turned off: the draft lives only as long as the composer.
  }
}
