// Docs: docs/ARCHITECTURE.md#web-data — a live query in a component: reads the rows of a descriptor
// (apps/web/src/data/*) from the TanStack Query cache under ['live', ...key] while the shared hub
// (liveQueries.ts) keeps one server subscription per key for all its readers. Rows written
// optimistically (optimistic.ts) show through until the server's echo replaces them. Errors also go
// to the shared error state. A change of the rows renders as a transition (startTransition): React
// renders it in slices of ~5 ms, yielding to input and paint, and several frames arriving together
// render once — a snapshot of 25 messages is no longer one long task. Components use the data
// layer's hooks, not this directly:
//
//   const { rows, status, error, endedReason, pendingIds, failed, retry } =
//     useLiveQuery(messagesQuery(classId, channelId));
import {
  startTransition,
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  hashKey,
  QueryObserver,
  skipToken,
  useQueryClient,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import type { LiveRow } from '@seminar/shared';
import { useErrorActions } from './errors';
import {
  emptyLiveEntry,
  liveQueryKey,
  visibleRows,
  type FailedWrite,
  type LiveCacheEntry,
} from './liveCache';
import { liveQueryHub, type LiveQueryDescriptor } from './liveQueries';
import { useLive } from './LiveProvider';
import { useOfflineCopy } from './useOfflineCopy';

export type LiveQueryStatus = 'loading' | 'ready' | 'error' | 'ended';

export interface LiveQueryResult<Row> {
  /** The rows to show, optimistic writes included. */
  rows: Row[];
  status: LiveQueryStatus;
  /** The error in plain words, when status is 'error'. */
  error: string | null;
  /** Why the query ended (access lost), when status is 'ended'. */
  endedReason: string | null;
  /** Ids of rows shown optimistically and not yet confirmed by the server. */
  pendingIds: ReadonlySet<string>;
  /** Writes the server refused (rolled back), by row id: show them with a Retry. */
  failed: ReadonlyMap<string, FailedWrite<Row>>;
  /** Subscribes again (after an error or an end). */
  retry: () => void;
  /**
   * The rows are this device's offline copy, saved at this time (ms): not current. Null: the
   * server's rows.
   */
  savedAt: number | null;
}

export interface UseLiveQueryOptions {
  /** false: do not subscribe (yet). */
  enabled?: boolean;
}

const EMPTY_ENTRY: LiveCacheEntry<never> = emptyLiveEntry<never>();

/** Reads a live query while mounted; see the file header. */
export function useLiveQuery<Row extends LiveRow>(
  descriptor: LiveQueryDescriptor<Row>,
  { enabled = true }: UseLiveQueryOptions = {},
): LiveQueryResult<Row> {
  const queryClient = useQueryClient();
  const { client, connection, uid } = useLive();
  const { reportError } = useErrorActions();
  const { key, sort } = descriptor;
  const hash = hashKey(key);

  // Reads the cache entry in render and keeps it (an observer holds it from garbage collection)
  // while mounted. Not through TanStack's useQuery: its useSyncExternalStore re-renders
  // synchronously — one long task — whenever the entry changed between a render and its
  // subscription, which is the rule while a page's first snapshots arrive. The cache listener below
  // re-renders in a transition instead.
  const queryHash = hashKey(liveQueryKey(key));
  const data = queryClient.getQueryCache().get<LiveCacheEntry<Row>>(queryHash)?.state.data;
  const currentKey = useEffectEvent(() => liveQueryKey(key));
  useEffect(() => {
    const options: QueryObserverOptions<LiveCacheEntry<Row>> = {
      queryKey: currentKey(),
      queryFn: skipToken,
      staleTime: Infinity,
      notifyOnChangeProps: [],
    };
    const observer = new QueryObserver<LiveCacheEntry<Row>>(queryClient, options);
    const unsubscribe = observer.subscribe(() => undefined);
    // A new entry for this key while mounted (the cache was cleared under it — signing out —
    // and written again): hold that one too. A cleared cache stays empty until then.
    const unwatch = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'added' && event.query.queryHash === queryHash) {
        observer.setOptions({ ...options });
      }
    });
    return () => {
      unwatch();
      unsubscribe();
    };
  }, [queryClient, queryHash]);
  const [, setVersion] = useState(0);
  const rendered = useRef(data);
  rendered.current = data;
  const queryCache = queryClient.getQueryCache();
  useEffect(() => {
    const changed = () => startTransition(() => setVersion((version) => version + 1));
    const unsubscribe = queryCache.subscribe((event) => {
      if (event.type === 'updated' && event.query.queryHash === queryHash) changed();
    });
    // A change between this render and the subscription.
    if (queryCache.get(queryHash)?.state.data !== rendered.current) changed();
    return unsubscribe;
  }, [queryCache, queryHash]);

  const current = useEffectEvent(() => descriptor);
  useEffect(() => {
    if (!client || !enabled) return;
    return liveQueryHub(client, queryClient).acquire(current(), reportError);
  }, [client, enabled, hash, queryClient, reportError]);

  const entry: LiveCacheEntry<Row> = data ?? EMPTY_ENTRY;
  useOfflineCopy(descriptor, entry, uid ?? null, connection === 'reconnecting' && enabled);
  const status: LiveQueryStatus =
    entry.error !== null
      ? 'error'
      : entry.state.ended !== null
        ? 'ended'
        : entry.state.ready
          ? 'ready'
          : 'loading';

  const rows = useMemo(() => visibleRows(entry, sort), [entry, sort]);
  const pendingIds = useMemo(() => {
    const ids = new Set<string>();
    for (const [id, write] of entry.pending) if (write.status === 'pending') ids.add(id);
    return ids;
  }, [entry.pending]);
  const retry = useCallback(() => {
    if (client) liveQueryHub(client, queryClient).restart(hash);
  }, [client, queryClient, hash]);

  return {
    rows,
    status,
    error: entry.error,
    endedReason: status === 'ended' ? entry.state.ended : null,
    pendingIds,
    failed: entry.failed,
    retry,
    savedAt: entry.savedAt,
  };
}

const ignoreError = () => undefined;

/**
 * Subscribes a live query while mounted without reading it (no re-render on its changes; null:
 * nothing): a screen that already knows what its child will show starts that subscription beside
 * its own, and the child, sharing it, renders its rows in its first render. Errors are left to the
 * reader that shows them.
 */
export function useLivePrefetch<Row extends LiveRow>(
  descriptor: LiveQueryDescriptor<Row> | null,
): void {
  const queryClient = useQueryClient();
  const { client } = useLive();
  const hash = descriptor ? hashKey(descriptor.key) : null;
  const current = useEffectEvent(() => descriptor);
  useEffect(() => {
    const wanted = current();
    if (!client || !wanted || hash === null) return;
    return liveQueryHub(client, queryClient).acquire(wanted, ignoreError);
  }, [client, hash, queryClient]);
}
