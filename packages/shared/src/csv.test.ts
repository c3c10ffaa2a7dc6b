import { describe, expect, it } from 'vitest';
import { csvField, csvRows, isFormulaLike } from './csv';

describe('csvField', () => {
  it.each<[string, string | number | null, string]>([
    ['plain text', 'plain', 'plain'],
    ['a comma is quoted', 'a,b', '"a,b"'],
    ['quotes are doubled', 'say "hi"', '"say ""hi"""'],
    ['null is empty', null, ''],
    ['a number as it is', 70, '70'],
    ['a negative number as it is', -3, '-3'],
    ['= starts a formula', '=1+1', "'=1+1"],
    ['+ starts a formula', '+1', "'+1"],
    ['- starts a formula', '-1', "'-1"],
    ['@ starts a formula', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1', "'\t=1"],
    ['a leading tab alone', '\tplain', "'\tplain"],
    ['a leading carriage return', '\r=1', `"'\r=1"`],
    ['a leading line feed', '\n=HYPERLINK("x")', `"'\n=HYPERLINK(""x"")"`],
    ['a leading space', ' =1+1', "' =1+1"],
    ['leading spaces', '   @x', "'   @x"],
    ['a leading no-break space', '\u00a0=1', "'\u00a0=1"],
    ['a leading ideographic space', '\u3000=1', "'\u3000=1"],
    ['full-width equals', '＝1+1', "'＝1+1"],
    ['full-width plus', '＋1', "'＋1"],
    ['full-width minus', '－1', "'－1"],
    ['full-width at', '＠x', "'＠x"],
    ['full-width after a space', ' ＝1', "' ＝1"],
    ['= inside the text is fine', 'a=b', 'a=b'],
    ['a line break inside is quoted only', 'a\n=b', '"a\n=b"'],
    ['empty text', '', ''],
    ['spaces only', '   ', '   '],
  ])('%s', (_label, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('isFormulaLike', () => {
  it.each<[string, boolean]>([
    ['=A1', true],
    [' \t =A1', true],
    ['\n', true],
    ['＠', true],
    ['DataAnalystBot', false],
    ['2026-11-23T15:00:00.000Z', false],
    ['', false],
  ])('%j → %j', (text, expected) => {
    expect(isFormulaLike(text)).toBe(expected);
  });
});

describe('csvRows', () => {
  it('joins fields with commas and rows with CRLF, ending with one', () => {
    expect(
      csvRows([
        ['a', 1],
        ['=b', null],
      ]),
    ).toBe("a,1\r\n'=b,\r\n");
  });
});
