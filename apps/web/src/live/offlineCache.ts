// Docs: docs/realtime.md#offline — the rows a signed-in person last saw (their classes, a class's
// channels, a channel's newest messages), kept in IndexedDB through `idb`, so a class page opened
// with no network shows them, marked as not current, instead of placeholders. Only the live queries
// whose descriptor asks for it are kept (`offline`), bounded (rows per query, queries per person);
// each entry is keyed by the person's uid and read back only for that uid; signing out deletes them
// all (a shared computer keeps nothing of the last person).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { hashKey, type QueryKey } from '@tanstack/react-query';

const DB_NAME = 'seminar-offline';
const STORE = 'rows';
/** At most this many kept queries per person; the least recently saved go first. */
export const OFFLINE_MAX_ENTRIES = 24;

export interface OfflineEntry {
  /** `${uid}\u0000${hashKey(key)}`. */
  id: string;
  uid: string;
  rows: unknown[];
  /** When the rows were saved (ms since the epoch, this device's clock). */
  savedAt: number;
}

interface OfflineSchema extends DBSchema {
  rows: { key: string; value: OfflineEntry; indexes: { byUid: string } };
}

let database: Promise<IDBPDatabase<OfflineSchema>> | null = null;

function db(): Promise<IDBPDatabase<OfflineSchema>> | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(upgrading) {
      const store = upgrading.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('byUid', 'uid');
    },
  }).catch((error: unknown) => {
    // Private windows and full disks refuse IndexedDB: the app works without the offline copy.
    database = null;
    throw error;
  });
  return database;
}

const entryId = (uid: string, key: QueryKey) => `${uid}\u0000${hashKey(key)}`;
const ignore = () => undefined;

/** The rows last kept for `uid` under `key`, or null. Never another person's. */
export async function readOffline(
  uid: string,
  key: QueryKey,
): Promise<{ rows: unknown[]; savedAt: number } | null> {
  const open = db();
  if (!open) return null;
  try {
    const entry = await (await open).get(STORE, entryId(uid, key));
    return entry && entry.uid === uid ? { rows: entry.rows, savedAt: entry.savedAt } : null;
  } catch {
    return null;
  }
}

/** Keeps `rows` for `uid` under `key`, then drops this person's least recently saved past the cap. */
export async function writeOffline(
  uid: string,
  key: QueryKey,
  rows: readonly unknown[],
  savedAt: number,
): Promise<void> {
  const open = db();
  if (!open) return;
  try {
    const idb = await open;
    await idb.put(STORE, { id: entryId(uid, key), uid, rows: [...rows], savedAt });
    // Counting is cheap; the entries (with their rows) are read only when some must go.
    if ((await idb.countFromIndex(STORE, 'byUid', uid)) <= OFFLINE_MAX_ENTRIES) return;
    const mine = await idb.getAllFromIndex(STORE, 'byUid', uid);
    mine.sort((a, b) => a.savedAt - b.savedAt);
    const tx = idb.transaction(STORE, 'readwrite');
    for (const old of mine.slice(0, mine.length - OFFLINE_MAX_ENTRIES)) {
      tx.store.delete(old.id).catch(ignore);
    }
    await tx.done;
  } catch (error) {
    console.warn('[seminar] offline copy', error);
  }
}

/** Deletes every kept row of every person (signing out, another person signing in). */
export async function clearOffline(): Promise<void> {
  const open = db();
  if (!open) return;
  try {
    await (await open).clear(STORE);
  } catch (error) {
    console.warn('[seminar] clearing the offline copy', error);
  }
}
