// Where a channel with unread messages opens: whether the list waits (older pages to load, or the
// missed messages to arrive after a resubscribe) and for how long.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATCH_UP_MS, useFirstUnread } from './useFirstUnread';

afterEach(() => vi.useRealTimers());

const loadOlder = () => new Promise<number>(() => undefined);

describe('useFirstUnread', () => {
  it.each([
    { name: 'all read', read: 50, last: 50, oldest: 26, newest: 50, first: null, waits: false },
    {
      name: 'unread in the page',
      read: 40,
      last: 50,
      oldest: 26,
      newest: 50,
      first: 41,
      waits: false,
    },
    {
      name: 'unread above the page',
      read: 10,
      last: 50,
      oldest: 26,
      newest: 50,
      first: 11,
      waits: true,
    },
    {
      name: 'kept rows end before it',
      read: 60,
      last: 90,
      oldest: 36,
      newest: 60,
      first: 61,
      waits: true,
    },
    {
      name: 'not ready yet',
      read: 60,
      last: 90,
      oldest: 36,
      newest: 60,
      first: 61,
      waits: false,
      ready: false,
    },
  ])(
    '$name: first unread $first, waits $waits',
    ({ read, last, oldest, newest, first, waits, ready }) => {
      const { result } = renderHook(() =>
        useFirstUnread({
          channel: { last_read_seq: read, last_seq: last },
          ready: ready ?? true,
          oldestSeq: oldest,
          newestSeq: newest,
          loadOlder,
        }),
      );
      expect(result.current).toEqual({ firstUnreadSeq: first, reachingUnread: waits });
    },
  );

  it('stops waiting for the missed messages when they come, or after CATCH_UP_MS', () => {
    vi.useFakeTimers();
    const props = { newestSeq: 60 };
    const { result, rerender } = renderHook(() =>
      useFirstUnread({
        channel: { last_read_seq: 60, last_seq: 90 },
        ready: true,
        oldestSeq: 36,
        newestSeq: props.newestSeq,
        loadOlder,
      }),
    );
    expect(result.current.reachingUnread).toBe(true);
    props.newestSeq = 75;
    rerender();
    expect(result.current.reachingUnread).toBe(false);

    props.newestSeq = 60;
    rerender();
    expect(result.current.reachingUnread).toBe(true);
    act(() => {
      vi.advanceTimersByTime(CATCH_UP_MS);
    });
    expect(result.current.reachingUnread).toBe(false);
  });
});
