// Docs: DESIGN §2 "Analytics", docs/catalogue.md#analytics — the queue between `logEvent` and
// `POST /api/events`: events wait here and go in batches (at most ANALYTICS_BATCH_MAX_EVENTS, and
// well under the server's body limit), one request at a time, with the session cookie. When the
// page is hidden what is left goes by `navigator.sendBeacon`. Signed out, events are dropped (the
// server would refuse them); another user's events are dropped too. A failed batch is retried a
// bounded number of times; nothing here ever throws.
import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_BODY_MAX_BYTES,
  type AnalyticsEvent,
} from '@seminar/shared';

export const ANALYTICS_ENDPOINT = '/api/events';
/** How often the queue is sent while the page is open. */
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000;
/** Tries per batch (the first send and its retries) before it is dropped. */
export const ANALYTICS_MAX_ATTEMPTS = 3;
/** The queue keeps at most this many events (the oldest go first). */
export const ANALYTICS_QUEUE_LIMIT = 500;
/** A POST body stays below this (the server reads at most ANALYTICS_BODY_MAX_BYTES). */
export const POST_MAX_BYTES = Math.floor(ANALYTICS_BODY_MAX_BYTES * 0.75);
/** A beacon stays below this (browsers allow 64 KiB of beacons in flight). */
export const BEACON_MAX_BYTES = 60_000;

/**
 * Who is signed in: their uid, null when signed out, undefined while not known yet (the session
 * is still loading) — events then wait.
 */
export type UidSource = () => string | null | undefined;

export type AnalyticsFetch = (
  input: string,
  init: RequestInit,
) => Promise<Pick<Response, 'ok' | 'status'>>;

export type AnalyticsBeacon = (url: string, data: Blob) => boolean;

export interface AnalyticsQueueOptions {
  currentUid: UidSource;
  fetchImpl: AnalyticsFetch;
  /** null: the browser has no sendBeacon (then hidden pages send with a keepalive fetch). */
  sendBeacon: AnalyticsBeacon | null;
  maxAttempts: number;
  limit: number;
}

interface Entry {
  event: AnalyticsEvent;
  attempts: number;
}

export interface AnalyticsQueue {
  /** Queues an event (dropped at once when signed out). */
  add(event: AnalyticsEvent): void;
  /** The events waiting, oldest first. */
  pending(): AnalyticsEvent[];
  /** Takes every waiting event out of the queue. */
  take(): AnalyticsEvent[];
  /** Sends what waits, batch by batch; resolves when done (never rejects). */
  flush(): Promise<void>;
  /** Sends what waits with sendBeacon (the page is being hidden or left). */
  beacon(): void;
  /** Changes options (e.g. the uid source, once the app starts). */
  configure(options: Partial<AnalyticsQueueOptions>): void;
}

/** How a POST came back: sent, worth another try, or never going to work. */
export type SendOutcome = 'sent' | 'retry' | 'drop';

/** 2xx sent; 408, 429 and 5xx retried; any other answer (400, 401, 413…) will not change. */
export function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'drop';
}

const encoder = new TextEncoder();
const sizeOf = (event: AnalyticsEvent) => encoder.encode(JSON.stringify(event)).length + 1;

/**
 * Splits events into batches of at most `maxEvents` and about `maxBytes` of JSON each (an event
 * larger than `maxBytes` on its own still gets a batch).
 */
export function toBatches<T extends AnalyticsEvent>(
  events: readonly T[],
  maxEvents = ANALYTICS_BATCH_MAX_EVENTS,
  maxBytes = POST_MAX_BYTES,
): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 2;
  for (const event of events) {
    const size = sizeOf(event);
    if (current.length > 0 && (current.length >= maxEvents || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 2;
    }
    current.push(event);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function defaultFetch(): AnalyticsFetch {
  return (input, init) => globalThis.fetch(input, init);
}

function defaultBeacon(): AnalyticsBeacon | null {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return null;
  return (url, data) => navigator.sendBeacon(url, data);
}

export function createAnalyticsQueue(options: Partial<AnalyticsQueueOptions> = {}): AnalyticsQueue {
  const settings: AnalyticsQueueOptions = {
    currentUid: () => undefined,
    fetchImpl: defaultFetch(),
    sendBeacon: defaultBeacon(),
    maxAttempts: ANALYTICS_MAX_ATTEMPTS,
    limit: ANALYTICS_QUEUE_LIMIT,
    ...options,
  };
  let queue: Entry[] = [];
  let flushing: Promise<void> | null = null;

  const uidNow = (): string | null | undefined => {
    try {
      return settings.currentUid();
    } catch {
      return undefined;
    }
  };

  const trim = () => {
    if (queue.length > settings.limit) queue.splice(0, queue.length - settings.limit);
  };

  /**
   * The entries that may be sent now, taken out of the queue: none while the user is unknown;
   * signed out everything is dropped; another user's events are dropped.
   */
  const takeSendable = (): Entry[] | null => {
    const uid = uidNow();
    if (uid === undefined) return null;
    const all = queue;
    queue = [];
    if (uid === null) return null;
    return all.filter((entry) => entry.event.payload.uid === uid);
  };

  /**
   * Puts a failed batch back at the front (each event with one more attempt; spent ones dropped),
   * then `rest` (not tried yet), then whatever was logged meanwhile.
   */
  const requeue = (failed: Entry[], rest: Entry[] = []) => {
    const again = failed
      .map((entry) => ({ ...entry, attempts: entry.attempts + 1 }))
      .filter((entry) => entry.attempts < settings.maxAttempts);
    queue = [...again, ...rest, ...queue];
    trim();
  };

  const post = async (entries: Entry[], keepalive = false): Promise<SendOutcome> => {
    try {
      const response = await settings.fetchImpl(ANALYTICS_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entries.map((entry) => entry.event)),
        credentials: 'same-origin',
        keepalive,
      });
      return outcomeOf(response.status);
    } catch {
      return 'retry';
    }
  };

  const sendAll = async () => {
    const entries = takeSendable();
    if (!entries || entries.length === 0) return;
    const batches = toBatches(entries.map((entry) => entry.event));
    let offset = 0;
    for (const batch of batches) {
      const part = entries.slice(offset, offset + batch.length);
      offset += batch.length;
      const outcome = await post(part);
      if (outcome === 'retry') {
        // The server (or the network) is not answering: keep the rest for the next round.
        requeue(part, entries.slice(offset));
        return;
      }
    }
  };

  return {
    add(event) {
      const uid = uidNow();
      if (uid === null) return;
      queue.push({ event, attempts: 0 });
      trim();
    },
    pending: () => queue.map((entry) => entry.event),
    take: () => queue.splice(0, queue.length).map((entry) => entry.event),
    flush() {
      if (!flushing) {
        flushing = sendAll()
          .catch(() => undefined)
          .finally(() => {
            flushing = null;
          });
      }
      return flushing;
    },
    beacon() {
      try {
        const entries = takeSendable();
        if (!entries || entries.length === 0) return;
        const batches = toBatches(
          entries.map((entry) => entry.event),
          ANALYTICS_BATCH_MAX_EVENTS,
          BEACON_MAX_BYTES,
        );
        let offset = 0;
        for (const batch of batches) {
          const part = entries.slice(offset, offset + batch.length);
          offset += batch.length;
          const body = JSON.stringify(batch);
          let queued = false;
          if (settings.sendBeacon) {
            try {
              queued = settings.sendBeacon(
                ANALYTICS_ENDPOINT,
                new Blob([body], { type: 'application/json' }),
              );
            } catch {
              queued = false;
            }
          } else {
            void post(part, true);
            queued = true;
          }
          if (!queued) {
            // Over the beacon quota: these wait for the next regular send (if the page comes back).
            queue = [...part, ...entries.slice(offset), ...queue];
            trim();
            return;
          }
        }
      } catch {
        // Never let analytics break the page.
      }
    },
    configure(next) {
      Object.assign(settings, next);
    },
  };
}
