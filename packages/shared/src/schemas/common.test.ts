import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditFields,
  calendarDateSchema,
  dateInputSchema,
  dateOrderOptions,
  datesInOrder,
  storedDateSchema,
  tagListInputSchema,
  timestampSchema,
} from './common';

describe('timestampSchema', () => {
  it.each([
    [0, true],
    [1_780_000_000_000, true],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['1780000000000', false],
    [2 ** 60, false],
    [null, false],
  ])('%j → valid %j', (value, valid) => {
    expect(timestampSchema.safeParse(value).success).toBe(valid);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-1-5', false],
    ['2026-01-05T00:00:00Z', false],
    [' 2026-01-05', false],
    ['', false],
    [null, false],
  ])('calendarDateSchema: %j → valid %j', (value, valid) => {
    expect(calendarDateSchema.safeParse(value).success).toBe(valid);
  });

  it('says how to write a date', () => {
    expect(calendarDateSchema.safeParse('5/1/2026').error?.issues[0]?.message).toBe(
      'Enter a date as YYYY-MM-DD',
    );
  });

  it.each([
    [undefined, null],
    [null, null],
    ['2026-05-01', '2026-05-01'],
  ])('storedDateSchema: %j → %j', (value, expected) => {
    expect(storedDateSchema.parse(value)).toBe(expected);
  });

  it.each([
    ['', null],
    [undefined, null],
    [null, null],
    ['2026-05-01', '2026-05-01'],
  ])('dateInputSchema: %j → %j', (value, expected) => {
    expect(dateInputSchema.parse(value)).toBe(expected);
  });

  it.each([['nope'], [' '], [20260501]])('dateInputSchema rejects %j', (value) => {
    expect(dateInputSchema.safeParse(value).success).toBe(false);
  });

  it.each([
    [null, null, true],
    ['2026-05-01', null, true],
    [null, '2026-05-01', true],
    ['2026-05-01', '2026-05-01', true],
    ['2026-05-01', '2026-05-02', true],
    ['2026-05-02', '2026-05-01', false],
    ['2026-12-31', '2027-01-01', true],
    ['2027-01-01', '2026-12-31', false],
  ])('datesInOrder(%j, %j) → %j', (start, end, expected) => {
    expect(datesInOrder(start, end)).toBe(expected);
  });
});

describe('dateOrderOptions', () => {
  const schema = z
    .object({ a: z.string().min(1), from: dateInputSchema, to: dateInputSchema })
    .refine((v) => datesInOrder(v.from, v.to), dateOrderOptions('from', 'to', 'bad order'));
  const messages = (value: unknown) =>
    schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it.each<[string, unknown, string[] | undefined]>([
    ['dates in order', { a: 'x', from: '2026-01-01', to: '2026-01-02' }, undefined],
    ['dates out of order', { a: 'x', from: '2026-01-02', to: '2026-01-01' }, ['to: bad order']],
    [
      'another field failed too',
      { a: '', from: '2026-01-02', to: '2026-01-01' },
      ['a: Too small: expected string to have >=1 characters', 'to: bad order'],
    ],
    [
      'a date failed: no order check',
      { a: 'x', from: 'bad', to: '2026-01-01' },
      ['from: Enter a date as YYYY-MM-DD'],
    ],
  ])('%s', (_label, value, expected) => {
    expect(messages(value)).toEqual(expected);
  });

  it.each([[undefined], [null], ['text'], [[]]])('does not crash on %j', (value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('tagListInputSchema', () => {
  it.each([
    [undefined, []],
    [[], []],
    [
      [' Economics ', 'Law'],
      ['Economics', 'Law'],
    ],
    [['Law', 'Law', ' Law'], ['Law']],
  ])('%j → %j', (value, expected) => {
    expect(tagListInputSchema.parse(value)).toEqual(expected);
  });

  it.each([
    [['']],
    [['  ']],
    [['x'.repeat(101)]],
    [Array.from({ length: 51 }, (_, i) => `t${i}`)],
    ['Law'],
  ])('rejects %j', (value) => {
    expect(tagListInputSchema.safeParse(value).success).toBe(false);
  });

  it('gives each parse its own default list', () => {
    const first = tagListInputSchema.parse(undefined);
    first.push('x');
    expect(tagListInputSchema.parse(undefined)).toEqual([]);
  });
});

describe('auditFields', () => {
  it('default to null', () => {
    expect(z.object(auditFields).parse({})).toEqual({
      updated_at: null,
      updated_by: null,
      updated_by_name: null,
    });
  });

  it('reject a bad updated_by on its path', () => {
    const result = z.object(auditFields).safeParse({ updated_by: 'a/b' });
    expect(result.error?.issues[0]?.path).toEqual(['updated_by']);
  });
});
