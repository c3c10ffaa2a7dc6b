import { describe, expect, it } from 'vitest';
import { type Aggregate, aggregate, histogram, pearson, summarizeNumbers } from './stats';

describe('summarizeNumbers', () => {
  it('computes every figure of a small column by hand', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum 32, sample variance 32/7.
    const s = summarizeNumbers([2, 4, null, 4, 4, 5, 5, 7, 9, null]);
    expect(s).toMatchObject({ n: 8, missing: 2, mean: 5, median: 4.5, min: 2, max: 9 });
    expect(s.variance).toBeCloseTo(32 / 7, 12);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });

  it.each<[string, (number | null)[], number | null]>([
    ['odd count', [3, 1, 2], 2],
    ['even count', [4, 1, 3, 2], 2.5],
    ['negative values sort numerically', [-10, -2, -30], -10],
    ['one value', [7], 7],
    ['nothing present', [null, null], null],
  ])('median: %s', (_label, values, expected) => {
    expect(summarizeNumbers(values).median).toBe(expected);
  });

  it('has no spread below two values', () => {
    expect(summarizeNumbers([5])).toMatchObject({ n: 1, mean: 5, sd: null, variance: null });
    expect(summarizeNumbers([])).toMatchObject({
      n: 0,
      mean: null,
      min: null,
      max: null,
      sd: null,
    });
  });

  it('stays exact with a huge offset (Welford, not the sum of squares)', () => {
    // The textbook sum-of-squares formula loses every digit here; the variance of 4, 7, 13, 16 is 30.
    const offset = 1e9;
    const s = summarizeNumbers([4, 7, 13, 16].map((x) => x + offset));
    expect(s.mean).toBe(offset + 10);
    expect(s.variance).toBeCloseTo(30, 6);
  });
});

describe('pearson', () => {
  it.each<[string, (number | null)[], (number | null)[], { n: number; r: number | null }]>([
    ['perfect positive', [1, 2, 3], [2, 4, 6], { n: 3, r: 1 }],
    ['perfect negative', [1, 2, 3], [3, 2, 1], { n: 3, r: -1 }],
    ['a constant column', [1, 2, 3], [5, 5, 5], { n: 3, r: null }],
    ['one pair', [1], [2], { n: 1, r: null }],
    ['only complete pairs count', [1, null, 2, 3], [2, 9, null, 6], { n: 2, r: 1 }],
  ])('%s', (_label, xs, ys, expected) => {
    const result = pearson(xs, ys);
    expect(result.n).toBe(expected.n);
    if (expected.r === null) expect(result.r).toBeNull();
    else expect(result.r).toBeCloseTo(expected.r, 12);
  });

  it('matches a value computed by hand', () => {
    // x 1..5, y 2,4,5,4,5: Sxy = 6, Sxx = 10, Syy = 6 → r = 6 / √60.
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]).r).toBeCloseTo(6 / Math.sqrt(60), 12);
  });

  it('stays exact with a huge offset', () => {
    const r = pearson(
      [1, 2, 3, 4, 5].map((x) => x + 1e9),
      [2, 4, 5, 4, 5].map((y) => y + 1e9),
    ).r;
    expect(r).toBeCloseTo(6 / Math.sqrt(60), 6);
  });
});

describe('aggregate', () => {
  const values = [1.5, null, 2.5, 4, null];
  it.each<[Aggregate, number | null]>([
    ['mean', 8 / 3],
    ['median', 2.5],
    ['sum', 8],
    ['count', 3],
    ['min', 1.5],
    ['max', 4],
  ])('%s', (kind, expected) => {
    expect(aggregate(kind, values)).toBeCloseTo(expected ?? Number.NaN, 12);
  });

  it('gives null for no values, and a count of 0', () => {
    expect(aggregate('mean', [null])).toBeNull();
    expect(aggregate('count', [null])).toBe(0);
  });

  it('sums decimals without drift', () => {
    expect(
      aggregate(
        'sum',
        Array.from({ length: 10 }, () => 0.1),
      ),
    ).toBe(1);
  });
});

describe('histogram', () => {
  it('bins by Sturges’ rule with the maximum in the last bin', () => {
    // 8 values → ⌈log2 8⌉ + 1 = 4 bins of width 2 over [0, 8].
    const bins = histogram([0, 1, 2, 3, 4, 5, 6, 8, null], 20);
    expect(bins).toEqual([
      { from: 0, to: 2, count: 2 },
      { from: 2, to: 4, count: 2 },
      { from: 4, to: 6, count: 2 },
      { from: 6, to: 8, count: 2 },
    ]);
  });

  it('caps the number of bins and counts every value', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => i);
    const bins = histogram(values, 5);
    expect(bins).toHaveLength(5);
    expect(bins.reduce((sum, b) => sum + b.count, 0)).toBe(10_000);
  });

  it('makes one bin of a constant column and none of an empty one', () => {
    expect(histogram([3, 3, 3], 20)).toEqual([{ from: 3, to: 3, count: 3 }]);
    expect(histogram([null], 20)).toEqual([]);
  });
});
