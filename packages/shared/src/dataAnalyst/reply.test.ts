import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../constants';
import type { WorkMeter } from './csv';
import { type AnalystOutcome, analyzeMessage } from './engine';
import { formatStat } from './format';
import {
  ANALYST_MAX_COLUMNS,
  ANALYST_MAX_LINES_READ,
  ANALYST_MAX_ROWS,
  ANALYST_MAX_TEXT_CHARS,
} from './limits';
import { formatAnalystReply } from './reply';

const reply = (text: string) => formatAnalystReply(analyzeMessage(text));

describe('replies to bad tables', () => {
  it.each<[string, string, string[]]>([
    ['no table', 'hello bot, what can you do?', ["I didn't find a table", '```csv']],
    [
      'a ragged row (says which)',
      'a,b,c\n1,2,3\n4,5\n6,7,8',
      ['Row 3 has 2 values, but the first row has 3', 'missing or extra separator'],
    ],
    ['an unclosed quote', 'a,b\n1,2\n"3,4\n5,6', ['Row 3 opens a quoted value', 'never closes']],
    ['one data row', 'a,b\n1,2', ['only one row of data', 'at least two rows']],
    ['a header only', '```csv\na,b\n```', ['no data rows']],
    [
      'no numeric columns',
      'name,city\nAna,Oslo\nBo,Rome',
      ['No column holds only numbers', '`name`: 2 distinct of 2', '`city`'],
    ],
    [
      'too many columns',
      ['h', 'v'].map((p) => Array.from({ length: 150 }, (_, i) => `${p}${i}`).join(',')).join('\n'),
      ['150 columns', `at most ${ANALYST_MAX_COLUMNS}`],
    ],
    [
      'too many rows',
      'x,y\n' + '1,2\n'.repeat(ANALYST_MAX_ROWS + 1),
      ['10,001 rows', 'at most 10,000'],
    ],
    [
      'far too many lines',
      'x,y\n' + '1,2\n'.repeat(ANALYST_MAX_ROWS * 2),
      ['more than 11,001 lines', 'at most 10,000 rows'],
    ],
    ['10 MB of text', 'x,'.repeat(5_000_000), ['10,000,000 characters', 'at most 1,000,000']],
    [
      'a table after too many lines of text',
      'mean of x\n'.repeat(ANALYST_MAX_LINES_READ) + 'x,y\n1,2\n3,4',
      ['more than 11,001 lines'],
    ],
  ])('%s', (_label, text, fragments) => {
    const answer = reply(text);
    for (const fragment of fragments) expect(answer).toContain(fragment);
    expect(answer.length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
  });
});

describe('bounded work on hostile input', () => {
  it('refuses 10 MB of text without reading it', () => {
    const meter: WorkMeter = { steps: 0 };
    const outcome = analyzeMessage('1,2\n'.repeat(2_500_000), { meter });
    expect(outcome).toEqual({
      kind: 'problem',
      problem: { code: 'too-long', chars: 10_000_000, max: ANALYST_MAX_TEXT_CHARS },
    });
    expect(meter.steps).toBe(0);
  });

  it.each<[string, string]>([
    [
      'a table just under the limit',
      ('1,2\n'.repeat(ANALYST_MAX_ROWS) + 'x'.repeat(ANALYST_MAX_TEXT_CHARS)).slice(
        0,
        ANALYST_MAX_TEXT_CHARS,
      ),
    ],
    ['quotes', '"'.repeat(ANALYST_MAX_TEXT_CHARS)],
    ['an unclosed quote over many lines', '"' + 'a,b;c\td\n'.repeat(100_000)],
    ['separators only', ',;\t'.repeat(300_000)],
  ])('reads %s in linear work', (_label, text) => {
    const meter: WorkMeter = { steps: 0 };
    const answer = formatAnalystReply(analyzeMessage(text, { meter }));
    expect(answer.length).toBeGreaterThan(0);
    // Three delimiters tried, each reading every character at most twice.
    expect(meter.steps).toBeLessThanOrEqual(6 * text.length);
  });
});

describe('any text', () => {
  // A fixed-seed generator over the characters that matter to the parser: every run tests the same
  // 500 texts, and a failure names the one that broke.
  function* texts(count: number): Generator<string> {
    const alphabet = [
      ',',
      ';',
      '\t',
      '"',
      '""',
      '\n',
      '\r\n',
      ' ',
      'a',
      'NA',
      '1',
      '-2.5',
      'e3',
      '```csv\n',
      '```tsv\n',
      '```constructor\n',
      '```\n',
      'mean of a by b',
      '`',
    ];
    let seed = 12345;
    const next = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed;
    };
    for (let t = 0; t < count; t++) {
      const length = next() % 120;
      let text = '';
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
      yield text;
    }
  }

  it('gets a reply within the message limit, never an exception', () => {
    for (const text of texts(500)) {
      let answer = '';
      expect(
        () => (answer = formatAnalystReply(analyzeMessage(text))),
        JSON.stringify(text),
      ).not.toThrow();
      expect(answer.length, JSON.stringify(text)).toBeGreaterThan(0);
      expect(answer.length, JSON.stringify(text)).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
    }
  });
});

describe('the analysis reply', () => {
  const text =
    '@DataAnalystBot mean of score by group, please\n' +
    'correlation of score and hours\n' +
    'summary of Grade\n' +
    'name,group,score,hours,grade\nAna,a,3,1,B\nBo,b,5,2,A\nCy,a,NA,3,B\nDi,b,7,4,A\nEd,a,9,5,B';

  it('answers the asked-for operations first, then the table’s statistics', () => {
    // score and hours over the 4 complete rows: Sxy = 14, Sxx = 20, Syy = 10 → r = 14/√200 = 0.98995.
    const answer = reply(text);
    expect(answer).toContain('Mean of `score` by `group`:');
    expect(answer).toMatch(/a\s+2\s+6\n/);
    expect(answer).toMatch(/b\s+2\s+6\n/);
    expect(answer).toContain('Correlation of `score` and `hours`: **r = 0.990** (Pearson, n = 4).');
    expect(answer).toContain('Summary of `grade` (text): 5 values, 0 missing, 2 distinct');
    expect(answer).toContain('**Table:** 5 rows × 5 columns (first row read as column names).');
    expect(answer).toMatch(/score\s+4\s+1\s+6\s+6\s+2\.582\s+3\s+9/);
    expect(answer).toContain('- `group`: 2 distinct of 5 (0 missing); top: `a` 3, `b` 2');
    expect(answer).toContain('- `name`: 5 distinct of 5 (0 missing); top: every value different');
    expect(answer).toContain('**Chart:** scatter of `hours` against `score` (r = 0.990).');
    expect(answer.indexOf('Mean of')).toBeLessThan(answer.indexOf('**Table:**'));
  });

  it('lists the columns when a request names an unknown one', () => {
    expect(reply(text.replace('mean of score', 'mean of height'))).toContain(
      'There is no column `height`. The columns are: `name`, `group`, `score`, `hours`, `grade`.',
    );
  });

  it('counts the groups it leaves out', () => {
    const rows = Array.from({ length: 21 }, (_, i) => `g${i},${i}`);
    const answer = reply(['max of v by g', 'g,v', ...rows].join('\n'));
    expect(answer).toMatch(/g19\s+1\s+19\n```\n… and 1 more group\./);
    expect(answer).not.toMatch(/g20\s/);
  });

  it('says when a request needs numbers and the column holds text', () => {
    expect(reply(text.replace('mean of score', 'mean of name'))).toContain(
      '`name` holds text, not numbers, so I cannot compute its mean.',
    );
  });

  it('keeps user text from breaking out of code', () => {
    const answer = reply('"a`b```",y\nx```,1\nz,2');
    expect(answer).not.toContain('a`b');
    expect(answer).toContain("`a'b'''`");
  });

  it('stays within the message limit for the widest table', () => {
    const header = Array.from(
      { length: ANALYST_MAX_COLUMNS },
      (_, i) => `a rather long column name ${i}`,
    );
    const rows = Array.from({ length: 3 }, (_, r) => header.map((_, c) => String(r * c)));
    const answer = reply([header, ...rows].map((row) => row.join(',')).join('\n'));
    expect(answer.length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
    expect(answer).toContain('… and 80 more numeric columns.');
  });

  it('charts a histogram when no pair is strongly correlated', () => {
    const outcome: AnalystOutcome = analyzeMessage('x,y\n1,5\n2,1\n3,4\n4,2\n5,5');
    expect(outcome.kind === 'analysis' && outcome.analysis.chart?.kind).toBe('histogram');
    expect(formatAnalystReply(outcome)).toContain('**Chart:** histogram of `x`.');
  });
});

describe('formatStat', () => {
  it.each<[number | null, string]>([
    [null, '–'],
    [42, '42'],
    [-3, '-3'],
    [5.843333, '5.843'],
    [7.5009, '7.501'],
    [0.82807, '0.828'],
    [-0.1175698, '-0.118'],
    [12345.678, '12345.7'],
    [0.00001234, '1.234e-5'],
    [1.5e20, '1.5e+20'],
  ])('%s → %s', (x, expected) => {
    expect(formatStat(x)).toBe(expected);
  });
});
