import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_INTERVAL_MS, KEEP_ALIVE_PATH } from '@seminar/shared';
import { startKeepAlive } from './keepAlive';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('startKeepAlive', () => {
  it('sends HEAD at once and again after each interval, until stopped', () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    const stop = startKeepAlive({ fetchImpl });

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenLastCalledWith(KEEP_ALIVE_PATH, {
      method: 'HEAD',
      cache: 'no-store',
      keepalive: true,
    });

    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS - 1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS);
    expect(fetchImpl).toHaveBeenCalledTimes(3);

    stop();
    vi.advanceTimersByTime(KEEP_ALIVE_INTERVAL_MS * 3);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('honours a custom interval', () => {
    const fetchImpl = vi.fn(() => Promise.resolve());
    const stop = startKeepAlive({ fetchImpl, intervalMs: 1000 });
    vi.advanceTimersByTime(3000);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
    stop();
  });

  // An unhandled rejection would fail the run: Vitest reports them as errors.
  it('ignores failures, rejected or thrown, and keeps going', async () => {
    const fetchImpl = vi
      .fn<(input: string, init: RequestInit) => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementationOnce(() => {
        throw new Error('no fetch');
      })
      .mockResolvedValue(undefined);

    let stop: () => void = () => {};
    expect(() => {
      stop = startKeepAlive({ fetchImpl, intervalMs: 1000 });
    }).not.toThrow();
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
    vi.advanceTimersByTime(1000);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    stop();

    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('uses the global fetch by default', () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error('offline')));
    vi.stubGlobal('fetch', fetchMock);
    const stop = startKeepAlive();
    expect(fetchMock).toHaveBeenCalledWith(
      KEEP_ALIVE_PATH,
      expect.objectContaining({ method: 'HEAD' }),
    );
    stop();
  });
});
