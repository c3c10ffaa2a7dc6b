import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './engine';
import { analystTableFile, withTableFile } from './tableFile';

const file = (name: string, id = 'att_1') => ({ id, name, size: 10 });

describe('analystTableFile', () => {
  it.each([
    ['scores.csv', 'csv'],
    ['SCORES.CSV', 'csv'],
    ['data.tsv', 'tsv'],
    ['export.tab', 'tsv'],
    ['notes.txt', 'csv'],
  ] as const)('reads %s as %s', (name, language) => {
    expect(analystTableFile([file(name)])?.language).toBe(language);
  });

  it.each(['photo.png', 'report.pdf', 'csv', '.csv', 'table.csv.exe', 'data.xlsx'])(
    'does not read %s',
    (name) => {
      expect(analystTableFile([file(name)])).toBeNull();
    },
  );

  it('takes the first table file of several', () => {
    expect(
      analystTableFile([file('a.png', 'att_a'), file('b.tsv', 'att_b'), file('c.csv', 'att_c')])
        ?.id,
    ).toBe('att_b');
  });
});

describe('withTableFile', () => {
  it("gives the engine the file's table and the message's question", () => {
    const text = withTableFile(
      '@DataAnalystBot mean of score by group',
      { ...file('s.csv'), language: 'csv' },
      '\uFEFFgroup,score\r\na,1\r\na,3\r\nb,10\r\n',
    );
    const outcome = analyzeMessage(text);
    if (outcome.kind !== 'analysis') throw new Error(`no analysis: ${outcome.kind}`);
    expect(outcome.analysis.rowCount).toBe(3);
    expect(outcome.analysis.columns.map((column) => column.name)).toEqual(['group', 'score']);
    expect(outcome.operations).toHaveLength(1);
  });

  it('reads a tab-separated file as tab-separated only', () => {
    const text = withTableFile('', { ...file('t.tsv'), language: 'tsv' }, 'a\tb\n1\t2\n3\t4');
    const outcome = analyzeMessage(text);
    expect(outcome.kind === 'analysis' && outcome.analysis.columns.length).toBe(2);
  });
});
