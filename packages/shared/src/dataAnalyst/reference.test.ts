// The engine's numbers against independently published reference values (fixtures/README.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './engine';
import { formatAnalystReply } from './reply';
import type { TableAnalysis } from './analyze';
import type { OperationResult } from './operations';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function analysisOf(text: string): { analysis: TableAnalysis; operations: OperationResult[] } {
  const outcome = analyzeMessage(text);
  if (outcome.kind !== 'analysis')
    throw new Error(`expected an analysis, got ${JSON.stringify(outcome)}`);
  return outcome;
}

const column = (analysis: TableAnalysis, name: string) => {
  const found = analysis.numeric.find((c) => c.column === name);
  if (!found) throw new Error(`no numeric column ${name}`);
  return found;
};

describe("Anscombe's quartet (Anscombe 1973)", () => {
  const { analysis } = analysisOf(fixture('anscombe.csv'));

  it('reads 11 rows of 8 numeric columns', () => {
    expect(analysis.rowCount).toBe(11);
    expect(analysis.numeric.map((c) => c.column)).toEqual([
      'x1',
      'y1',
      'x2',
      'y2',
      'x3',
      'y3',
      'x4',
      'y4',
    ]);
  });

  it.each([1, 2, 3, 4])(
    'pair %i: x mean 9, variance 11; y mean 7.50, variance ≈ 4.125; r = 0.816',
    (k) => {
      const x = column(analysis, `x${k}`);
      const y = column(analysis, `y${k}`);
      expect(x.mean).toBeCloseTo(9, 10);
      expect(x.variance).toBeCloseTo(11, 10);
      expect(y.mean?.toFixed(2)).toBe('7.50');
      expect(Math.abs((y.variance ?? 0) - 4.125)).toBeLessThanOrEqual(0.003);
      const pair = analysis.correlations.find((p) => p.x === `x${k}` && p.y === `y${k}`);
      // The published 0.816 is truncated: pair 4's r is 0.81652…, which rounds to 0.817.
      expect(Math.floor((pair?.r ?? 0) * 1000)).toBe(816);
      expect(pair?.n).toBe(11);
    },
  );
});

describe("Fisher's iris data (R datasets::iris)", () => {
  const text = fixture('iris.csv');
  const { analysis } = analysisOf(text);

  it('reads 150 rows: four numeric columns and the species', () => {
    expect(analysis.rowCount).toBe(150);
    expect(analysis.columns).toEqual([
      { name: 'sepal_length', kind: 'number' },
      { name: 'sepal_width', kind: 'number' },
      { name: 'petal_length', kind: 'number' },
      { name: 'petal_width', kind: 'number' },
      { name: 'species', kind: 'text' },
    ]);
  });

  it.each<[string, string, string, number, number]>([
    ['sepal_length', '5.843', '0.828', 4.3, 7.9],
    ['sepal_width', '3.057', '0.436', 2, 4.4],
    ['petal_length', '3.758', '1.765', 1, 6.9],
    ['petal_width', '1.199', '0.762', 0.1, 2.5],
  ])('%s: mean %s, SD %s, min %d, max %d', (name, mean, sd, min, max) => {
    const c = column(analysis, name);
    expect(c.mean?.toFixed(3)).toBe(mean);
    expect(c.sd?.toFixed(3)).toBe(sd);
    expect([c.n, c.missing, c.min, c.max]).toEqual([150, 0, min, max]);
  });

  it('words the reply with the published figures', () => {
    const reply = formatAnalystReply(analyzeMessage(text));
    expect(reply).toContain('**Table:** 150 rows × 5 columns');
    expect(reply).toMatch(/sepal_length\s+150\s+0\s+5\.843\s+5\.8\s+0\.828\s+4\.3\s+7\.9/);
    expect(reply).toContain('- `petal_length` and `petal_width`: r = 0.963 (n = 150)');
    expect(reply).toContain('… and 1 more pair.');
  });

  it('has the published medians', () => {
    expect(analysis.numeric.map((c) => c.median)).toEqual([5.8, 3, 4.35, 1.3]);
  });

  it('counts 50 of each species', () => {
    expect(analysis.text[0]?.top).toEqual([
      { value: 'setosa', count: 50 },
      { value: 'versicolor', count: 50 },
      { value: 'virginica', count: 50 },
    ]);
  });

  it('finds petal length and width the most correlated (r = 0.963) and charts them', () => {
    const strongest = analysis.correlations[0];
    expect([strongest?.x, strongest?.y, strongest?.r?.toFixed(3)]).toEqual([
      'petal_length',
      'petal_width',
      '0.963',
    ]);
    const sepal = analysis.correlations.find(
      (p) => p.x === 'sepal_length' && p.y === 'sepal_width',
    );
    expect(sepal?.r?.toFixed(3)).toBe('-0.118');
    expect(analysis.chart).toMatchObject({
      kind: 'scatter',
      x: 'petal_length',
      y: 'petal_width',
      sampled: false,
    });
    expect(analysis.chart?.kind === 'scatter' && analysis.chart.points).toHaveLength(150);
  });

  it('answers "mean of sepal length by species" with the published species means', () => {
    const { operations } = analysisOf(`@DataAnalystBot mean of Sepal Length by SPECIES?\n${text}`);
    expect(operations).toEqual([
      {
        kind: 'group-by',
        aggregate: 'mean',
        column: 'sepal_length',
        by: 'species',
        groups: [
          { key: 'setosa', n: 50, value: expect.closeTo(5.006, 10) },
          { key: 'versicolor', n: 50, value: expect.closeTo(5.936, 10) },
          { key: 'virginica', n: 50, value: expect.closeTo(6.588, 10) },
        ],
        moreGroups: 0,
      },
    ]);
  });
});
