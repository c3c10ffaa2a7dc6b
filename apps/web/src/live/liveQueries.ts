// Docs: docs/ARCHITECTURE.md#web-data — live query descriptors and the hub that shares ONE server
// subscription per key among every component that reads it. A descriptor names a live topic and
// its input (its key is [topic, input]); `acquire` counts the readers of a key, starts the
// subscription for the first and stops it once the last has let go (at the end of the React commit,
// so a component replacing another with the same key does not resubscribe). Events are folded
// into the TanStack Query cache under ['live', ...key] (liveCache.ts); a failure is kept there too,
// so every reader sees it.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { hashKey } from '@tanstack/react-query';
import type { LiveRow } from '@seminar/shared';
import type { LiveTrpcClient } from './client';
import { describeError } from './errors';
import { emptyLiveEntry, foldLiveEvent, readLiveEntry, updateLiveEntry } from './liveCache';
import {
  startLiveSubscription,
  type LiveSubscriptionHandle,
  type LiveSubscriptionValue,
  type LiveTopic,
  type LiveTopicInputs,
  type LiveTopicRow,
} from './subscription';

/** What a component needs to read a live topic. Make them with `liveQuery`. */
export interface LiveQueryDescriptor<Row extends LiveRow, Topic extends LiveTopic = LiveTopic> {
  /** [topic, input]: the rows are cached under ['live', ...key]. */
  key: QueryKey;
  topic: Topic;
  input: LiveTopicInputs[Topic];
  idOf: (row: Row) => string;
  /** Orders the rows (define it at module level so it is stable). Default: server order. */
  sort?: (a: Row, b: Row) => number;
  /** A tracked stream: subscribing again resumes after the last event (input.lastEventId). */
  resumable?: boolean;
  /**
   * Kept on this device for offline use (offlineCache.ts): at most `maxRows` rows, the last ones
   * in `sort` order (a channel's newest messages).
   */
  offline?: { maxRows: number };
}

/**
 * A descriptor of `topic` with `input`; its key is the procedure and the input. Its rows are the
 * topic's as the router declares them (`LiveTopicRow`), not given here.
 */
export function liveQuery<Topic extends LiveTopic>(
  topic: Topic,
  input: LiveTopicInputs[Topic],
  options: Pick<
    LiveQueryDescriptor<LiveTopicRow<Topic>, Topic>,
    'idOf' | 'sort' | 'resumable' | 'offline'
  >,
): LiveQueryDescriptor<LiveTopicRow<Topic>, Topic> {
  return { key: input === undefined ? [topic] : [topic, input], topic, input, ...options };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Unwraps a tracked `{ id, data }` value; plain events have no id. */
export function unwrapLiveEvent<Row>(value: LiveSubscriptionValue<Row>) {
  if (isRecord(value) && !('type' in value) && 'data' in value) {
    return { event: value.data, id: typeof value.id === 'string' ? value.id : null };
  }
  return { event: value as Exclude<LiveSubscriptionValue<Row>, { data: unknown }>, id: null };
}

interface SharedSubscription {
  readers: number;
  descriptor: LiveQueryDescriptor<LiveRow>;
  reportError: (error: unknown) => void;
  handle: LiveSubscriptionHandle | null;
  /** Identifies the running subscription: events of a stopped one are dropped. */
  run: object | null;
}

export interface LiveQueryHub {
  /** Adds a reader of the descriptor's key (subscribing for the first); returns its release. */
  acquire<Row extends LiveRow>(
    descriptor: LiveQueryDescriptor<Row>,
    reportError: (error: unknown) => void,
  ): () => void;
  /** Subscribes the key (by its `hashKey`) again after an error or an end, if anyone reads it. */
  restart(hash: string): void;
  /** Keys with a running server subscription (tests, diagnostics). */
  activeKeys(): string[];
}

/** Makes the hub of one live client and one query cache (see `liveQueryHub`). */
export function createLiveQueryHub(client: LiveTrpcClient, queryClient: QueryClient): LiveQueryHub {
  const shared = new Map<string, SharedSubscription>();

  const stop = (sub: SharedSubscription) => {
    sub.run = null;
    const handle = sub.handle;
    sub.handle = null;
    handle?.unsubscribe();
  };

  const start = (sub: SharedSubscription) => {
    const { descriptor } = sub;
    const key = descriptor.key;
    const idOf = descriptor.idOf as (row: LiveRow) => string;
    // An ended or failed query starts over (loading), rather than showing its end until the snapshot.
    updateLiveEntry<LiveRow>(queryClient, key, (entry) =>
      entry.state.ended !== null
        ? emptyLiveEntry<LiveRow>()
        : entry.error !== null
          ? { ...entry, error: null }
          : entry,
    );
    const run = {};
    sub.run = run;
    const input = (
      descriptor.resumable
        ? {
            ...(descriptor.input as object),
            lastEventId: readLiveEntry(queryClient, key).lastEventId,
          }
        : descriptor.input
    ) as LiveTopicInputs[LiveTopic];
    const handle = startLiveSubscription<LiveRow, LiveTopic>(client, descriptor.topic, input, {
      onData: (value) => {
        if (sub.run !== run) return;
        const { event, id } = unwrapLiveEvent(value);
        // The server asks this query to start afresh (the connection already does; kept for others).
        if (event.type === 'end' && event.retry) {
          void Promise.resolve().then(() => {
            if (sub.run !== run) return;
            stop(sub);
            start(sub);
          });
          return;
        }
        updateLiveEntry<LiveRow>(queryClient, key, (entry) =>
          foldLiveEvent(entry, event, idOf, id),
        );
      },
      onError: (error) => {
        if (sub.run !== run) return;
        const message = describeError(error);
        updateLiveEntry<LiveRow>(queryClient, key, (entry) => ({ ...entry, error: message }));
        sub.reportError(error);
      },
    });
    // Stopped while starting (a handler ended it synchronously): end the new one too.
    if (sub.run !== run) handle.unsubscribe();
    else sub.handle = handle;
  };

  return {
    acquire(descriptor, reportError) {
      const hash = hashKey(descriptor.key);
      let sub = shared.get(hash);
      if (sub) {
        sub.readers += 1;
        sub.reportError = reportError;
        // A new reader of a query that failed or ended asks again (as TanStack's retryOnMount):
        // the query may have been started before it could succeed — a page prefetching a
        // channel's messages while an invitation was still to be accepted — and what the new
        // reader shows must not be an answer given to someone else before things changed.
        const entry = readLiveEntry(queryClient, descriptor.key);
        if (entry.error !== null || entry.state.ended !== null) {
          stop(sub);
          start(sub);
        }
      } else {
        sub = {
          readers: 1,
          descriptor: descriptor as unknown as LiveQueryDescriptor<LiveRow>,
          reportError,
          handle: null,
          run: null,
        };
        shared.set(hash, sub);
        start(sub);
      }
      const held = sub;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.readers -= 1;
        // After the commit: a reader mounting in the same commit keeps the subscription.
        queueMicrotask(() => {
          if (held.readers > 0 || shared.get(hash) !== held) return;
          shared.delete(hash);
          stop(held);
        });
      };
    },
    restart(hash) {
      const sub = shared.get(hash);
      if (!sub) return;
      stop(sub);
      start(sub);
    },
    activeKeys: () => [...shared.keys()],
  };
}

const hubs = new WeakMap<LiveTrpcClient, WeakMap<QueryClient, LiveQueryHub>>();

/** The one hub of this live client and query cache (a new client, after sign-in, gets a new one). */
export function liveQueryHub(client: LiveTrpcClient, queryClient: QueryClient): LiveQueryHub {
  let byCache = hubs.get(client);
  if (!byCache) {
    byCache = new WeakMap();
    hubs.set(client, byCache);
  }
  let hub = byCache.get(queryClient);
  if (!hub) {
    hub = createLiveQueryHub(client, queryClient);
    byCache.set(queryClient, hub);
  }
  return hub;
}
