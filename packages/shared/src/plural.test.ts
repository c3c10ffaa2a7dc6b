import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

const classes = { one: 'class', other: 'classes' };

describe('plural', () => {
  it.each([
    [0, 'classes'],
    [1, 'class'],
    [2, 'classes'],
    [1.5, 'classes'],
    [21, 'classes'],
    [1_000, 'classes'],
  ])('%s → %s', (count, word) => {
    expect(plural(count, classes)).toBe(word);
  });

  it('agrees a verb with its count', () => {
    const match = { one: 'matches', other: 'match' };
    expect(plural(1, match)).toBe('matches');
    expect(plural(3, match)).toBe('match');
  });
});

describe('countOf', () => {
  it.each([
    [0, '0 classes'],
    [1, '1 class'],
    [12, '12 classes'],
    [1_200, '1,200 classes'],
  ])('%s → %s', (count, text) => {
    expect(countOf(count, classes)).toBe(text);
  });
});
