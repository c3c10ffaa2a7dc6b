import { describe, expect, it } from 'vitest';
import {
  encodeNotices,
  MAX_PAYLOAD_BYTES,
  mergeNotices,
  parseNotices,
  type LiveNotice,
} from './bus';

const notice = (
  key: string,
  ids: string[] | null,
  extra: Partial<LiveNotice> = {},
): LiveNotice => ({
  topic: 'messages.live',
  key,
  ids,
  ...extra,
});

describe('notice payloads', () => {
  it('puts a transaction’s notices in one payload, with its origin, and reads them back', () => {
    const notices = [
      notice('a', ['1', '2'], { version: 7 }),
      notice('b', null),
      { topic: 'access', key: 'c', ids: null, uid: 'u' },
    ];
    const payloads = encodeNotices(notices, { node: 'n1', token: 3 });
    expect(payloads).toHaveLength(1);
    expect(parseNotices(payloads[0]!)).toEqual({ origin: { node: 'n1', token: 3 }, notices });
  });

  it('splits what does not fit, and turns a notice too large alone into a resync of its key', () => {
    const ids = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}_${String(index).padStart(100, '0')}`);
    const payloads = encodeNotices([
      notice('a', ids('a', 40)),
      notice('b', ids('b', 40)),
      notice('huge', ids('h', 200)),
    ]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads)
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const all = payloads.flatMap((payload) => parseNotices(payload)?.notices ?? []);
    expect(all.map((item) => [item.key, item.ids?.length ?? null])).toEqual([
      ['a', 40],
      ['b', 40],
      ['huge', null],
    ]);
  });

  it.each(['not json', '42', '{"l":"nope"}', '{}'])(
    'trusts nothing it cannot read: %s',
    (payload) => {
      const parsed = parseNotices(payload);
      expect(parsed === null || parsed.notices.length === 0).toBe(true);
    },
  );

  it('drops malformed notices and keeps the good ones', () => {
    const parsed = parseNotices(
      JSON.stringify({
        l: [
          { t: 1, k: 'a', i: null },
          { t: 'x', k: 'b', i: [1] },
          { t: 'x', k: 'c', i: ['ok'], v: 1.5 },
          { t: 'x', k: 'd', i: ['ok'], v: 4 },
        ],
      }),
    );
    expect(parsed?.notices).toEqual([{ topic: 'x', key: 'd', ids: ['ok'], version: 4 }]);
    expect(parsed?.origin).toBeNull();
  });

  it('merges a transaction’s announcements per topic, key and uid', () => {
    expect(
      mergeNotices([
        notice('a', ['1'], { version: 3 }),
        notice('a', ['2', '1'], { version: 5 }),
        notice('b', ['1']),
        notice('b', null),
        { topic: 'access', key: 'c', ids: null, uid: 'u1' },
        { topic: 'access', key: 'c', ids: null, uid: 'u2' },
      ]),
    ).toEqual([
      notice('a', ['1', '2'], { version: 5 }),
      notice('b', null),
      { topic: 'access', key: 'c', ids: null, uid: 'u1' },
      { topic: 'access', key: 'c', ids: null, uid: 'u2' },
    ]);
  });
});
