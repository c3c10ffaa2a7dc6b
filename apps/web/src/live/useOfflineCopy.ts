// Docs: docs/realtime.md#offline — a live query's offline copy (offlineCache.ts): its server rows are
// saved a moment after they change, and shown again (marked with when they were saved) when the
// query has nothing yet and the server cannot be reached — a page opened with no network.
import { useEffect, useEffectEvent, useRef } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { LiveRow } from '@seminar/shared';
import { updateLiveEntry, type LiveCacheEntry } from './liveCache';
import type { LiveQueryDescriptor } from './liveQueries';
import { readOffline, writeOffline } from './offlineCache';

/**
 * Changes within this long are saved once (a burst of messages is one write); a channel busier than
 * that is still saved once per this long (the timer is not pushed back by each change).
 */
export const OFFLINE_SAVE_DELAY_MS = 1_000;

/** The rows to keep: the server's (no optimistic writes), the last `maxRows` in the query's order. */
export function rowsToKeep<Row>(
  entry: LiveCacheEntry<Row>,
  maxRows: number,
  sort?: (a: Row, b: Row) => number,
): Row[] {
  const rows = [...entry.state.rows.values()];
  if (sort) rows.sort(sort);
  return rows.slice(Math.max(0, rows.length - maxRows));
}

export function useOfflineCopy<Row extends LiveRow>(
  descriptor: LiveQueryDescriptor<Row>,
  entry: LiveCacheEntry<Row>,
  uid: string | null,
  /** The server cannot be reached (the socket failed to open). */
  unreachable: boolean,
): void {
  const queryClient = useQueryClient();
  const hash = hashKey(descriptor.key);
  const kept = descriptor.offline !== undefined && uid !== null;

  // Save: the server's rows, once they are there and a moment after a change.
  const current = useEffectEvent(() => ({ descriptor, entry }));
  const serverRows = entry.state.ready && entry.savedAt === null && entry.state.ended === null;
  const rows = entry.state.rows;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const save = useEffectEvent((forUid: string) => {
    const { descriptor: now, entry: latest } = current();
    if (!now.offline || latest.savedAt !== null || !latest.state.ready) return;
    void writeOffline(
      forUid,
      now.key,
      rowsToKeep(latest, now.offline.maxRows, now.sort),
      Date.now(),
    );
  });
  useEffect(() => {
    if (!kept || !serverRows || uid === null || timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      save(uid);
    }, OFFLINE_SAVE_DELAY_MS);
  }, [kept, serverRows, uid, hash, rows]);
  // Unmounted (another query, signing out): nothing more is saved — never after the copy is cleared.
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [uid, hash],
  );

  // Show: nothing from the server yet and no way to reach it.
  const empty = !entry.state.ready;
  useEffect(() => {
    if (!kept || !unreachable || !empty || uid === null) return;
    let cancelled = false;
    const { descriptor: now } = current();
    void readOffline(uid, now.key).then((copy) => {
      if (cancelled || !copy) return;
      const idOf = now.idOf;
      updateLiveEntry<Row>(queryClient, now.key, (latest) =>
        // The server answered meanwhile: its rows win.
        latest.state.ready
          ? latest
          : {
              ...latest,
              state: {
                rows: new Map((copy.rows as Row[]).map((row) => [idOf(row), row])),
                ready: true,
                ended: null,
              },
              lastEventId: null,
              error: null,
              savedAt: copy.savedAt,
            },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [kept, unreachable, empty, uid, hash, queryClient]);
}
