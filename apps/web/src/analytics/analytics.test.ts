import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_BATCH_MAX_EVENTS,
  analyticsBatchSchema,
  analyticsEventSchema,
  type AnalyticsEvent,
} from '@seminar/shared';
import { buildAnalyticsEvent, eventContext, type ContextSource } from './context';
import {
  bufferedEvents,
  eventsChecked,
  logEvent,
  startAnalytics,
  takeBufferedEvents,
} from './events';
import {
  ANALYTICS_ENDPOINT,
  createAnalyticsQueue,
  outcomeOf,
  toBatches,
  type AnalyticsFetch,
} from './queue';

const SOURCE: ContextSource = {
  navigator: {
    userAgent: 'TestBrowser/1.0',
    language: 'fr-CH',
    languages: ['fr-CH', 'en'],
    hardwareConcurrency: 8,
    deviceMemory: 4,
  },
  screen: { width: 1440, height: 900 },
  devicePixelRatio: 2,
  timeZone: 'Europe/Zurich',
  databaseName: 'Physics Lab',
};

const event = (uid = 'u1', n = 0): AnalyticsEvent =>
  buildAnalyticsEvent(
    'class_selected',
    { uid, class_id: `class_${n}`, class_name: `Class ${n}`, role: 'student' },
    1_700_000_000_000 + n,
    eventContext(SOURCE),
  );

/** A fetch that answers `status` (or rejects) and keeps each JSON body it was sent. */
function fakeFetch(answer: number | Error = 202) {
  const bodies: AnalyticsEvent[][] = [];
  const inits: RequestInit[] = [];
  let next: number | Error = answer;
  const fetchImpl = vi.fn<AnalyticsFetch>(async (_input, init) => {
    inits.push(init);
    bodies.push(JSON.parse(String(init.body)) as AnalyticsEvent[]);
    if (next instanceof Error) throw next;
    return { ok: next >= 200 && next < 300, status: next };
  });
  return {
    fetchImpl,
    bodies,
    inits,
    answer: (value: number | Error) => {
      next = value;
    },
  };
}

/** jsdom's Blob has no text(): read it the old way. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

describe('the event context (SPEC §7)', () => {
  it('carries every context field, from the browser', () => {
    const built = buildAnalyticsEvent(
      'class_selected',
      { uid: 'u1', class_id: 'class_1', class_name: 'Physics', role: 'instructor' },
      1_700_000_000_123,
      eventContext(SOURCE),
    );
    expect(built).toEqual({
      event: 'class_selected',
      payload: { uid: 'u1', class_id: 'class_1', class_name: 'Physics', role: 'instructor' },
      event_variant: 'instructor',
      database_name: 'Physics Lab',
      version: '0.3.0',
      timestamp: 1_700_000_000_123,
      user_agent: 'TestBrowser/1.0',
      timezone: 'Europe/Zurich',
      languages: ['fr-CH', 'en'],
      device_memory: 4,
      hardware_concurrency: 8,
      screen_width: 1440,
      screen_height: 900,
      pixel_ratio: 2,
    });
    expect(analyticsEventSchema.safeParse(built).success).toBe(true);
  });

  it('uses null and safe values for what the browser hides, within the server limits', () => {
    const context = eventContext({
      navigator: { userAgent: 'x'.repeat(5000), language: 'de' },
      screen: {},
      devicePixelRatio: 0,
    });
    expect(context).toMatchObject({
      database_name: 'seminar',
      languages: ['de'],
      device_memory: null,
      hardware_concurrency: null,
      screen_width: 0,
      screen_height: 0,
      pixel_ratio: 1,
      timezone: '',
    });
    expect(context.user_agent).toHaveLength(1000);
  });

  it('reads the real browser by default (jsdom here)', () => {
    const context = eventContext();
    expect(context.user_agent).toBe(navigator.userAgent);
    expect(context.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(context.database_name).toBe('Seminar');
  });
});

describe('batches', () => {
  it('holds at most ANALYTICS_BATCH_MAX_EVENTS events and stays under the byte limit', () => {
    const events = Array.from({ length: 250 }, (_, n) => event('u1', n));
    expect(toBatches(events).map((batch) => batch.length)).toEqual([100, 100, 50]);
    const small = toBatches(events, ANALYTICS_BATCH_MAX_EVENTS, 2_000);
    expect(small.length).toBeGreaterThan(3);
    for (const batch of small) expect(JSON.stringify(batch).length).toBeLessThanOrEqual(2_000);
    expect(small.flat()).toEqual(events);
  });

  it('tells retryable answers from final ones', () => {
    expect(outcomeOf(202)).toBe('sent');
    expect(outcomeOf(503)).toBe('retry');
    expect(outcomeOf(429)).toBe('retry');
    expect(outcomeOf(400)).toBe('drop');
    expect(outcomeOf(401)).toBe('drop');
  });
});

describe('the analytics queue', () => {
  it('sends the queued events as a JSON array, same-origin, in batches of at most 100', async () => {
    const net = fakeFetch();
    const queue = createAnalyticsQueue({ currentUid: () => 'u1', fetchImpl: net.fetchImpl });
    for (let n = 0; n < 150; n += 1) queue.add(event('u1', n));
    await queue.flush();
    expect(net.bodies.map((body) => body.length)).toEqual([100, 50]);
    expect(net.fetchImpl.mock.calls[0]?.[0]).toBe(ANALYTICS_ENDPOINT);
    expect(net.inits[0]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    });
    for (const body of net.bodies) expect(analyticsBatchSchema.safeParse(body).success).toBe(true);
    expect(queue.pending()).toEqual([]);
  });

  it('drops events while signed out, and waits while the session is not known', async () => {
    let uid: string | null | undefined = undefined;
    const net = fakeFetch();
    const queue = createAnalyticsQueue({ currentUid: () => uid, fetchImpl: net.fetchImpl });
    queue.add(event('u1', 1));
    await queue.flush();
    expect(net.fetchImpl).not.toHaveBeenCalled();
    expect(queue.pending()).toHaveLength(1);

    uid = null;
    queue.add(event('u1', 2));
    expect(queue.pending()).toHaveLength(1);
    await queue.flush();
    expect(queue.pending()).toEqual([]);
    expect(net.fetchImpl).not.toHaveBeenCalled();
  });

  it("drops another user's events (signed out and in again as someone else)", async () => {
    const net = fakeFetch();
    const queue = createAnalyticsQueue({ currentUid: () => 'u2', fetchImpl: net.fetchImpl });
    queue.add(event('u1', 1));
    queue.add(event('u2', 2));
    await queue.flush();
    expect(net.bodies).toEqual([[event('u2', 2)]]);
  });

  it('retries a failed batch a bounded number of times, then drops it; never throws', async () => {
    const net = fakeFetch(new TypeError('Failed to fetch'));
    const queue = createAnalyticsQueue({
      currentUid: () => 'u1',
      fetchImpl: net.fetchImpl,
      maxAttempts: 3,
    });
    queue.add(event('u1', 1));
    await expect(queue.flush()).resolves.toBeUndefined();
    expect(queue.pending()).toHaveLength(1);
    net.answer(503);
    await queue.flush();
    expect(queue.pending()).toHaveLength(1);
    await queue.flush();
    expect(net.fetchImpl).toHaveBeenCalledTimes(3);
    expect(queue.pending()).toEqual([]);
    await queue.flush();
    expect(net.fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('keeps events that were not tried behind a failed batch, in order', async () => {
    const net = fakeFetch(500);
    const queue = createAnalyticsQueue({ currentUid: () => 'u1', fetchImpl: net.fetchImpl });
    for (let n = 0; n < 120; n += 1) queue.add(event('u1', n));
    await queue.flush();
    expect(net.fetchImpl).toHaveBeenCalledTimes(1);
    expect(queue.pending().map((e) => e.payload.class_id)).toEqual(
      Array.from({ length: 120 }, (_, n) => `class_${n}`),
    );
    net.answer(202);
    await queue.flush();
    expect(net.bodies.slice(1).map((body) => body.length)).toEqual([100, 20]);
  });

  it('drops a batch the server refuses (400) rather than retrying it', async () => {
    const net = fakeFetch(400);
    const queue = createAnalyticsQueue({ currentUid: () => 'u1', fetchImpl: net.fetchImpl });
    queue.add(event('u1', 1));
    await queue.flush();
    expect(queue.pending()).toEqual([]);
  });

  it('sends one request at a time', async () => {
    let release: () => void = () => undefined;
    const fetchImpl = vi.fn<AnalyticsFetch>(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ ok: true, status: 202 });
        }),
    );
    const queue = createAnalyticsQueue({ currentUid: () => 'u1', fetchImpl });
    queue.add(event('u1', 1));
    const first = queue.flush();
    const second = queue.flush();
    expect(second).toBe(first);
    release();
    await first;
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('sends what waits by sendBeacon, as an application/json Blob', async () => {
    const beacons: Array<{ url: string; data: Blob }> = [];
    const sendBeacon = vi.fn((url: string, data: Blob) => {
      beacons.push({ url, data });
      return true;
    });
    const net = fakeFetch();
    const queue = createAnalyticsQueue({
      currentUid: () => 'u1',
      fetchImpl: net.fetchImpl,
      sendBeacon,
    });
    queue.add(event('u1', 1));
    queue.add(event('u1', 2));
    queue.beacon();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(ANALYTICS_ENDPOINT);
    expect(beacons[0]?.data.type).toBe('application/json');
    expect(JSON.parse(await readBlob(beacons[0]!.data))).toEqual([event('u1', 1), event('u1', 2)]);
    expect(queue.pending()).toEqual([]);
    expect(net.fetchImpl).not.toHaveBeenCalled();
  });

  it('keeps the events a refused beacon did not take, for the next send', () => {
    const queue = createAnalyticsQueue({
      currentUid: () => 'u1',
      fetchImpl: fakeFetch().fetchImpl,
      sendBeacon: () => false,
    });
    queue.add(event('u1', 1));
    queue.beacon();
    expect(queue.pending()).toHaveLength(1);
  });

  it('sends no beacon while signed out', () => {
    const sendBeacon = vi.fn(() => true);
    const queue = createAnalyticsQueue({
      currentUid: () => null,
      fetchImpl: fakeFetch().fetchImpl,
      sendBeacon,
    });
    queue.add(event('u1', 1));
    queue.beacon();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('keeps at most `limit` events, dropping the oldest', () => {
    const queue = createAnalyticsQueue({ currentUid: () => undefined, limit: 3 });
    for (let n = 0; n < 5; n += 1) queue.add(event('u1', n));
    expect(queue.pending().map((e) => e.payload.class_id)).toEqual([
      'class_2',
      'class_3',
      'class_4',
    ]);
  });
});

describe('logEvent and startAnalytics', () => {
  let stop: () => void = () => undefined;
  let visibility: DocumentVisibilityState = 'visible';

  beforeEach(() => {
    vi.useFakeTimers();
    takeBufferedEvents();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    stop();
    takeBufferedEvents();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('queues the whole event before analytics starts (nothing is sent)', () => {
    logEvent('class_selected', { uid: 'u1', class_id: 'class_1', class_name: 'A', role: null });
    expect(bufferedEvents()).toMatchObject([
      {
        event: 'class_selected',
        payload: { uid: 'u1', class_id: 'class_1', class_name: 'A', role: null },
        event_variant: 'instructor',
        version: '0.3.0',
      },
    ]);
  });

  it('drops an event the server would refuse, without throwing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A class event needs a class_id.
    expect(() => logEvent('message_sent', { uid: 'u1' })).not.toThrow();
    expect(() => logEvent('sign_in', { uid: 'a/b' })).not.toThrow();
    // The server's check (zod) loads with the first event; then the refused ones are gone.
    await eventsChecked();
    expect(bufferedEvents()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      '[seminar] analytics event dropped',
      'message_sent',
      expect.any(String),
    );
  });

  it('sends every few seconds while signed in, and by beacon when the page is hidden', async () => {
    const net = fakeFetch();
    const sendBeacon = vi.fn(() => true);
    stop = startAnalytics({
      currentUid: () => 'u1',
      fetchImpl: net.fetchImpl,
      sendBeacon,
      intervalMs: 5_000,
    });
    logEvent('sign_in', { uid: 'u1' });
    expect(net.fetchImpl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(net.bodies).toMatchObject([[{ event: 'sign_in', payload: { uid: 'u1' } }]]);

    logEvent('message_sent', { uid: 'u1', class_id: 'class_1', channel_id: 'channel_1' });
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(bufferedEvents()).toEqual([]);

    // Visible again: nothing more is beaconed.
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('drops events logged while signed out', async () => {
    const net = fakeFetch();
    stop = startAnalytics({ currentUid: () => null, fetchImpl: net.fetchImpl, intervalMs: 1_000 });
    logEvent('sign_in', { uid: 'u1' });
    expect(bufferedEvents()).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(net.fetchImpl).not.toHaveBeenCalled();
  });
});
