import { describe, expect, it } from 'vitest';
import { textProblem } from './text';
import { cutText } from './cutText';

describe('cutText', () => {
  it.each<[string, string, number, string]>([
    ['short text stays whole', 'abc', 5, 'abc'],
    ['exactly the length stays whole', 'abcde', 5, 'abcde'],
    ['plain text is cut at the length', 'abcdef', 4, 'abcd'],
    ['zero keeps nothing', 'abc', 0, ''],
    ['a surrogate pair is never split', 'ab😀', 3, 'ab'],
    ['a pair that fits is kept', 'ab😀c', 4, 'ab😀'],
    ['an emoji with its skin tone goes whole', 'a👍🏽b', 3, 'a'],
    ['an emoji with its skin tone that fits is kept', 'a👍🏽b', 5, 'a👍🏽'],
    ['a flag is not cut between its letters', 'x🇫🇷', 3, 'x'],
    ['a ZWJ family is one character', 'x👩‍👩‍👧', 6, 'x'],
    ['a letter keeps its combining accent', 'cafe\u0301s', 4, 'caf'],
    ['CJK in the basic plane is cut per character', '漢字かな', 3, '漢字か'],
    ['a rare CJK character outside it is one pair', '𠀀𠀀𠀀', 5, '𠀀𠀀'],
  ])('%s', (_label, text, max, expected) => {
    const cut = cutText(text, max);
    expect(cut).toBe(expected);
    expect(cut.length).toBeLessThanOrEqual(max);
    expect(textProblem(cut)).toBeNull();
  });

  it('never leaves a lone surrogate, wherever the cut falls', () => {
    const text = '😀a🇫🇷👍🏽𠀀é'.repeat(20);
    for (let max = 0; max <= text.length; max += 1) {
      const cut = cutText(text, max);
      expect(textProblem(cut), `cut at ${max}`).toBeNull();
      expect(text.startsWith(cut)).toBe(true);
    }
  });
});
