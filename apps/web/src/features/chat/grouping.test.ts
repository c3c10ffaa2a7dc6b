import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, groupMessages, GROUP_GAP_MS, type GroupableMessage } from './grouping';

const UTC = { timeZone: 'UTC', locale: 'en-US' };
const at = (iso: string) => Date.parse(iso);
const msg = (id: string, author: string, iso: string): GroupableMessage => ({
  id,
  author_uid: author,
  author_name: author.toUpperCase(),
  created_at: at(iso),
});

describe('dayKey and dayLabel', () => {
  it('names the day in the zone given', () => {
    expect(dayKey(at('2026-03-02T23:30:00Z'), 'UTC')).toBe('2026-03-02');
    expect(dayKey(at('2026-03-02T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-03');
  });

  it('says Today, Yesterday, or the full date', () => {
    const now = at('2026-03-04T12:00:00Z');
    expect(dayLabel(at('2026-03-04T00:10:00Z'), { ...UTC, now })).toBe('Today');
    expect(dayLabel(at('2026-03-03T23:59:00Z'), { ...UTC, now })).toBe('Yesterday');
    expect(dayLabel(at('2026-03-02T08:00:00Z'), { ...UTC, now })).toBe('Monday, March 2, 2026');
  });
});

describe('groupMessages', () => {
  const now = at('2026-03-04T18:00:00Z');

  it('groups consecutive messages of one author on one day', () => {
    const items = groupMessages(
      [
        msg('1', 'ada', '2026-03-04T09:00:00Z'),
        msg('2', 'ada', '2026-03-04T09:01:00Z'),
        msg('3', 'bo', '2026-03-04T09:02:00Z'),
        msg('4', 'ada', '2026-03-04T09:03:00Z'),
      ],
      { ...UTC, now },
    );
    expect(
      items.map((item) => (item.kind === 'day' ? item.label : item.messages.map((m) => m.id))),
    ).toEqual(['Today', ['1', '2'], ['3'], ['4']]);
    expect(items[1]).toMatchObject({
      kind: 'group',
      authorUid: 'ada',
      authorName: 'ADA',
      key: '1',
    });
  });

  it('puts a divider between days and starts a new group after it', () => {
    const items = groupMessages(
      [
        msg('1', 'ada', '2026-03-02T23:58:00Z'),
        msg('2', 'ada', '2026-03-03T00:01:00Z'),
        msg('3', 'ada', '2026-03-04T10:00:00Z'),
      ],
      { ...UTC, now },
    );
    expect(items.map((item) => (item.kind === 'day' ? item.label : item.key))).toEqual([
      'Monday, March 2, 2026',
      '1',
      'Yesterday',
      '2',
      'Today',
      '3',
    ]);
  });

  it('starts a new group after a long pause from the same author', () => {
    const start = at('2026-03-04T09:00:00Z');
    const items = groupMessages(
      [
        { id: '1', author_uid: 'ada', author_name: 'Ada', created_at: start },
        { id: '2', author_uid: 'ada', author_name: 'Ada', created_at: start + GROUP_GAP_MS - 1 },
        { id: '3', author_uid: 'ada', author_name: 'Ada', created_at: start + 2 * GROUP_GAP_MS },
      ],
      { ...UTC, now },
    );
    expect(items.filter((item) => item.kind === 'group').map((group) => group.key)).toEqual([
      '1',
      '3',
    ]);
  });

  // Issue 33: a message 9 minutes after the previous one sat under the old header with no time.
  it.each([
    [4, ['1']],
    [9, ['1', '2']],
  ])(
    'a message %s minutes after the same author’s previous one starts groups %j',
    (minutes, keys) => {
      const start = at('2026-03-04T09:00:00Z');
      const items = groupMessages(
        [
          { id: '1', author_uid: 'ada', author_name: 'Ada', created_at: start },
          { id: '2', author_uid: 'ada', author_name: 'Ada', created_at: start + minutes * 60_000 },
        ],
        { ...UTC, now },
      );
      expect(items.filter((item) => item.kind === 'group').map((group) => group.key)).toEqual(keys);
    },
  );

  it('gives nothing for no messages', () => {
    expect(groupMessages([], UTC)).toEqual([]);
  });
});
