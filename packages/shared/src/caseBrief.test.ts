import { describe, expect, it } from 'vitest';
import {
  BRIEF_MAX_LENGTH,
  MAX_PINS_PER_CHANNEL,
  PIN_EXCERPT_MAX_LENGTH,
  PIN_LIMIT_MESSAGE,
  briefCollapsedKey,
  pinExcerpt,
  pinRefusal,
} from './caseBrief';
import { briefInputSchema, pinInputSchema } from './schemas/caseBrief';

describe('pinRefusal', () => {
  it.each([
    [0, false, null],
    [1, false, null],
    [MAX_PINS_PER_CHANNEL - 1, false, null],
    [MAX_PINS_PER_CHANNEL, false, 'limit'],
    [MAX_PINS_PER_CHANNEL + 3, false, 'limit'],
    // Pinning what is pinned changes nothing, so it is never refused.
    [MAX_PINS_PER_CHANNEL, true, null],
    [0, true, null],
  ] as const)('%i pinned, already pinned %s → %s', (pinned, already, refusal) => {
    expect(pinRefusal(pinned, already)).toBe(refusal);
  });

  it('says the limit in words', () => {
    expect(MAX_PINS_PER_CHANNEL).toBe(20);
    expect(PIN_LIMIT_MESSAGE).toBe(
      'A channel can have at most 20 pinned messages. Unpin one first.',
    );
  });
});

describe('pinExcerpt', () => {
  it.each([
    ['short', false, 'short'],
    ['gone', true, ''],
    ['x'.repeat(PIN_EXCERPT_MAX_LENGTH + 10), false, 'x'.repeat(PIN_EXCERPT_MAX_LENGTH)],
    // Never half an emoji (a surrogate pair) at the cut.
    [`${'a'.repeat(PIN_EXCERPT_MAX_LENGTH - 1)}😀`, false, 'a'.repeat(PIN_EXCERPT_MAX_LENGTH - 1)],
  ])('%#', (body, deleted, excerpt) => {
    expect(pinExcerpt(body, deleted)).toBe(excerpt);
  });
});

describe('briefCollapsedKey', () => {
  it('is per person and activity', () => {
    expect(briefCollapsedKey('u1', 'a1')).toBe('seminar.briefCollapsed.u1.a1');
    expect(briefCollapsedKey('u1', 'a2')).not.toBe(briefCollapsedKey('u1', 'a1'));
    expect(briefCollapsedKey('u2', 'a1')).not.toBe(briefCollapsedKey('u1', 'a1'));
  });
});

describe('briefInputSchema', () => {
  const base = { class_id: 'c1', activity_id: 'a1' };
  it.each([
    ['a brief', { body: '## Case\nRead it.' }, true],
    ['an empty brief (removes it)', { body: '' }, true],
    ['at the bound', { body: 'b'.repeat(BRIEF_MAX_LENGTH) }, true],
    ['over the bound', { body: 'b'.repeat(BRIEF_MAX_LENGTH + 1) }, false],
    ['a NUL', { body: 'a\u0000b' }, false],
    [
      'ten files',
      { body: '', attachment_ids: Array.from({ length: 10 }, (_, i) => `f${i}`) },
      true,
    ],
    [
      'eleven files',
      { body: '', attachment_ids: Array.from({ length: 11 }, (_, i) => `f${i}`) },
      false,
    ],
  ])('%s', (_name, fields, ok) => {
    expect(briefInputSchema.safeParse({ ...base, ...fields }).success).toBe(ok);
  });

  it('words the bound', () => {
    const parsed = briefInputSchema.safeParse({ ...base, body: 'b'.repeat(BRIEF_MAX_LENGTH + 1) });
    expect(parsed.error?.issues[0]?.message).toBe('A case brief can be at most 20,000 characters');
  });

  it('keeps the text as written', () => {
    expect(briefInputSchema.parse({ ...base, body: '    code\n' }).body).toBe('    code\n');
  });
});

describe('pinInputSchema', () => {
  it.each([
    [{ id: 'm1', on: true }, true],
    [{ id: 'm1', on: false }, true],
    [{ id: 'm1' }, false],
    [{ id: 'a/b', on: true }, false],
  ])('%j', (input, ok) => {
    expect(pinInputSchema.safeParse(input).success).toBe(ok);
  });
});
