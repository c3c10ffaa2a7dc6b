import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRecentNotification, TYPING_WINDOW_MS } from '@seminar/shared';
import { jsonResponse } from '../testing/authTestKit';
import {
  bestSample,
  createServerClock,
  measureServerOffset,
  sampleServerClock,
  SERVER_TIME_PATH,
  SERVER_TIME_REMEASURE_MS,
  useServerOffset,
} from './serverTime';

/**
 * A fake client clock and a fake server whose clock runs `skew` ms ahead. Each request takes the
 * next round trip of `rtts`: half to reach the server (which stamps `now`), half to come back.
 */
function fakeServer(skew: number, rtts: number[]) {
  let clock = 1_000_000;
  const now = () => clock;
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toBe(SERVER_TIME_PATH);
    const rtt = rtts.shift();
    if (rtt === undefined) throw new TypeError('Failed to fetch');
    clock += rtt / 2;
    const body = { now: clock + skew };
    clock += rtt / 2;
    return jsonResponse(body);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, now, calls: fetch };
}

afterEach(cleanup);

describe('sampleServerClock', () => {
  it('corrects for the round trip: offset = serverNow + rtt/2 − clientNow', async () => {
    const server = fakeServer(5_000, [200]);
    expect(await sampleServerClock(server)).toEqual({ offset: 5_000, rtt: 200 });
  });

  it('refuses an answer without a time', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse({ nope: 1 }),
    ) as unknown as typeof globalThis.fetch;
    await expect(sampleServerClock({ fetch })).rejects.toThrow(/no time/);
    const failing = vi.fn(async () => jsonResponse({}, 503)) as unknown as typeof globalThis.fetch;
    await expect(sampleServerClock({ fetch: failing })).rejects.toThrow(/503/);
  });
});

describe('measureServerOffset', () => {
  it('takes 3 samples and keeps the one with the smallest round trip', async () => {
    // An asymmetric slow trip skews its sample; the fast one is close to the truth.
    let clock = 0;
    const answers = [
      { up: 300, down: 20 }, // rtt 320: server stamped late → offset off by +140
      { up: 10, down: 10 }, // rtt 20: exact
      { up: 50, down: 150 }, // rtt 200: off by −50
    ];
    const fetch = vi.fn(async () => {
      const trip = answers.shift()!;
      clock += trip.up;
      const body = { now: clock - 700 };
      clock += trip.down;
      return jsonResponse(body);
    }) as unknown as typeof globalThis.fetch;
    expect(await measureServerOffset({ fetch, now: () => clock })).toBe(-700);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('ignores failed samples, and fails only when all do', async () => {
    const some = fakeServer(-1_234, [40]);
    expect(await measureServerOffset(some)).toBe(-1_234);
    const none = fakeServer(0, []);
    await expect(measureServerOffset(none)).rejects.toThrow('Failed to fetch');
  });

  it('bestSample picks the smallest rtt', () => {
    expect(bestSample([])).toBeNull();
    expect(
      bestSample([
        { offset: 1, rtt: 30 },
        { offset: 2, rtt: 10 },
        { offset: 3, rtt: 10 },
      ]),
    ).toEqual({ offset: 2, rtt: 10 });
  });
});

describe('server clock and useServerOffset', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('measures when first used (one request) and again every 10 minutes (3) while used', async () => {
    const server = fakeServer(2_500, [20, 20, 20, 20, 20, 20, 20, 20, 20]);
    const clock = createServerClock(server);
    const { result, unmount } = renderHook(() => useServerOffset(clock));
    expect(result.current).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(2_500);
    expect(server.calls).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(SERVER_TIME_REMEASURE_MS));
    expect(server.calls).toHaveBeenCalledTimes(4);

    unmount();
    await vi.advanceTimersByTimeAsync(3 * SERVER_TIME_REMEASURE_MS);
    expect(server.calls).toHaveBeenCalledTimes(4);
  });

  it('waits for the page’s first content before its first request (startWhen), once', async () => {
    const server = fakeServer(1_200, [20, 20]);
    const held: { start?: () => void } = {};
    const startWhen = vi.fn((run: () => void) => {
      held.start = run;
    });
    const clock = createServerClock({ ...server, startWhen });
    const first = renderHook(() => useServerOffset(clock));
    const second = renderHook(() => useServerOffset(clock));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls).not.toHaveBeenCalled();
    expect(startWhen).toHaveBeenCalledTimes(1);

    await act(async () => {
      held.start?.();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.calls).toHaveBeenCalledTimes(1);
    expect(first.result.current).toBe(1_200);
    expect(second.result.current).toBe(1_200);
  });

  it('does not measure when everything that used it has gone before the first content', async () => {
    const server = fakeServer(1_200, [20]);
    const held: { start?: () => void } = {};
    const clock = createServerClock({ ...server, startWhen: (run) => (held.start = run) });
    renderHook(() => useServerOffset(clock)).unmount();
    expect(held.start).toBeDefined();
    held.start?.();
    await vi.advanceTimersByTimeAsync(SERVER_TIME_REMEASURE_MS);
    expect(server.calls).not.toHaveBeenCalled();
  });

  it('keeps the last offset when a measurement fails', async () => {
    const server = fakeServer(900, [10, 10, 10]);
    const clock = createServerClock(server);
    const { result } = renderHook(() => useServerOffset(clock));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(900);
    await act(() => vi.advanceTimersByTimeAsync(SERVER_TIME_REMEASURE_MS));
    expect(result.current).toBe(900);
  });

  it('feeds the recency rule: a typing notice is judged in server time', () => {
    const clientNow = 1_000_000;
    const offset = 8_000; // the server is 8 s ahead
    const notice = { type: 'user_typing' as const, created_at: clientNow + offset - 9_000 };
    expect(isRecentNotification(notice, clientNow, offset)).toBe(9_000 < 2 * TYPING_WINDOW_MS);
    expect(isRecentNotification(notice, clientNow, 0)).toBe(true);
    expect(isRecentNotification(notice, clientNow, 20_000)).toBe(false);
  });
});
