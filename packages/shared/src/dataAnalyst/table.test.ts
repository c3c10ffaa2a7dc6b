import { describe, expect, it } from 'vitest';
import { findTable } from './detect';
import {
  ANALYST_MAX_COLUMNS,
  ANALYST_MAX_LINES_READ,
  ANALYST_MAX_ROWS,
  ANALYST_MAX_TEXT_CHARS,
} from './limits';
import { type Table, type TableProblem, buildTable } from './table';

function tableOf(text: string): Table {
  const search = findTable(text);
  if (search.kind !== 'found') throw new Error(`no table found in ${JSON.stringify(text)}`);
  const built = buildTable(search.table);
  if (built.kind !== 'table') throw new Error(`table refused: ${JSON.stringify(built.problem)}`);
  return built.table;
}

function problemOf(text: string): TableProblem | 'no table' | 'too many lines' {
  const search = findTable(text);
  if (search.kind === 'none') return 'no table';
  if (search.kind === 'too-many-lines') return 'too many lines';
  if (search.kind === 'too-long')
    return { code: 'too-long', chars: search.chars, max: ANALYST_MAX_TEXT_CHARS };
  const built = buildTable(search.table);
  if (built.kind === 'table') throw new Error('expected a problem');
  return built.problem;
}

const summaryOf = (table: Table) => ({
  delimiter: table.delimiter,
  hasHeader: table.hasHeader,
  rows: table.rowCount,
  columns: table.columns.map((c) => `${c.name}:${c.kind}`),
});

describe('finding and typing a table', () => {
  it.each<[string, string, ReturnType<typeof summaryOf>]>([
    [
      'pasted CSV after a mention',
      '@DataAnalystBot have a look\nname,score\nAna,3\nBo,4',
      { delimiter: ',', hasHeader: true, rows: 2, columns: ['name:text', 'score:number'] },
    ],
    [
      'pasted TSV (cells with commas stay whole)',
      'name\tscore\nSmith, Jo\t3\nBo\t4',
      { delimiter: '\t', hasHeader: true, rows: 2, columns: ['name:text', 'score:number'] },
    ],
    [
      'semicolons with decimal commas',
      'group;score\na;1,5\nb;2,5',
      { delimiter: ';', hasHeader: true, rows: 2, columns: ['group:text', 'score:number'] },
    ],
    [
      'a ```csv block, text around it',
      'Please analyse:\n```csv\nx,y\n1,2\n3,4\n```\nThanks, bot',
      { delimiter: ',', hasHeader: true, rows: 2, columns: ['x:number', 'y:number'] },
    ],
    [
      'a ```tsv block',
      '```tsv\nx\ty\n1\t2\n3\t4\n```',
      { delimiter: '\t', hasHeader: true, rows: 2, columns: ['x:number', 'y:number'] },
    ],
    [
      'a single column in a ```csv block',
      '```csv\nscore\n1\n2\n3\n```',
      { delimiter: ',', hasHeader: true, rows: 3, columns: ['score:number'] },
    ],
    [
      'an unclosed ```csv block runs to the end',
      '```CSV\nx,y\n1,2\n3,4',
      { delimiter: ',', hasHeader: true, rows: 2, columns: ['x:number', 'y:number'] },
    ],
    [
      'blank lines inside a fenced block are skipped',
      '```csv\nx,y\n\n1,2\n\n3,4\n```',
      { delimiter: ',', hasHeader: true, rows: 2, columns: ['x:number', 'y:number'] },
    ],
    [
      'no header: the first row is numbers above numbers',
      '1,2\n3,4\n5,6',
      {
        delimiter: ',',
        hasHeader: false,
        rows: 3,
        columns: ['column 1:number', 'column 2:number'],
      },
    ],
    [
      'no header: a name row above numbers',
      'Ana,3,4\nBo,5,6',
      {
        delimiter: ',',
        hasHeader: false,
        rows: 2,
        columns: ['column 1:text', 'column 2:number', 'column 3:number'],
      },
    ],
    [
      'a text-only table has a header',
      'name,city\nAna,Oslo\nBo,Rome',
      { delimiter: ',', hasHeader: true, rows: 2, columns: ['name:text', 'city:text'] },
    ],
    [
      'missing values leave a column numeric',
      'x,y\n1,NA\n2,\n3,7\n-,8',
      { delimiter: ',', hasHeader: true, rows: 4, columns: ['x:number', 'y:number'] },
    ],
    [
      'a quoted header and quoted numbers',
      '"the x","y"\n"1,000",2\n"2,500",3',
      { delimiter: ',', hasHeader: true, rows: 2, columns: ['the x:number', 'y:number'] },
    ],
    [
      'empty and duplicate header names',
      'x,,X\n1,2,3\n4,5,6',
      {
        delimiter: ',',
        hasHeader: true,
        rows: 2,
        columns: ['x:number', 'column 2:number', 'X (2):number'],
      },
    ],
    [
      'a trailing delimiter on every line',
      'x,y,\n1,2,\n3,4,',
      {
        delimiter: ',',
        hasHeader: true,
        rows: 2,
        columns: ['x:number', 'y:number', 'column 3:text'],
      },
    ],
    [
      'extra empty fields on one row are ignored',
      'x,y\n1,2,,\n3,4',
      { delimiter: ',', hasHeader: true, rows: 2, columns: ['x:number', 'y:number'] },
    ],
    [
      'the larger of two pasted blocks',
      'a,b\n1,2\n\nx,y,z\n1,2,3\n4,5,6\n7,8,9',
      { delimiter: ',', hasHeader: true, rows: 3, columns: ['x:number', 'y:number', 'z:number'] },
    ],
  ])('%s', (_label, text, expected) => {
    expect(summaryOf(tableOf(text))).toEqual(expected);
  });

  it('keeps each row’s values, with null for missing ones', () => {
    const table = tableOf('x,label\n1.5,"a, b"\nN/A,c\n-3e2,');
    expect(table.columns[0]?.numbers).toEqual([1.5, null, -300]);
    expect(table.columns[1]?.cells).toEqual(['a, b', 'c', null]);
  });

  it('reads decimal commas only in semicolon tables', () => {
    expect(tableOf('x;y\n1,5;2\n2,5;3').columns[0]?.numbers).toEqual([1.5, 2.5]);
    expect(tableOf('x\ty\n1,5\t2\n2,5\t3').columns[0]?.kind).toBe('text');
  });

  it('notes the first non-number of a mostly numeric column', () => {
    const column = tableOf('x,y\n1,2\n2,3\nabc,4\n4,5').columns[0];
    expect(column?.kind).toBe('text');
    expect(column?.nonNumeric).toEqual({ count: 1, row: 4, example: 'abc' });
  });

  it('returns the text around the table as the request', () => {
    const search = findTable('mean of x by g\nx,g\n1,a\n2,b\nthanks');
    expect(search.kind === 'found' && search.table.requestText).toBe('mean of x by g\n\nthanks');
    const fenced = findTable('before\n```csv\nx,y\n1,2\n```\nafter');
    expect(fenced.kind === 'found' && fenced.table.requestText).toBe('before\nafter');
  });

  it.each<[string, string]>([
    ['empty text', ''],
    ['prose', 'Hello bot, how are you?'],
    ['single words on lines', 'hello\nworld\nagain'],
    ['an empty csv block', '```csv\n```'],
    ['a block tagged with an Object property', '```constructor\nhello\n```\n```toString\nx\n```'],
  ])('finds no table in %s', (_label, text) => {
    expect(problemOf(text)).toBe('no table');
  });

  it.each<[string, string, TableProblem]>([
    ['a short row', 'a,b,c\n1,2,3\n4,5\n7,8,9', { code: 'ragged', row: 3, fields: 2, expected: 3 }],
    ['a long row', 'a,b\n1,2\n3,4,5', { code: 'ragged', row: 3, fields: 3, expected: 2 }],
    ['an unclosed quote', 'a,b\n1,2\n"3,4\n5,6', { code: 'unclosed-quote', row: 3 }],
    ['a header and one row', 'a,b\n1,2', { code: 'too-few-rows', rows: 1 }],
    ['a header only (fenced)', '```csv\na,b\n```', { code: 'too-few-rows', rows: 0 }],
    [
      'too many columns',
      Array.from({ length: 2 }, () =>
        Array.from({ length: ANALYST_MAX_COLUMNS + 1 }, (_, i) => i).join(','),
      ).join('\n'),
      { code: 'too-many-columns', columns: ANALYST_MAX_COLUMNS + 1, max: ANALYST_MAX_COLUMNS },
    ],
    [
      'too many rows',
      'x,y\n' + '1,2\n'.repeat(ANALYST_MAX_ROWS + 1),
      { code: 'too-many-rows', rows: ANALYST_MAX_ROWS + 1, max: ANALYST_MAX_ROWS },
    ],
    [
      'too many rows without a header',
      '1,2\n'.repeat(ANALYST_MAX_ROWS + 1),
      { code: 'too-many-rows', rows: ANALYST_MAX_ROWS + 1, max: ANALYST_MAX_ROWS },
    ],
    [
      'far too many lines',
      'x,y\n' + '1,2\n'.repeat(ANALYST_MAX_ROWS + 5_000),
      { code: 'too-many-rows', rows: null, max: ANALYST_MAX_ROWS },
    ],
    [
      'text over the limit',
      'x,y\n' + '1'.repeat(ANALYST_MAX_TEXT_CHARS),
      { code: 'too-long', chars: ANALYST_MAX_TEXT_CHARS + 4, max: ANALYST_MAX_TEXT_CHARS },
    ],
  ])('refuses %s', (_label, text, expected) => {
    expect(problemOf(text)).toEqual(expected);
  });

  it('refuses text with more lines than are read when no table is among them', () => {
    expect(problemOf('hello\n'.repeat(ANALYST_MAX_LINES_READ + 1) + 'x,y\n1,2\n3,4')).toBe(
      'too many lines',
    );
  });

  it('finds a table followed by more lines than are read', () => {
    expect(
      summaryOf(tableOf('x,y\n1,2\n3,4\n\n' + 'hello\n'.repeat(ANALYST_MAX_LINES_READ))),
    ).toEqual({
      delimiter: ',',
      hasHeader: true,
      rows: 2,
      columns: ['x:number', 'y:number'],
    });
  });

  it('accepts exactly the row limit', () => {
    expect(tableOf('x,y\n' + '1,2\n'.repeat(ANALYST_MAX_ROWS)).rowCount).toBe(ANALYST_MAX_ROWS);
  });
});
