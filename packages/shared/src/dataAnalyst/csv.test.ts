import { describe, expect, it } from 'vitest';
import { type Delimiter, type WorkMeter, tokenizeDelimited } from './csv';

const fieldsOf = (text: string, delimiter: Delimiter = ',') =>
  tokenizeDelimited(text, delimiter).records.map((r) => r.fields);

describe('tokenizeDelimited', () => {
  it.each<[string, string, Delimiter, string[][]]>([
    [
      'simple rows',
      'a,b\n1,2',
      ',',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF line breaks',
      'a,b\r\n1,2\r\n',
      ',',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CR line breaks',
      'a,b\r1,2',
      ',',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['a trailing newline adds no record', 'a\n', ',', [['a']]],
    [
      'tabs',
      'a\tb\n1\t2',
      '\t',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'semicolons',
      'a;b\n1,5;2',
      ';',
      [
        ['a', 'b'],
        ['1,5', '2'],
      ],
    ],
    ['unquoted fields are trimmed', ' a , b ', ',', [['a', 'b']]],
    ['empty fields', ',a,,', ',', [['', 'a', '', '']]],
    ['a quoted delimiter', '"Smith, Jo",5', ',', [['Smith, Jo', '5']]],
    ['doubled quotes', '"say ""hi""",1', ',', [['say "hi"', '1']]],
    [
      'a quoted line break',
      '"two\nlines",1\n2,3',
      ',',
      [
        ['two\nlines', '1'],
        ['2', '3'],
      ],
    ],
    ['a quoted CRLF', '"a\r\nb"', ',', [['a\r\nb']]],
    ['quoted spaces are kept', '"  x  ",y', ',', [['  x  ', 'y']]],
    ['spaces before a quote', 'a,  "b,c"', ',', [['a', 'b,c']]],
    ['an empty quoted field', '"",1', ',', [['', '1']]],
    ['a quote inside an unquoted field is text', 'a"b,c', ',', [['a"b', 'c']]],
    ['text after a closing quote is kept', '"a"b,c', ',', [['ab', 'c']]],
    ['a blank line is a record', 'a\n\nb', ',', [['a'], [''], ['b']]],
  ])('%s', (_label, text, delimiter, expected) => {
    expect(fieldsOf(text, delimiter)).toEqual(expected);
  });

  it('marks blank lines, but not an empty quoted field, as blank', () => {
    const { records } = tokenizeDelimited('a\n\n""\nb', ',');
    expect(records.map((r) => r.blank)).toEqual([false, true, false, false]);
  });

  it('records where each record starts and ends', () => {
    const { records } = tokenizeDelimited('ab,c\r\nde', ',');
    expect(records.map((r) => [r.start, r.end])).toEqual([
      [0, 4],
      [6, 8],
    ]);
  });

  it('reports an unclosed quote and reads it to the end', () => {
    const result = tokenizeDelimited('a,b\n"open,1\n2,3', ',');
    expect(result.unclosedQuoteRecord).toBe(1);
    expect(result.records[1]?.fields).toEqual(['open,1\n2,3']);
  });

  it('stops at maxRecords and says so', () => {
    const result = tokenizeDelimited('1\n2\n3\n4', ',', { maxRecords: 2 });
    expect(result.records).toHaveLength(2);
    expect(result.truncated).toBe(true);
    expect(tokenizeDelimited('1\n2', ',', { maxRecords: 2 }).truncated).toBe(false);
  });

  it('reads empty text as no records', () => {
    expect(tokenizeDelimited('', ',').records).toEqual([]);
  });

  // Inputs that make backtracking parsers quadratic or worse: the meter counts every character
  // examined, so linear work means steps stay within a small multiple of the length.
  it.each<[string, string]>([
    ['only quotes', '"'.repeat(200_000)],
    ['doubled quotes in one field', '"' + '""'.repeat(100_000)],
    ['an unclosed quote', '"' + 'a,'.repeat(100_000)],
    ['spaces before nothing', ' '.repeat(200_000)],
    ['delimiters only', ','.repeat(200_000)],
    ['quote-delimiter pairs', '",'.repeat(100_000)],
    ['line breaks only', '\n'.repeat(200_000)],
  ])('does linear work on %s', (_label, text) => {
    const meter: WorkMeter = { steps: 0 };
    tokenizeDelimited(text, ',', { meter });
    expect(meter.steps).toBeLessThanOrEqual(2 * text.length);
  });
});
