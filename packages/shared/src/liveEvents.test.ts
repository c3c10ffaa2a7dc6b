import { describe, expect, it } from 'vitest';
import { applyLiveEvent, emptyLiveState, type LiveEvent, type LiveState } from './liveEvents';

interface Row {
  id: string;
  version: number;
  text: string;
}
const row = (id: string, version: number, text = `${id}@${version}`): Row => ({
  id,
  version,
  text,
});
const fold = (events: LiveEvent<Row>[], start: LiveState<Row> = emptyLiveState<Row>()) =>
  events.reduce((state, event) => applyLiveEvent(state, event, (r) => r.id), start);
const texts = (state: LiveState<Row>) => [...state.rows.values()].map((r) => r.text).sort();

describe('applyLiveEvent', () => {
  it.each<[string, LiveEvent<Row>[], string[]]>([
    [
      'a snapshot fills the set',
      [{ type: 'snapshot', rows: [row('a', 1), row('b', 2)], replace: true }],
      ['a@1', 'b@2'],
    ],
    [
      'a replacing snapshot drops rows it lacks',
      [
        { type: 'snapshot', rows: [row('a', 1), row('b', 2)], replace: true },
        { type: 'snapshot', rows: [row('b', 2)], replace: true },
      ],
      ['b@2'],
    ],
    [
      'a merging snapshot keeps rows it lacks',
      [
        { type: 'snapshot', rows: [row('a', 1)], replace: false },
        { type: 'snapshot', rows: [row('b', 2)], replace: false },
      ],
      ['a@1', 'b@2'],
    ],
    [
      'an upsert replaces a row with a newer version',
      [
        { type: 'snapshot', rows: [row('a', 1)], replace: true },
        { type: 'upsert', rows: [row('a', 5)] },
      ],
      ['a@5'],
    ],
    [
      'an older version never overwrites a newer one',
      [
        { type: 'snapshot', rows: [row('a', 5)], replace: true },
        { type: 'upsert', rows: [row('a', 3)] },
      ],
      ['a@5'],
    ],
    [
      'the same change twice counts once',
      [
        { type: 'snapshot', rows: [row('a', 4)], replace: true },
        { type: 'upsert', rows: [row('a', 4)] },
      ],
      ['a@4'],
    ],
    [
      'a remove drops the row, and an unknown id is harmless',
      [
        { type: 'snapshot', rows: [row('a', 1), row('b', 1)], replace: true },
        { type: 'remove', ids: ['a', 'zzz'] },
      ],
      ['b@1'],
    ],
    [
      'an end clears everything',
      [
        { type: 'snapshot', rows: [row('a', 1)], replace: true },
        { type: 'end', reason: 'gone' },
      ],
      [],
    ],
  ])('%s', (_name, events, expected) => {
    expect(texts(fold(events))).toEqual(expected);
  });

  it('is ready after a snapshot and records why it ended', () => {
    expect(fold([]).ready).toBe(false);
    expect(fold([{ type: 'snapshot', rows: [], replace: true }]).ready).toBe(true);
    expect(fold([{ type: 'end', reason: 'You no longer have access to this.' }]).ended).toBe(
      'You no longer have access to this.',
    );
  });

  it('does not mutate the state it was given', () => {
    const before = fold([{ type: 'snapshot', rows: [row('a', 1)], replace: true }]);
    fold([{ type: 'remove', ids: ['a'] }], before);
    expect(before.rows.has('a')).toBe(true);
  });
});
