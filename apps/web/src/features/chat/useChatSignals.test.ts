import { describe, expect, it } from 'vitest';
import { makeChannel } from '../../testing/classFixtures';
import { notificationFor } from './useChatSignals';

const seen = { seq: 5, unread: 0, mentions: 0 };

describe('notificationFor', () => {
  it.each<[string, Parameters<typeof makeChannel>[0], boolean, string | null]>([
    [
      'a new message, level all, hidden',
      { last_seq: 6, last_read_seq: 5 },
      false,
      'New message in general',
    ],
    ['a new message, page visible', { last_seq: 6, last_read_seq: 5 }, true, null],
    [
      'a new message, level mentions',
      { last_seq: 6, last_read_seq: 5, notify: 'mentions' },
      false,
      null,
    ],
    [
      'a mention, level mentions',
      { last_seq: 6, last_read_seq: 5, mention_count: 1, notify: 'mentions' },
      false,
      'You were mentioned in general',
    ],
    [
      'a mention, level none',
      { last_seq: 6, last_read_seq: 5, mention_count: 1, notify: 'none' },
      false,
      null,
    ],
    // Read elsewhere (another tab): the seq moved but nothing is unread.
    ['a message already read', { last_seq: 6, last_read_seq: 6 }, false, null],
    ['nothing new', { last_seq: 5, last_read_seq: 5 }, false, null],
  ])('%s', (_name, over, visible, title) => {
    expect(notificationFor(makeChannel(over), seen, visible)?.title ?? null).toBe(title);
  });

  it('says nothing of a channel it had not seen (the first list is what was there)', () => {
    expect(notificationFor(makeChannel({ last_seq: 9 }), undefined, false)).toBeNull();
  });
});
