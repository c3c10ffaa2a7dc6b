// readServerFrame must give the zod schema's answer for every frame: a table of valid frames and,
// for each, every field removed, replaced by values of each JSON type, and an unknown key added.
import { describe, expect, it } from 'vitest';
import { fieldPaths, withField } from './fieldVariants.testkit';
import { serverFrameSchema } from './liveProtocol';
import { readServerFrame } from './liveWire';

const wireError = { message: 'No', code: -32600, data: { code: 'BAD_REQUEST', path: 'x' } };
const row = { id: 'r1', version: 3, body: 'hi' };
const events = [
  { type: 'snapshot', rows: [row, { version: 0 }], replace: true },
  { type: 'snapshot', rows: [], replace: false },
  { type: 'upsert', rows: [row] },
  { type: 'remove', ids: ['r1', 'r2'] },
  { type: 'remove', ids: [] },
  { type: 'end', reason: 'Gone' },
  { type: 'end', reason: 'Gone', retry: true },
];
const validFrames: unknown[] = [
  { t: 'r', id: 1, d: { any: ['thing'] } },
  { t: 'r', id: Number.MAX_SAFE_INTEGER },
  { t: 'r', id: 7, d: null },
  { t: 'r', id: 2, e: wireError },
  ...events.map((e, index) => ({ t: 's', id: index + 1, k: 'key', e })),
  { t: 's', id: 3, k: '', e: events[0], c: '12:40' },
  ...events.map((e) => ({ t: 'e', p: 'messages.live', k: 'class_1/general', e })),
  { t: 'e', p: 'messages.live', k: 'k', c: '1:2', e: events[2] },
];

/** JSON values of every type, and numbers at the request id's edges. */
const replacements: unknown[] = [
  null,
  true,
  'text',
  '',
  0,
  -1,
  1.5,
  2,
  Number.MAX_SAFE_INTEGER + 1,
  [],
  ['a'],
  [1],
  [{}],
  [{ version: '1' }],
  [null],
  {},
  { version: 1 },
  { message: 'm', code: 1, data: {} },
  { message: 'm', code: 1, data: { code: 'X' } },
];

function variants(frame: unknown): unknown[] {
  const out: unknown[] = [frame, JSON.parse(JSON.stringify(frame))];
  for (const path of fieldPaths(frame)) {
    out.push(withField(frame, path, undefined));
    for (const next of replacements) out.push(withField(frame, path, next));
    out.push(withField(frame, [...path.slice(0, -1), 'extra'], 1));
  }
  return out;
}

const cases = validFrames.flatMap(variants);
cases.push(null, 'PONG', 1, [], [validFrames[0]], {}, { t: 'x', id: 1 }, { t: 'q', id: 1, p: 'a' });

describe('readServerFrame', () => {
  it('accepts every valid frame, returning it', () => {
    for (const frame of validFrames) expect(readServerFrame(frame)).toBe(frame);
  });

  it(`gives the zod schema's answer for ${cases.length} frames and variants`, () => {
    expect(cases.length).toBeGreaterThan(1500);
    const disagreements = cases.filter(
      (frame) => (readServerFrame(frame) !== null) !== serverFrameSchema.safeParse(frame).success,
    );
    expect(disagreements).toEqual([]);
    // The table is not one-sided: it holds frames both accept and frames both refuse.
    const accepted = cases.filter((frame) => readServerFrame(frame) !== null).length;
    expect(accepted).toBeGreaterThan(100);
    expect(cases.length - accepted).toBeGreaterThan(1000);
  });
});
