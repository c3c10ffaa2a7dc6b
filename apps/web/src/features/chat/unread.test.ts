import { describe, expect, it } from 'vitest';
import { totalUnread, unreadBadge, unreadCount, unreadWords } from './unread';

describe('unread counts', () => {
  it('is last_seq − last_read_seq', () => {
    expect(unreadCount({ last_seq: 12, last_read_seq: 9 })).toBe(3);
    expect(unreadCount({ last_seq: 5, last_read_seq: 5 })).toBe(0);
    expect(unreadCount({ last_seq: 0, last_read_seq: 0 })).toBe(0);
  });

  it('leaves out what a post-first phase hides from the viewer', () => {
    expect(unreadCount({ last_seq: 12, last_read_seq: 9, hidden_count: 2 })).toBe(1);
    expect(unreadCount({ last_seq: 12, last_read_seq: 9, hidden_count: 3 })).toBe(0);
    expect(
      totalUnread([
        { channel_id: 'case', last_seq: 20, last_read_seq: 10, hidden_count: 10 },
        { channel_id: 'general', last_seq: 4, last_read_seq: 3 },
      ]),
    ).toBe(1);
  });

  it('never goes below zero, and ignores odd numbers', () => {
    expect(unreadCount({ last_seq: 3, last_read_seq: 7 })).toBe(0);
    expect(unreadCount({ last_seq: Number.NaN, last_read_seq: 1 })).toBe(0);
  });

  it('shows 99+ above 99 and words it for screen readers', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadWords(1)).toBe('1 unread message');
    expect(unreadWords(4)).toBe('4 unread messages');
    expect(unreadWords(0)).toBe('No unread messages');
  });

  it('adds up the channels except the open one', () => {
    const channels = [
      { channel_id: 'a', last_seq: 10, last_read_seq: 4 },
      { channel_id: 'b', last_seq: 3, last_read_seq: 1 },
      { channel_id: 'c', last_seq: 2, last_read_seq: 2 },
    ];
    expect(totalUnread(channels)).toBe(8);
    expect(totalUnread(channels, 'a')).toBe(2);
  });
});
