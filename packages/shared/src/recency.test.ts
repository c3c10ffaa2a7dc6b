import { describe, expect, it } from 'vitest';
import { ONLINE_WINDOW_MS, TYPING_WINDOW_MS, type NotificationType } from './constants';
import {
  DEFAULT_RECENCY_WINDOWS,
  isRecentNotification,
  needsRecencyRecheck,
  recentNotifications,
  serverNow,
} from './recency';

const T0 = 1_780_000_000_000; // a fixed client "now"
const TYPING_LIMIT = 2 * TYPING_WINDOW_MS; // 10 000 ms
const ONLINE_LIMIT = 2 * ONLINE_WINDOW_MS; // 60 000 ms

describe('isRecentNotification', () => {
  it('uses the product windows by default', () => {
    expect(DEFAULT_RECENCY_WINDOWS).toEqual({ typingWindowMs: 5000, onlineWindowMs: 30000 });
  });

  it.each<[string, NotificationType, number, number, boolean]>([
    // [label, type, created_at, serverOffsetMs, expected]
    ['typing just now', 'user_typing', T0, 0, true],
    ['typing 1 ms before the limit', 'user_typing', T0 - TYPING_LIMIT + 1, 0, true],
    ['typing exactly at the limit', 'user_typing', T0 - TYPING_LIMIT, 0, false],
    ['typing 1 ms past the limit', 'user_typing', T0 - TYPING_LIMIT - 1, 0, false],
    ['typing older than one window but younger than two', 'user_typing', T0 - 7000, 0, true],
    ['online 1 ms before the limit', 'user_online', T0 - ONLINE_LIMIT + 1, 0, true],
    ['online exactly at the limit', 'user_online', T0 - ONLINE_LIMIT, 0, false],
    ['online at the typing limit is still recent', 'user_online', T0 - TYPING_LIMIT, 0, true],
    // Server ahead of the client (+3 s): the notification looks 3 s older.
    ['typing, server ahead, still recent', 'user_typing', T0 - TYPING_LIMIT + 3001, 3000, true],
    ['typing, server ahead, at the limit', 'user_typing', T0 - TYPING_LIMIT + 3000, 3000, false],
    // Server behind the client (−3 s): the notification looks 3 s younger.
    ['typing, server behind, at the limit', 'user_typing', T0 - TYPING_LIMIT - 3000, -3000, false],
    ['typing, server behind, just inside', 'user_typing', T0 - TYPING_LIMIT - 2999, -3000, true],
    ['online, server behind by a minute', 'user_online', T0 - ONLINE_LIMIT - 59_999, -60_000, true],
    // Future timestamps (clock skew) count as recent.
    ['typing 1 s in the future', 'user_typing', T0 + 1000, 0, true],
    ['online an hour in the future', 'user_online', T0 + 3_600_000, 0, true],
    ['typing in the future once the offset is applied', 'user_typing', T0, -5000, true],
  ])('%s → %j', (_label, type, createdAt, offset, expected) => {
    expect(isRecentNotification({ type, created_at: createdAt }, T0, offset)).toBe(expected);
  });

  it.each([
    ['custom typing window, inside', 'user_typing', T0 - 199, true],
    ['custom typing window, at the limit', 'user_typing', T0 - 200, false],
    ['custom online window, inside', 'user_online', T0 - 1999, true],
    ['custom online window, at the limit', 'user_online', T0 - 2000, false],
  ] as const)('%s', (_label, type, createdAt, expected) => {
    const windows = { typingWindowMs: 100, onlineWindowMs: 1000 };
    expect(isRecentNotification({ type, created_at: createdAt }, T0, 0, windows)).toBe(expected);
  });

  it.each([
    ['a deleted notification', { type: 'user_typing', created_at: T0, deleted: true }, 0],
    ['an unknown type', { type: 'user_left', created_at: T0 }, 0],
    ['a NaN created_at', { type: 'user_typing', created_at: Number.NaN }, 0],
    ['a NaN offset', { type: 'user_online', created_at: T0 }, Number.NaN],
  ])('is never recent for %s', (_label, n, offset) => {
    expect(isRecentNotification(n as Parameters<typeof isRecentNotification>[0], T0, offset)).toBe(
      false,
    );
  });

  it('counts deleted: false as live', () => {
    expect(
      isRecentNotification({ type: 'user_typing', created_at: T0, deleted: false }, T0, 0),
    ).toBe(true);
  });
});

describe('serverNow', () => {
  it.each([
    [T0, 0, T0],
    [T0, 1500, T0 + 1500],
    [T0, -1500, T0 - 1500],
  ])('%i + %i = %i', (client, offset, expected) => {
    expect(serverNow(client, offset)).toBe(expected);
  });
});

describe('recentNotifications and needsRecencyRecheck', () => {
  const list = [
    { id: 'a', type: 'user_typing' as const, created_at: T0 - 1000 },
    { id: 'b', type: 'user_typing' as const, created_at: T0 - 20_000 },
    { id: 'c', type: 'user_online' as const, created_at: T0 - 20_000 },
    { id: 'd', type: 'user_online' as const, created_at: T0 - 90_000 },
  ];

  it('keeps the recent ones in order', () => {
    expect(recentNotifications(list, T0, 0).map((n) => n.id)).toEqual(['a', 'c']);
    expect(recentNotifications([], T0, 0)).toEqual([]);
  });

  it.each([
    ['a typing notice', list, true],
    ['online notices only', list.slice(2), false],
    [
      'a deleted typing notice only',
      [{ type: 'user_typing' as const, created_at: T0, deleted: true }],
      false,
    ],
    ['nothing', [], false],
  ])('needs a recheck with %s: %j', (_label, notifications, expected) => {
    expect(needsRecencyRecheck(notifications)).toBe(expected);
  });
});
