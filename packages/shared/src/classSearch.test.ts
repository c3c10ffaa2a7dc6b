import { describe, expect, it } from 'vitest';
import {
  foldSearchText,
  matchesClassSearch,
  pageOf,
  searchWords,
  type SearchableClass,
} from './classSearch';

const physics: SearchableClass = {
  name: 'Open Physics',
  course_name: 'Mechanics and Waves',
  course_code: 'PHYS-101',
  course_term: 'Fall 2026',
  course_disciplines: ['Physics', 'Sciences économiques'],
};

describe('foldSearchText and searchWords', () => {
  it.each<[string, string, string[]]>([
    ['Physics', 'physics', ['physics']],
    ['  Éco   Bio ', 'eco bio', ['eco', 'bio']],
    ['', '', []],
    ['   ', '', []],
    ['PHYS-101', 'phys-101', ['phys-101']],
  ])('%j → %j', (text, folded, words) => {
    expect(foldSearchText(text)).toBe(folded);
    expect(searchWords(text)).toEqual(words);
  });
});

describe('matchesClassSearch', () => {
  it.each<[string, string, boolean]>([
    ['a blank query matches every class', '   ', true],
    ['by name, any case', 'open physics', true],
    ['by part of a word', 'phys', true],
    ['by course name', 'waves', true],
    ['by course code', 'phys-101', true],
    ['by course code, any case', 'Phys-101', true],
    ['by term', 'fall 2026', true],
    ['by discipline, accents ignored', 'economiques', true],
    ['every word must be found, each in any field', 'physics 2026', true],
    ['a word found nowhere fails the whole query', 'physics spring', false],
    ['an unrelated query', 'chemistry', false],
  ])('%s (%j)', (_label, query, expected) => {
    expect(matchesClassSearch(physics, query)).toBe(expected);
  });

  it('reads a class with only a name', () => {
    expect(matchesClassSearch({ name: 'Biology' }, 'bio')).toBe(true);
    expect(matchesClassSearch({ name: 'Biology' }, 'fall')).toBe(false);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 25 }, (_, i) => i + 1);
  it.each<[string, number, number[], number, number]>([
    ['the first page', 1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1, 3],
    ['a middle page', 2, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 2, 3],
    ['the last, short page', 3, [21, 22, 23, 24, 25], 3, 3],
    ['a page past the end shows the last', 9, [21, 22, 23, 24, 25], 3, 3],
    ['a page below 1 shows the first', 0, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1, 3],
    ['not a number shows the first', Number.NaN, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1, 3],
  ])('%s', (_label, page, expected, shown, count) => {
    expect(pageOf(rows, page, 10)).toEqual({ rows: expected, page: shown, pageCount: count });
  });

  it('gives an empty list one empty page', () => {
    expect(pageOf([], 3, 10)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});
