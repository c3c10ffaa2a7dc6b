import { describe, expect, it } from 'vitest';
import { ANALYST_MAX_OPERATIONS, ANALYST_MAX_REQUEST_LINE_CHARS } from './limits';
import { type AnalystRequest, parseRequests } from './requests';

const columns = ['score', 'group', 'Sepal_Length', 'x', 'y', 'test score', 'hours'];

describe('parseRequests', () => {
  it.each<[string, AnalystRequest[]]>([
    [
      'mean of score by group',
      [{ kind: 'aggregate', aggregate: 'mean', column: 'score', by: 'group' }],
    ],
    [
      '@DataAnalystBot what is the average of SCORE per Group?',
      [{ kind: 'aggregate', aggregate: 'mean', column: 'score', by: 'group' }],
    ],
    [
      'median of the score by each group',
      [{ kind: 'aggregate', aggregate: 'median', column: 'score', by: 'group' }],
    ],
    [
      'sum of score by group',
      [{ kind: 'aggregate', aggregate: 'sum', column: 'score', by: 'group' }],
    ],
    ['total of score', [{ kind: 'aggregate', aggregate: 'sum', column: 'score', by: null }]],
    [
      'count of score by group',
      [{ kind: 'aggregate', aggregate: 'count', column: 'score', by: 'group' }],
    ],
    [
      'min of score by group',
      [{ kind: 'aggregate', aggregate: 'min', column: 'score', by: 'group' }],
    ],
    [
      'maximum of score by group.',
      [{ kind: 'aggregate', aggregate: 'max', column: 'score', by: 'group' }],
    ],
    [
      'mean score by group',
      [{ kind: 'aggregate', aggregate: 'mean', column: 'score', by: 'group' }],
    ],
    [
      'mean of sepal length by group',
      [{ kind: 'aggregate', aggregate: 'mean', column: 'Sepal_Length', by: 'group' }],
    ],
    [
      'mean of `test score`',
      [{ kind: 'aggregate', aggregate: 'mean', column: 'test score', by: null }],
    ],
    ['correlation of x and y', [{ kind: 'correlation', x: 'x', y: 'y' }]],
    ['Correlation between X and Y?', [{ kind: 'correlation', x: 'x', y: 'y' }]],
    ['correlate x with y', [{ kind: 'correlation', x: 'x', y: 'y' }]],
    ['corr x, y', [{ kind: 'correlation', x: 'x', y: 'y' }]],
    ['correlation of score vs test score', [{ kind: 'correlation', x: 'score', y: 'test score' }]],
    ['summary of score', [{ kind: 'summary', column: 'score' }]],
    ['describe group', [{ kind: 'summary', column: 'group' }]],
    ['summarise "test score"', [{ kind: 'summary', column: 'test score' }]],
    [
      'mean of score by group; correlation of x and y',
      [
        { kind: 'aggregate', aggregate: 'mean', column: 'score', by: 'group' },
        { kind: 'correlation', x: 'x', y: 'y' },
      ],
    ],
    // Several requests in one sentence (issue 32), each answered; parts asked for besides them
    // that the engine does not do are named, never swapped for something else.
    [
      '@DataAnalystBot summary of score, the correlation of hours and score, and a histogram of score',
      [
        { kind: 'summary', column: 'score' },
        { kind: 'correlation', x: 'hours', y: 'score' },
        { kind: 'histogram', column: 'score' },
      ],
    ],
    [
      'mean of score by group and the median of score, please',
      [
        { kind: 'aggregate', aggregate: 'mean', column: 'score', by: 'group' },
        { kind: 'aggregate', aggregate: 'median', column: 'score', by: null },
      ],
    ],
    [
      'summary of score, and a regression of hours on score',
      [
        { kind: 'summary', column: 'score' },
        { kind: 'not-understood', text: 'regression of hours on score' },
      ],
    ],
    [
      'correlation of hours and score and the mode of score.',
      [
        { kind: 'correlation', x: 'hours', y: 'score' },
        { kind: 'not-understood', text: 'mode of score' },
      ],
    ],
    [
      'histogram of score and a pie chart of group',
      [
        { kind: 'histogram', column: 'score' },
        { kind: 'not-understood', text: 'pie chart of group' },
      ],
    ],
    [
      'summary of age, and mean of score',
      [
        { kind: 'unknown-column', asked: 'age' },
        { kind: 'aggregate', aggregate: 'mean', column: 'score', by: null },
      ],
    ],
    ['histogram of hours', [{ kind: 'histogram', column: 'hours' }]],
    ['distribution of score?', [{ kind: 'histogram', column: 'score' }]],
    ['plot of score', [{ kind: 'histogram', column: 'score' }]],
    ['scatter of score against hours', [{ kind: 'scatter', x: 'hours', y: 'score' }]],
    ['scatter plot of hours and score', [{ kind: 'scatter', x: 'hours', y: 'score' }]],
    ['plot hours vs score', [{ kind: 'scatter', x: 'hours', y: 'score' }]],
    ['scatter of score', [{ kind: 'unknown-column', asked: '' }]],
    // Text before the first request is a preamble, not a part left out.
    ['hi there, could you give the summary of score', [{ kind: 'summary', column: 'score' }]],
    ['mean of height by group', [{ kind: 'unknown-column', asked: 'height' }]],
    ['mean of score by class size', [{ kind: 'unknown-column', asked: 'class size' }]],
    ['correlation of x and weight?', [{ kind: 'unknown-column', asked: 'weight' }]],
    ['summary of "age"', [{ kind: 'unknown-column', asked: 'age' }]],
    // Not requests: no connecting "of"/"between" and no column after the keyword.
    ['the max is unknown', []],
    ['please summarize', []],
    ['scores are great', []],
    ['', []],
    ['constructor of score', []],
    ['toString of score by group', []],
    ['__proto__ of score', []],
    ['hasOwnProperty score', []],
  ])('%j', (text, expected) => {
    expect(parseRequests(text, columns)).toEqual(expected);
  });

  it(`answers at most ${ANALYST_MAX_OPERATIONS} requests`, () => {
    const text = Array.from({ length: 20 }, () => 'mean of score').join('\n');
    expect(parseRequests(text, columns)).toHaveLength(ANALYST_MAX_OPERATIONS);
  });

  it('ignores lines too long to be a request', () => {
    const line = 'mean of score ' + 'x'.repeat(ANALYST_MAX_REQUEST_LINE_CHARS);
    expect(parseRequests(line, columns)).toEqual([]);
  });
});
