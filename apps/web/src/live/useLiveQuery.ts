// Docs: DESIGN §4 — a live query in a component: subscribes on mount (and again when its key
// changes), folds each event into the TanStack Query cache under ['live', ...key] with the shared
// `applyLiveEvent`, and unsubscribes on unmount. Rows written optimistically (optimistic.ts) show
// through until the server's echo replaces them. Errors also go to the shared error state.
//
//   const bySeq = (a: Message, b: Message) => a.seq - b.seq; // module level: a stable sort
//   const { rows, status, error, endedReason, pendingIds, failed } = useLiveQuery<Message>({
//     key: ['messages', classId, channelId],
//     idOf: (m) => m.id,
//     sort: bySeq,
//     subscribe: (handlers, { trpc, lastEventId }) =>
//       trpc.messages.live.subscribe({ class_id: classId, channel_id: channelId, lastEventId }, handlers),
//   });
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { hashKey, skipToken, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent, LiveRow } from '@seminar/shared';
import type { LiveTrpcClient } from './client';
import { describeError, useErrorActions } from './errors';
import {
  emptyLiveEntry,
  foldLiveEvent,
  liveQueryKey,
  readLiveEntry,
  updateLiveEntry,
  visibleRows,
  type FailedWrite,
  type LiveCacheEntry,
} from './liveCache';
import { useLive } from './LiveProvider';

/** What a subscription yields: a LiveEvent, or one wrapped by tRPC's `tracked(id, event)`. */
export type LiveSubscriptionValue<Row> = LiveEvent<Row> | { id: string; data: LiveEvent<Row> };

export interface LiveSubscribeHandlers<Row> {
  onData: (value: LiveSubscriptionValue<Row>) => void;
  onError: (error: unknown) => void;
}

export interface LiveSubscribeContext {
  trpc: LiveTrpcClient;
  /**
   * Where a tracked stream stopped last time (null: start afresh). Pass it in the input as
   * `lastEventId` to resume. (After a reconnect wsLink resends it by itself.)
   */
  lastEventId: string | null;
}

/** Starts the subscription, e.g. `(h, { trpc }) => trpc.messages.live.subscribe(input, h)`. */
export type LiveSubscribe<Row> = (
  handlers: LiveSubscribeHandlers<Row>,
  context: LiveSubscribeContext,
) => { unsubscribe: () => void };

export interface UseLiveQueryOptions<Row extends LiveRow> {
  /** Names the query: its rows are cached under ['live', ...key]. Include every input. */
  key: QueryKey;
  subscribe: LiveSubscribe<Row>;
  idOf: (row: Row) => string;
  /** Orders `rows` (keep it stable: define it outside the component). Default: server order. */
  sort?: (a: Row, b: Row) => number;
  /** false: do not subscribe (yet). */
  enabled?: boolean;
}

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
}

const EMPTY_ENTRY: LiveCacheEntry<never> = emptyLiveEntry<never>();

/** An end with this reason is the server shedding a slow subscriber: subscribe again. */
const RESUBSCRIBE_REASON = /too far behind/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Unwraps a tracked `{ id, data }` value; plain events have no id. */
export function unwrapLiveEvent<Row>(value: LiveSubscriptionValue<Row>): {
  event: LiveEvent<Row>;
  id: string | null;
} {
  if (isRecord(value) && !('type' in value) && 'data' in value) {
    return { event: value.data, id: typeof value.id === 'string' ? value.id : null };
  }
  return { event: value as LiveEvent<Row>, id: null };
}

/** Subscribes to a live query while mounted; see the file header. */
export function useLiveQuery<Row extends LiveRow>(
  options: UseLiveQueryOptions<Row>,
): LiveQueryResult<Row> {
  const { key, enabled = true, sort } = options;
  const queryClient = useQueryClient();
  const { client } = useLive();
  const { reportError } = useErrorActions();
  const hash = hashKey(key);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ hash: string; attempt: number; message: string } | null>(
    null,
  );

  // Reads the cache entry (kept alive while mounted); the subscription below writes it.
  const { data } = useQuery<LiveCacheEntry<Row>>({
    queryKey: liveQueryKey(key),
    queryFn: skipToken,
    staleTime: Infinity,
  });

  const currentKey = useEffectEvent(() => key);
  const startSubscription = useEffectEvent(
    (handlers: LiveSubscribeHandlers<Row>, context: LiveSubscribeContext) =>
      options.subscribe(handlers, context),
  );
  const idOf = useEffectEvent((row: Row) => options.idOf(row));

  useEffect(() => {
    if (!client || !enabled) return;
    const key = currentKey();
    let active = true;
    let subscription: { unsubscribe: () => void } | null = null;

    const start = () => {
      // An ended query starts over (loading), rather than showing its end until the snapshot.
      if (readLiveEntry<Row>(queryClient, key).state.ended !== null) {
        updateLiveEntry<Row>(queryClient, key, () => emptyLiveEntry<Row>());
      }
      const lastEventId = readLiveEntry<Row>(queryClient, key).lastEventId;
      subscription = startSubscription({ onData, onError }, { trpc: client, lastEventId });
      if (!active) subscription.unsubscribe();
    };
    const onData = (value: LiveSubscriptionValue<Row>) => {
      if (!active) return;
      const { event, id } = unwrapLiveEvent(value);
      if (event.type === 'end' && RESUBSCRIBE_REASON.test(event.reason)) {
        void Promise.resolve().then(() => {
          if (!active) return;
          subscription?.unsubscribe();
          start();
        });
        return;
      }
      updateLiveEntry<Row>(queryClient, key, (entry) => foldLiveEvent(entry, event, idOf, id));
    };
    const onError = (error: unknown) => {
      if (!active) return;
      setFailure({ hash, attempt, message: describeError(error) });
      reportError(error);
    };

    start();
    return () => {
      active = false;
      subscription?.unsubscribe();
    };
  }, [client, enabled, hash, attempt, queryClient, reportError]);

  const entry: LiveCacheEntry<Row> = data ?? EMPTY_ENTRY;
  const error =
    failure && failure.hash === hash && failure.attempt === attempt ? failure.message : null;
  const status: LiveQueryStatus = error
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
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    rows,
    status,
    error,
    endedReason: status === 'ended' ? entry.state.ended : null,
    pendingIds,
    failed: entry.failed,
    retry,
  };
}
