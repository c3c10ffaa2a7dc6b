import { describe, expect, it } from 'vitest';
import { findTable } from './detect';
import { ANALYST_MAX_GROUPS } from './limits';
import { MISSING_GROUP_LABEL, type OperationResult, runOperation } from './operations';
import type { AnalystRequest } from './requests';
import { type Table, buildTable } from './table';

function tableOf(text: string): Table {
  const search = findTable(text);
  if (search.kind !== 'found') throw new Error('no table');
  const built = buildTable(search.table);
  if (built.kind !== 'table') throw new Error(JSON.stringify(built.problem));
  return built.table;
}

const table = tableOf(
  [
    'name,group,score,x,y',
    'Ana,a,3,1,2',
    'Bo,b,5,2,4',
    'Cy,a,NA,3,6',
    'Di,b,7,4,8',
    'Ed,,9,5,10',
  ].join('\n'),
);
const available = ['name', 'group', 'score', 'x', 'y'];

describe('runOperation', () => {
  it.each<[string, AnalystRequest, OperationResult]>([
    [
      'mean by group (missing values and groups)',
      { kind: 'aggregate', aggregate: 'mean', column: 'score', by: 'group' },
      {
        kind: 'group-by',
        aggregate: 'mean',
        column: 'score',
        by: 'group',
        groups: [
          { key: 'a', n: 1, value: 3 },
          { key: 'b', n: 2, value: 6 },
          { key: MISSING_GROUP_LABEL, n: 1, value: 9 },
        ],
        moreGroups: 0,
      },
    ],
    [
      'count of a text column by group',
      { kind: 'aggregate', aggregate: 'count', column: 'name', by: 'group' },
      {
        kind: 'group-by',
        aggregate: 'count',
        column: 'name',
        by: 'group',
        groups: [
          { key: 'a', n: 2, value: 2 },
          { key: 'b', n: 2, value: 2 },
          { key: MISSING_GROUP_LABEL, n: 1, value: 1 },
        ],
        moreGroups: 0,
      },
    ],
    [
      'sum of a whole column',
      { kind: 'aggregate', aggregate: 'sum', column: 'score', by: null },
      { kind: 'aggregate', aggregate: 'sum', column: 'score', n: 4, value: 24 },
    ],
    [
      'correlation',
      { kind: 'correlation', x: 'x', y: 'y' },
      { kind: 'correlation', x: 'x', y: 'y', n: 5, r: 1 },
    ],
    [
      'mean of a text column',
      { kind: 'aggregate', aggregate: 'mean', column: 'name', by: null },
      { kind: 'not-numeric', column: 'name', operation: 'mean' },
    ],
    [
      'correlation with a text column',
      { kind: 'correlation', x: 'x', y: 'group' },
      { kind: 'not-numeric', column: 'group', operation: 'correlation' },
    ],
    [
      'an unknown column',
      { kind: 'unknown-column', asked: 'height' },
      { kind: 'unknown-column', asked: 'height', available },
    ],
  ])('%s', (_label, request, expected) => {
    expect(runOperation(table, request)).toEqual(expected);
  });

  it('summarises a numeric and a text column', () => {
    expect(runOperation(table, { kind: 'summary', column: 'score' })).toMatchObject({
      kind: 'summary',
      numeric: { column: 'score', n: 4, missing: 1, mean: 6, median: 6, min: 3, max: 9 },
      text: null,
    });
    expect(runOperation(table, { kind: 'summary', column: 'group' })).toMatchObject({
      kind: 'summary',
      numeric: null,
      text: {
        column: 'group',
        n: 4,
        missing: 1,
        distinct: 2,
        top: [
          { value: 'a', count: 2 },
          { value: 'b', count: 2 },
        ],
      },
    });
  });

  it(`lists at most ${ANALYST_MAX_GROUPS} groups and counts the rest`, () => {
    const many = tableOf(['g,v', ...Array.from({ length: 30 }, (_, i) => `g${i},${i}`)].join('\n'));
    const result = runOperation(many, {
      kind: 'aggregate',
      aggregate: 'max',
      column: 'v',
      by: 'g',
    });
    expect(result.kind === 'group-by' && [result.groups.length, result.moreGroups]).toEqual([
      ANALYST_MAX_GROUPS,
      10,
    ]);
  });
});
