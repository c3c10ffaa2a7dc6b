import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '@seminar/shared';
import { FakeWebSocket } from '../testing/liveTestKit';
import {
  createLiveClient,
  liveSocketUrl,
  RECONNECT_JITTER,
  reconnectDelay,
  type LiveClient,
  type LiveClientOptions,
} from './client';

describe('reconnectDelay', () => {
  const noJitter = () => 0;
  const fullJitter = () => 0.999999;

  it('starts at 0.5 s and doubles up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => reconnectDelay(n, noJitter))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, noJitter)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelay(1_000, noJitter)).toBe(RECONNECT_MAX_MS);
  });

  it('takes off up to a quarter at random, never going above the cap or below 0', () => {
    for (const attempt of [0, 3, 10, 100]) {
      const nominal = Math.min(RECONNECT_BASE_MS * 2 ** attempt, RECONNECT_MAX_MS);
      const low = reconnectDelay(attempt, fullJitter);
      expect(low).toBeGreaterThanOrEqual(Math.floor(nominal * (1 - RECONNECT_JITTER)));
      expect(low).toBeLessThan(nominal);
      for (let i = 0; i < 50; i += 1) {
        const delay = reconnectDelay(attempt);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(nominal * (1 - RECONNECT_JITTER)));
        expect(delay).toBeLessThanOrEqual(nominal);
      }
    }
  });

  it('spreads the delays (jitter) with Math.random by default', () => {
    const delays = new Set(Array.from({ length: 20 }, () => reconnectDelay(6)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it('treats odd attempts as the first', () => {
    expect(reconnectDelay(-3, noJitter)).toBe(500);
    expect(reconnectDelay(Number.NaN, noJitter)).toBe(500);
    expect(reconnectDelay(Number.POSITIVE_INFINITY, noJitter)).toBe(500);
  });
});

describe('liveSocketUrl', () => {
  it('uses the page origin, ws: or wss:', () => {
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/live',
    );
    expect(liveSocketUrl({ protocol: 'https:', host: 'seminar.example.edu' })).toBe(
      'wss://seminar.example.edu/api/live',
    );
  });
});

describe('createLiveClient', () => {
  let client: LiveClient | null = null;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
  });

  afterEach(async () => {
    await client?.close();
    client = null;
    vi.useRealTimers();
  });

  function open(overrides: Partial<LiveClientOptions> = {}) {
    const signOut = vi.fn(async () => undefined);
    const onConnectFailed = vi.fn();
    client = createLiveClient({
      queryClient: new QueryClient(),
      url: 'ws://app.test/api/live',
      WebSocket: FakeWebSocket as unknown as typeof WebSocket,
      keepAlive: false,
      signOut,
      onConnectFailed,
      ...overrides,
    });
    const states: string[] = [client.getConnectionState()];
    client.subscribeConnectionState(() => states.push(client!.getConnectionState()));
    return { client, signOut, onConnectFailed, states };
  }

  /** Advances the clock until the client opens its next socket (its back-off has passed). */
  const nextAttempt = async () => {
    const count = FakeWebSocket.instances.length;
    for (let ms = 0; ms < RECONNECT_MAX_MS && FakeWebSocket.instances.length === count; ms += 50)
      await vi.advanceTimersByTimeAsync(50);
  };

  const socket = (index: number) => {
    const ws = FakeWebSocket.instances[index];
    if (!ws) throw new Error(`no socket #${index}`);
    return ws;
  };

  it('connects, opens, and reconnects with backoff after the socket is lost', async () => {
    const { states, onConnectFailed } = open();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket(0).url).toBe('ws://app.test/api/live');

    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(client?.getConnectionState()).toBe('open');

    socket(0).serverClose(1006);
    await vi.advanceTimersByTimeAsync(0);
    expect(client?.getConnectionState()).toBe('reconnecting');
    expect(onConnectFailed).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket(1).accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(client?.getConnectionState()).toBe('open');
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('reconnects at once when the browser says the network is back, not after the back-off', async () => {
    open();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    // Lost, and refused a few times: the back-off has grown to seconds.
    socket(0).serverClose(1006);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await nextAttempt();
      socket(attempt).refuse();
      await vi.advanceTimersByTimeAsync(0);
    }
    const before = FakeWebSocket.instances.length;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    socket(before).accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(client?.getConnectionState()).toBe('open');
  });

  it('reconnects at once when a hidden tab becomes visible again', async () => {
    open();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).serverClose(1006);
    await nextAttempt();
    socket(1).refuse();
    await vi.advanceTimersByTimeAsync(0);
    const before = FakeWebSocket.instances.length;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
  });

  it('keeps the back-off for a server that refuses, even when told the network is back', async () => {
    open();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).refuse();
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket(1).refuse();
    await vi.advanceTimersByTimeAsync(0);
    // The next try waits for its back-off (attempt 2: 1-2 s), whatever the browser says meanwhile.
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('re-checks the session when the socket cannot open (the upgrade may be refused)', async () => {
    const { onConnectFailed } = open();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).refuse();
    await vi.advanceTimersByTimeAsync(0);
    expect(onConnectFailed).toHaveBeenCalled();
    expect(client?.getConnectionState()).toBe('connecting');
    // …and keeps trying.
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(FakeWebSocket.instances.length).toBeGreaterThan(1);
  });

  it.each([
    [4401, 'user-token-expired'],
    [4403, 'user-disabled'],
  ])('signs out on close code %i (%s) and does not reconnect', async (code, reason) => {
    const { signOut, states } = open();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);

    socket(0).serverClose(code);
    await vi.advanceTimersByTimeAsync(0);
    expect(signOut).toHaveBeenCalledExactlyOnceWith(reason);
    expect(client?.getConnectionState()).toBe('closed');

    await vi.advanceTimersByTimeAsync(5 * RECONNECT_MAX_MS);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(states).toEqual(['connecting', 'open', 'closed']);
  });

  it('reconnects at once, signed in, when the server drains (4503)', async () => {
    const { signOut, states } = open();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);

    socket(0).serverClose(4503);
    // No back-off (its first step is RECONNECT_BASE_MS): the next socket is opened at once.
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket(1).accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(client?.getConnectionState()).toBe('open');
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('close() ends the socket for good', async () => {
    const { signOut } = open();
    await vi.advanceTimersByTimeAsync(0);
    socket(0).accept();
    await vi.advanceTimersByTimeAsync(0);

    await client?.close();
    expect(socket(0).readyState).toBe(FakeWebSocket.CLOSED);
    expect(client?.getConnectionState()).toBe('closed');
    await vi.advanceTimersByTimeAsync(5 * RECONNECT_MAX_MS);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(signOut).not.toHaveBeenCalled();
  });
});
