// Issue 32: one sentence asking for several things gets them all in one reply, the chart drawn as
// asked, and what is not understood named instead of silently answered with something else.
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './engine';
import { formatAnalystReply } from './reply';

// hours and score are strongly correlated, so without a request the engine would draw a scatter.
const TABLE = '```csv\nhours,score,group\n1,52,a\n2,58,b\n3,61,a\n4,70,b\n5,74,a\n6,83,b\n```';

const run = (ask: string) => {
  const outcome = analyzeMessage(`@DataAnalystBot ${ask}\n${TABLE}`);
  if (outcome.kind !== 'analysis') throw new Error(`no analysis: ${outcome.kind}`);
  return { outcome, text: formatAnalystReply(outcome) };
};

describe('several requests in one message', () => {
  it.each<[string, string[], 'histogram' | 'scatter', string[]]>([
    [
      'summary of score, the correlation of hours and score, and a histogram of score',
      [
        'Summary of `score`: n = 6',
        'Correlation of `hours` and `score`: **r = ',
        'histogram of `score` is drawn',
      ],
      'histogram',
      ['did not understand'],
    ],
    [
      'summary of score, and a regression of hours on score',
      ['Summary of `score`', 'I did not understand `regression of hours on score`'],
      'scatter',
      [],
    ],
    [
      'histogram of hours and a pie chart of group',
      ['histogram of `hours` is drawn', 'I did not understand `pie chart of group`'],
      'histogram',
      [],
    ],
    [
      'scatter of score against hours, and a histogram of score',
      [
        'scatter of `score` against `hours` is drawn',
        'I draw one chart per answer, so not the histogram of `score`',
      ],
      'scatter',
      [],
    ],
    [
      'histogram of group',
      ['`group` holds text, not numbers, so I cannot compute its histogram'],
      'scatter',
      [],
    ],
  ])('%s', (ask, says, chart, never) => {
    const { outcome, text } = run(ask);
    for (const part of says) expect(text).toContain(part);
    for (const part of never) expect(text).not.toContain(part);
    expect(outcome.analysis.chart?.kind).toBe(chart);
  });

  it('draws the histogram of the column asked for, not the default chart', () => {
    const { outcome } = run('histogram of score');
    const chart = outcome.analysis.chart;
    expect(chart?.kind === 'histogram' && chart.column).toBe('score');
    expect(chart?.kind === 'histogram' && chart.bins.reduce((n, b) => n + b.count, 0)).toBe(6);
  });

  it('answers the three parts in the order asked, before the full analysis', () => {
    const { text } = run(
      'summary of score, the correlation of hours and score, and a histogram of score',
    );
    const at = [
      'Summary of `score`',
      'Correlation of `hours`',
      'histogram of `score` is drawn',
      '**Table:**',
    ].map((part) => text.indexOf(part));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
