import { describe, expect, it } from 'vitest';
import { TEXT_NUL_MESSAGE, TEXT_UNICODE_MESSAGE, textProblem } from './text';
import { textSchema } from './schemas/text';

describe('textProblem', () => {
  it.each([
    ['plain text', 'Hello', null],
    ['empty text', '', null],
    ['a surrogate pair (an emoji)', 'a😀b', null],
    ['other control characters PostgreSQL stores', 'a\u0001\u001f\u007fb\tc\n', null],
    ['a NUL', 'a\u0000b', TEXT_NUL_MESSAGE],
    ['only a NUL', '\u0000', TEXT_NUL_MESSAGE],
    ['a lone high surrogate at the end', 'ab\uD83D', TEXT_UNICODE_MESSAGE],
    ['a lone low surrogate at the start', '\uDE00ab', TEXT_UNICODE_MESSAGE],
    ['a swapped pair', '\uDE00\uD83D', TEXT_UNICODE_MESSAGE],
    ['two high surrogates', '\uD83D\uD83D\uDE00', TEXT_UNICODE_MESSAGE],
  ])('%s → %s', (_label, value, expected) => {
    expect(textProblem(value)).toBe(expected);
  });
});

describe('textSchema', () => {
  it('keeps the string rules it is chained with', () => {
    const title = textSchema().trim().min(1).max(5);
    expect(title.parse('  abc ')).toBe('abc');
    expect(title.safeParse('   ').success).toBe(false);
    expect(title.safeParse('abcdef').success).toBe(false);
  });

  it('refuses a NUL with its message, on the field', () => {
    const result = textSchema().trim().safeParse(' a\u0000 ');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([TEXT_NUL_MESSAGE]);
  });

  it('keeps its own message for non-text input', () => {
    expect(textSchema({ error: 'Enter a title' }).safeParse(5).error?.issues[0]?.message).toBe(
      'Enter a title',
    );
  });
});
