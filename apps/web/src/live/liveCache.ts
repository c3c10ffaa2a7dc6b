// Docs: DESIGN §4 — how a live query's rows sit in the TanStack Query cache, under
// ['live', ...key]: the server's rows (folded with the shared `applyLiveEvent`), the optimistic
// writes laid over them until the server's echo arrives, the writes that failed, and where a
// tracked stream resumes. Every function here is pure or a thin wrapper over `setQueryData`, so a
// live query, the optimistic helper and a page loader (older messages) share the same rows.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  applyLiveEvent,
  emptyLiveState,
  type LiveEvent,
  type LiveRow,
  type LiveState,
} from '@seminar/shared';

/** An optimistic write laid over the server's row until its echo arrives. */
export interface PendingWrite<Row> {
  /** The row shown meanwhile; `null` hides the row (an optimistic delete). */
  row: Row | null;
  /** 'pending' until the server answers; 'confirmed' once it did, until the echo arrives. */
  status: 'pending' | 'confirmed';
  /** The server row's version when the write started (-1: none); its echo is newer. */
  baseVersion: number;
  /** Tells overlapping writes of one row apart: only the latest may settle the overlay. */
  token: number;
}

/** A write the server refused: rolled back, kept so a UI can offer Retry. */
export interface FailedWrite<Row> {
  /** What the write tried to show (`null`: a delete). */
  row: Row | null;
  /** The error in plain words. */
  error: string;
  /** Runs the same write again (optimistically). */
  retry: () => Promise<unknown>;
}

/** A live query's cache entry. */
export interface LiveCacheEntry<Row> {
  /** The server's rows, as the live query sent them. */
  state: LiveState<Row>;
  /** Optimistic writes by row id. */
  pending: ReadonlyMap<string, PendingWrite<Row>>;
  /** Refused writes by row id. */
  failed: ReadonlyMap<string, FailedWrite<Row>>;
  /** The last tracked event id of a stream (messages), to resume from after a resubscribe. */
  lastEventId: string | null;
  /** Why the subscription failed, in plain words (null while it runs). */
  error: string | null;
  /**
   * Rows from this device's offline copy (offlineCache.ts), saved then: shown while the server
   * cannot be reached, replaced whole by the server's first snapshot. Null: the server's rows.
   */
  savedAt: number | null;
}

/** The query key of a live query's rows. */
export function liveQueryKey(key: QueryKey): QueryKey {
  return ['live', ...key];
}

export function emptyLiveEntry<Row>(): LiveCacheEntry<Row> {
  return {
    state: emptyLiveState<Row>(),
    pending: new Map(),
    failed: new Map(),
    lastEventId: null,
    error: null,
    savedAt: null,
  };
}

export function readLiveEntry<Row>(queryClient: QueryClient, key: QueryKey): LiveCacheEntry<Row> {
  return queryClient.getQueryData<LiveCacheEntry<Row>>(liveQueryKey(key)) ?? emptyLiveEntry<Row>();
}

/** Updates the entry under ['live', ...key] (creating it when missing). */
export function updateLiveEntry<Row>(
  queryClient: QueryClient,
  key: QueryKey,
  update: (entry: LiveCacheEntry<Row>) => LiveCacheEntry<Row>,
): LiveCacheEntry<Row> {
  let next = emptyLiveEntry<Row>();
  queryClient.setQueryData<LiveCacheEntry<Row>>(liveQueryKey(key), (entry) => {
    next = update(entry ?? emptyLiveEntry<Row>());
    return next;
  });
  return next;
}

/**
 * Drops the optimistic writes the server's rows have caught up with: a newer version of the row
 * arrived (its echo, or someone else's later write, which wins), a hidden row is gone, or a
 * confirmed write's row that the server had is gone (e.g. a class shown as pending_deleted that
 * the server removed without sending the pending_deleted version first).
 */
export function reconcilePending<Row extends LiveRow>(
  state: LiveState<Row>,
  pending: ReadonlyMap<string, PendingWrite<Row>>,
): ReadonlyMap<string, PendingWrite<Row>> {
  if (pending.size === 0) return pending;
  let next: Map<string, PendingWrite<Row>> | null = null;
  for (const [id, write] of pending) {
    const server = state.rows.get(id);
    const caughtUp =
      (server !== undefined && server.version > write.baseVersion) ||
      (server === undefined &&
        (write.row === null || (write.status === 'confirmed' && write.baseVersion >= 0)));
    if (!caughtUp) continue;
    next ??= new Map(pending);
    next.delete(id);
  }
  return next ?? pending;
}

/**
 * Folds one live event into the entry. An `end` clears everything (access is lost). `eventId` is
 * the tracked id the event came with, if any.
 */
export function foldLiveEvent<Row extends LiveRow>(
  entry: LiveCacheEntry<Row>,
  event: LiveEvent<Row>,
  idOf: (row: Row) => string,
  eventId?: string | null,
): LiveCacheEntry<Row> {
  // The offline copy's rows give way to the server's whole (a stream's snapshot would merge into
  // them, keeping messages deleted since and leaving a gap before the newest).
  const base =
    entry.savedAt !== null && event.type === 'snapshot' ? emptyLiveState<Row>() : entry.state;
  const state = applyLiveEvent(base, event, idOf);
  if (event.type === 'end') return { ...emptyLiveEntry<Row>(), state };
  return {
    ...entry,
    savedAt: event.type === 'snapshot' ? null : entry.savedAt,
    state,
    pending: reconcilePending(state, entry.pending),
    lastEventId: eventId ?? entry.lastEventId,
  };
}

/** Adds rows read some other way (e.g. an older page of messages) to a live query's rows. */
export function upsertLiveRows<Row extends LiveRow>(
  queryClient: QueryClient,
  key: QueryKey,
  rows: Row[],
  idOf: (row: Row) => string,
): void {
  updateLiveEntry<Row>(queryClient, key, (entry) => {
    const state = applyLiveEvent(entry.state, { type: 'upsert', rows }, idOf);
    return { ...entry, state, pending: reconcilePending(state, entry.pending) };
  });
}

/** Forgets a failed write (the user dismissed it). */
export function dismissFailedWrite(queryClient: QueryClient, key: QueryKey, id: string): void {
  updateLiveEntry(queryClient, key, (entry) => {
    if (!entry.failed.has(id)) return entry;
    const failed = new Map(entry.failed);
    failed.delete(id);
    return { ...entry, failed };
  });
}

/** The rows to show: the server's with the optimistic writes laid over them, optionally sorted. */
export function visibleRows<Row>(
  entry: LiveCacheEntry<Row>,
  sort?: (a: Row, b: Row) => number,
): Row[] {
  const rows: Row[] = [];
  for (const [id, row] of entry.state.rows) {
    const write = entry.pending.get(id);
    if (!write) rows.push(row);
    else if (write.row !== null) rows.push(write.row);
  }
  for (const [id, write] of entry.pending) {
    if (write.row !== null && !entry.state.rows.has(id)) rows.push(write.row);
  }
  return sort ? rows.sort(sort) : rows;
}
