// Docs: SPEC §7 "Server time offset" and §9 — the client's clock offset to the server, for the
// recency of typing and online notifications (`isRecentNotification(n, Date.now(), offset)`).
// Measured from GET /api/time ({ now }), correcting for the round trip: offset = serverNow + rtt/2
// − clientNow at the answer. The first measurement is one request (a page's first load waits on
// nothing it does not need; a single sample is off by at most rtt/2, far below the 5 s typing
// window); every later one, every 10 min while anything uses it, keeps the best of 3 samples
// (smallest rtt).
import { startTransition, useEffect, useState } from 'react';
import { whenFirstContentShown } from '../shell/firstContent';

export const SERVER_TIME_PATH = '/api/time';
export const SERVER_TIME_SAMPLES = 3;
export const SERVER_TIME_REMEASURE_MS = 10 * 60_000;

export interface ClockSample {
  /** Server time minus client time, ms. */
  offset: number;
  /** Round trip, ms. */
  rtt: number;
}

export interface ClockDeps {
  fetch?: typeof fetch;
  /** The client clock (Date.now by default). */
  now?: () => number;
}

export interface ServerClockDeps extends ClockDeps {
  intervalMs?: number;
  /**
   * Runs the first measurement: after the page's first content by default (the offset only
   * judges typing and online recency, which render after it; its request would otherwise share a
   * slow network with the chunks the first messages wait for).
   */
  startWhen?: (start: () => void) => void;
}

/** One request to /api/time: its offset and round trip. */
export async function sampleServerClock({
  fetch: fetchFn = fetch,
  now = Date.now,
}: ClockDeps = {}): Promise<ClockSample> {
  const sent = now();
  const response = await fetchFn(SERVER_TIME_PATH, {
    method: 'GET',
    headers: { accept: 'application/json' },
    cache: 'no-store',
    credentials: 'same-origin',
  });
  const received = now();
  if (!response.ok) throw new Error(`GET ${SERVER_TIME_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  const serverNow =
    typeof body === 'object' && body !== null ? (body as { now?: unknown }).now : undefined;
  if (typeof serverNow !== 'number' || !Number.isFinite(serverNow)) {
    throw new Error(`GET ${SERVER_TIME_PATH} sent no time`);
  }
  const rtt = Math.max(0, received - sent);
  return { offset: serverNow + rtt / 2 - received, rtt };
}

/** Of several samples, the one with the smallest round trip (the least uncertain). */
export function bestSample(samples: readonly ClockSample[]): ClockSample | null {
  let best: ClockSample | null = null;
  for (const sample of samples) if (!best || sample.rtt < best.rtt) best = sample;
  return best;
}

/** Takes `count` samples one after another; the offset of the best. Throws if all failed. */
export async function measureServerOffset(
  deps: ClockDeps = {},
  count = SERVER_TIME_SAMPLES,
): Promise<number> {
  const samples: ClockSample[] = [];
  let lastError: unknown = null;
  for (let i = 0; i < count; i += 1) {
    try {
      samples.push(await sampleServerClock(deps));
    } catch (error) {
      lastError = error;
    }
  }
  const best = bestSample(samples);
  if (!best) throw lastError ?? new Error('no clock samples');
  return Math.round(best.offset);
}

export interface ServerClock {
  /** The latest measured offset (0 until the first measurement). */
  getOffset(): number;
  /** Starts measuring with the first listener, stops with the last one. */
  subscribe(listener: () => void): () => void;
  /** Measures now (also done on start, with one sample, and every SERVER_TIME_REMEASURE_MS). */
  measure(): Promise<void>;
}

export function createServerClock(deps: ServerClockDeps = {}): ServerClock {
  const startWhen = deps.startWhen ?? whenFirstContentShown;
  let offset = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  let measured = false;
  /** A first measurement is waiting for `startWhen`. */
  let starting = false;
  const measure = () => {
    const samples = measured ? SERVER_TIME_SAMPLES : 1;
    measured = true;
    running ??= measureServerOffset(deps, samples)
      .then((next) => {
        if (next === offset) return;
        offset = next;
        for (const listener of listeners) listener();
      })
      // A failed measurement keeps the previous offset; the next one may work.
      .catch((error: unknown) => console.warn('[seminar] server time', error))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    getOffset: () => offset,
    measure,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        if (!starting) {
          starting = true;
          startWhen(() => {
            starting = false;
            if (listeners.size > 0) void measure();
          });
        }
        timer = setInterval(() => void measure(), deps.intervalMs ?? SERVER_TIME_REMEASURE_MS);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}

/** The app's one clock (shared by every component that needs it). */
export const serverClock: ServerClock = createServerClock();

/**
 * Server time minus client time in ms (0 until measured), for the recency rules. A new offset
 * re-renders as a transition (it arrives during a page's first load, and nothing about it is urgent).
 */
export function useServerOffset(clock: ServerClock = serverClock): number {
  const [offset, setOffset] = useState(clock.getOffset);
  useEffect(() => {
    const update = () => startTransition(() => setOffset(clock.getOffset()));
    const unsubscribe = clock.subscribe(update);
    update(); // measured between the render and the subscription
    return unsubscribe;
  }, [clock]);
  return offset;
}
