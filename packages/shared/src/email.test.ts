import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema } from './email';
import { EMAIL_ERROR_MESSAGE, EMAIL_PATTERN, isValidEmail, normalizeEmail } from './emailAddress';

describe('EMAIL_PATTERN', () => {
  it("is zod's standard e-mail pattern, so the schema and isValidEmail agree", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});

describe('normalizeEmail', () => {
  it.each([
    ['ann@example.org', 'ann@example.org'],
    ['  Ann@Example.ORG  ', 'ann@example.org'],
    ['\tBOB@X.IO\n', 'bob@x.io'],
    ['', ''],
    ['   ', ''],
    // Normalizing does not validate; it only trims and lower-cases.
    ['Not An Email', 'not an email'],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});

describe('isValidEmail', () => {
  it.each([
    'ann@example.org',
    '  Ann@Example.ORG  ',
    'first.last@sub.example.co.uk',
    'a+tag@example.com',
    'o_brien-99@example.io',
    'x@ex-ample.com',
  ])('accepts %j', (input) => {
    expect(isValidEmail(input)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing @', 'ann.example.org'],
    ['two @', 'ann@@example.org'],
    ['nothing before @', '@example.org'],
    ['nothing after @', 'ann@'],
    ['no dot in domain', 'ann@localhost'],
    ['space inside', 'ann smith@example.org'],
    ['space in domain', 'ann@exam ple.org'],
    ['trailing dot', 'ann@example.org.'],
    ['leading dot in domain', 'ann@.example.org'],
    ['double dot in local part', 'ann..smith@example.org'],
    ['one-letter top-level part', 'ann@example.o'],
    ['domain label starting with a hyphen', 'ann@-example.org'],
    ['display-name form', 'Ann <ann@example.org>'],
  ])('rejects %s (%j)', (_label, input) => {
    expect(isValidEmail(input)).toBe(false);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an object', { email: 'ann@example.org' }],
  ])('rejects non-text input: %s', (_label, input) => {
    expect(isValidEmail(input)).toBe(false);
  });
});

describe('emailSchema', () => {
  it.each([
    ['ann@example.org', 'ann@example.org'],
    ['  Ann@Example.ORG ', 'ann@example.org'],
  ])('parses %j to the normalized %j', (input, expected) => {
    expect(emailSchema.parse(input)).toBe(expected);
  });

  it.each([['ann'], ['ann@localhost'], [''], [' '], [undefined], [null], [5]])(
    'rejects %j with the clear message',
    (input) => {
      const result = emailSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([EMAIL_ERROR_MESSAGE]);
    },
  );
});
