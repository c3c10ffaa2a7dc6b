import { describe, expect, it } from 'vitest';
import { highlightSnippet, prefixTsQuery, SEARCH_MAX_TERMS, searchTerms } from './messageSearch';
import { messageSearchInputSchema } from './schemas/messageSearch';

describe('searchTerms', () => {
  it.each([
    ['Photosynthesis', ['photosynthesis']],
    ['  light   and LIGHT ', ['light', 'and']],
    ['snake_case e2e-test', ['snake', 'case', 'e2e', 'test']],
    ["it's (a|b) & !c:* 'd'", ['it', 's', 'a', 'b', 'c', 'd']],
    ['Grüße café 数学', ['grüße', 'café', '数学']],
    ['<script>alert(1)</script>', ['script', 'alert', '1']],
    ['&|!():*', []],
    ['', []],
  ])('%j → %j', (query, terms) => {
    expect(searchTerms(query)).toEqual(terms);
  });

  it('keeps at most SEARCH_MAX_TERMS words and cuts long ones', () => {
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(searchTerms(many)).toHaveLength(SEARCH_MAX_TERMS);
    expect(searchTerms('x'.repeat(500))[0]).toHaveLength(64);
  });
});

describe('prefixTsQuery', () => {
  it.each([
    ['photo light', "'photo':* & 'light':*"],
    ["o'brien", "'o':* & 'brien':*"],
    ['!!!', null],
  ])('%j → %j', (query, tsquery) => {
    expect(prefixTsQuery(query)).toBe(tsquery);
  });
});

describe('highlightSnippet', () => {
  const hit = (text: string) => ({ text, hit: true });
  const plain = (text: string) => ({ text, hit: false });
  it.each([
    ['plain words', ['zzz'], [plain('plain words')]],
    [
      'Light and lighthouse, not delight',
      ['light'],
      [hit('Light'), plain(' and '), hit('lighthouse'), plain(', not delight')],
    ],
    ['a <b>light</b>\n\n  trip', ['light'], [plain('a <b>'), hit('light'), plain('</b> trip')]],
    ['snake_case', ['case'], [plain('snake_'), hit('case')]],
    ['Grüße aus Köln', ['köln'], [plain('Grüße aus '), hit('Köln')]],
    ['', ['x'], []],
  ])('%j with %j', (body, terms, parts) => {
    expect(highlightSnippet(body, terms)).toEqual(parts);
  });

  it('shows a window around the first hit of a long message, marked with …', () => {
    const body = `${'alpha '.repeat(100)}needle ${'omega '.repeat(100)}`;
    const parts = highlightSnippet(body, ['needle'], 100);
    expect(parts[0]?.text).toMatch(/^…alpha /);
    expect(parts.at(-1)?.text).toMatch(/ omega…$/);
    expect(parts.filter((part) => part.hit)).toEqual([{ text: 'needle', hit: true }]);
    const length = parts.reduce((sum, part) => sum + part.text.length, 0);
    expect(length).toBeLessThanOrEqual(102);
  });

  it('never cuts a character of two UTF-16 units in half', () => {
    const body = '😀'.repeat(150);
    for (const part of highlightSnippet(body, ['x'], 101)) {
      expect(part.text).not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
    }
  });
});

describe('messageSearchInputSchema', () => {
  const base = { class_id: 'class_1', query: 'light' };
  it.each([
    [base, true],
    [{ ...base, channel_id: 'channel_1', author_uid: 'u1', offset: 20 }, true],
    [{ ...base, channel_id: null, author_uid: null }, true],
    [{ ...base, query: '   ' }, false],
    [{ ...base, query: '&&' }, false],
    [{ ...base, query: 'x'.repeat(201) }, false],
    [{ ...base, query: 'a\u0000b' }, false],
    [{ ...base, offset: 201 }, false],
    [{ ...base, offset: -1 }, false],
    [{ ...base, offset: 1.5 }, false],
    [{ query: 'light' }, false],
  ])('%j → valid %j', (input, valid) => {
    expect(messageSearchInputSchema.safeParse(input).success).toBe(valid);
  });

  it('pages from the start by default', () => {
    expect(messageSearchInputSchema.parse(base).offset).toBe(0);
  });
});
