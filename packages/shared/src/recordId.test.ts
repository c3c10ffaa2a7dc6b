import { describe, expect, it } from 'vitest';
import { isValidDocumentId } from './documentId';
import {
  RECORD_ID_PATTERN,
  defaultRandomSuffix,
  formatRecordTimestamp,
  isValidRecordId,
  makeRecordId,
  sanitizeRecordIdentifier,
} from './recordId';
import { recordIdSchema } from './schemas/recordId';

const fixed = () => 'k3j9x2';

describe('formatRecordTimestamp (America/New_York wall time)', () => {
  it.each([
    // Spring forward 2026-03-08: 01:59:59.999 EST is followed by 03:00:00.000 EDT.
    ['2026-03-08T06:59:59.999Z', '20260308015959999'],
    ['2026-03-08T07:00:00.000Z', '20260308030000000'],
    // Fall back 2026-11-01: 01:59:59.999 EDT is followed by 01:00:00.000 EST (the hour repeats).
    ['2026-11-01T05:59:59.999Z', '20261101015959999'],
    ['2026-11-01T06:00:00.000Z', '20261101010000000'],
    ['2026-11-01T05:30:00.000Z', '20261101013000000'],
    ['2026-11-01T06:30:00.000Z', '20261101013000000'],
    // Midnight prints as 00, never 24; the New York date differs from the UTC date.
    ['2026-01-01T05:00:00.000Z', '20260101000000000'],
    ['2026-01-01T04:59:59.999Z', '20251231235959999'],
    ['2026-01-01T00:00:00.000Z', '20251231190000000'],
    ['2026-07-04T04:00:00.000Z', '20260704000000000'],
    ['2026-07-04T03:59:59.000Z', '20260703235959000'],
    // Single-digit parts are zero-padded; milliseconds keep three digits.
    ['2026-02-03T09:04:05.007Z', '20260203040405007'],
    ['2028-02-29T17:00:00.050Z', '20280229120000050'],
  ])('stamps %s as %s', (iso, expected) => {
    expect(formatRecordTimestamp(new Date(iso))).toBe(expected);
  });

  it('throws a RangeError for an invalid Date', () => {
    expect(() => formatRecordTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('sanitizeRecordIdentifier', () => {
  it.each([
    ['u1', 'u1'],
    ['AbC_9-z', 'AbC_9-z'],
    ['a/b', 'a-b'],
    ['ann@example.org', 'ann-example-org'],
    ['..', '--'],
    ['é😀', '--'],
    ['\uD800', '-'],
    ['', 'anon'],
    ['x'.repeat(100), 'x'.repeat(64)],
  ])('turns %j into %j', (input, expected) => {
    expect(sanitizeRecordIdentifier(input)).toBe(expected);
  });
});

describe('makeRecordId', () => {
  it.each([
    ['msg', 'u1', '2026-03-08T06:59:59.999Z', 'msg_20260308015959999_u1_k3j9x2'],
    ['msg', 'u1', '2026-03-08T07:00:00.000Z', 'msg_20260308030000000_u1_k3j9x2'],
    ['act', 'user_7', '2026-11-01T05:59:59.999Z', 'act_20261101015959999_user_7_k3j9x2'],
    ['class', 'a/b', '2026-11-01T06:00:00.000Z', 'class_20261101010000000_a-b_k3j9x2'],
    ['ch2', '', '2026-01-01T05:00:00.000Z', 'ch2_20260101000000000_anon_k3j9x2'],
  ])('makes %s/%j at %s into %s', (prefix, identifier, iso, expected) => {
    const id = makeRecordId(prefix, identifier, new Date(iso), fixed);
    expect(id).toBe(expected);
    expect(isValidDocumentId(id)).toBe(true);
    expect(RECORD_ID_PATTERN.test(id)).toBe(true);
  });

  it.each([
    ['a plain uid', 'u1'],
    ['a slash', 'a/b/c'],
    ['dots only', '..'],
    ['double underscores', '__x__'],
    ['a lone surrogate', '\uD800'],
    ['a very long identifier', '€'.repeat(2000)],
    ['an empty identifier', ''],
  ])('always yields a valid document id, even with %s', (_label, identifier) => {
    const id = makeRecordId('msg', identifier);
    expect(isValidDocumentId(id)).toBe(true);
    expect(isValidRecordId(id, 'msg')).toBe(true);
  });

  it('defaults to the current time', () => {
    const before = formatRecordTimestamp(new Date());
    const stamp = makeRecordId('msg', 'u1').split('_')[1] ?? '';
    const after = formatRecordTimestamp(new Date());
    expect(stamp >= before && stamp <= after).toBe(true);
  });

  it('gives different ids for two calls at the same instant', () => {
    const now = new Date('2026-05-01T12:00:00.000Z');
    expect(makeRecordId('msg', 'u1', now)).not.toBe(makeRecordId('msg', 'u1', now));
  });

  it.each([['Msg'], [''], ['1msg'], ['m_g'], ['m-g'], ['m'.repeat(33)]])(
    'throws for the bad prefix %j',
    (prefix) => {
      expect(() => makeRecordId(prefix, 'u1', new Date(), fixed)).toThrow(RangeError);
    },
  );

  it.each([[''], ['abc'], ['ABCDEF'], ['abc_de'], ['abcdefg']])(
    'throws for the bad random suffix %j',
    (suffix) => {
      expect(() => makeRecordId('msg', 'u1', new Date(), () => suffix)).toThrow(RangeError);
    },
  );
});

describe('defaultRandomSuffix', () => {
  it('gives 6 lowercase base36 characters, and varies', () => {
    const suffixes = new Set(Array.from({ length: 200 }, () => defaultRandomSuffix()));
    for (const suffix of suffixes) expect(suffix).toMatch(/^[0-9a-z]{6}$/);
    expect(suffixes.size).toBeGreaterThan(195);
  });
});

describe('isValidRecordId and recordIdSchema', () => {
  it.each([
    ['msg_20260308015959999_u1_k3j9x2', undefined, true],
    ['msg_20260308015959999_u1_k3j9x2', 'msg', true],
    ['msg_20260308015959999_u1_k3j9x2', 'act', false],
    ['msg_20260308015959999_a_b_c_k3j9x2', 'msg', true],
    ['msg_2026030801595999_u1_k3j9x2', undefined, false], // 16-digit stamp
    ['msg_20260308015959999_u1', undefined, false], // no suffix
    ['msg_20260308015959999__k3j9x2', undefined, false], // empty identifier
    ['msg_20260308015959999_u1_K3J9X2', undefined, false], // upper-case suffix
    ['msg_20260308015959999_a/b_k3j9x2', undefined, false],
    ['Msg_20260308015959999_u1_k3j9x2', undefined, false],
    ['', undefined, false],
    [42, undefined, false],
  ])('%j (prefix %j) → %j', (id, prefix, expected) => {
    expect(isValidRecordId(id, prefix)).toBe(expected);
    if (prefix === undefined) expect(recordIdSchema.safeParse(id).success).toBe(expected);
  });

  it('reports a bad record id with a clear message', () => {
    const result = recordIdSchema.safeParse('nope');
    expect(result.error?.issues[0]?.message).toBe('Not a valid record id');
  });
});
