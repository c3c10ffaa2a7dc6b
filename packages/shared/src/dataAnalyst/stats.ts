// Docs: docs/ai.md#what-the-analysis-reports — numerically stable statistics: Welford's online
// algorithm for the mean and variance, and its co-moment form for Pearson's r, so large offsets
// (values like 1e9 + small differences) lose no precision to catastrophic cancellation.

/** Statistics of one numeric column; missing values are left out of every figure but `missing`. */
export interface NumericSummary {
  /** Values present. */
  n: number;
  missing: number;
  mean: number | null;
  median: number | null;
  /** Sample standard deviation (n − 1 in the denominator); null below two values. */
  sd: number | null;
  /** Sample variance; null below two values. */
  variance: number | null;
  min: number | null;
  max: number | null;
}

/** Mean and sum of squared deviations by Welford's algorithm. */
function welford(values: readonly (number | null)[]): { n: number; mean: number; m2: number } {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (const x of values) {
    if (x === null) continue;
    n++;
    const delta = x - mean;
    mean += delta / n;
    m2 += delta * (x - mean);
  }
  return { n, mean, m2 };
}

/** The values present, sorted ascending. */
function sortedPresent(values: readonly (number | null)[]): Float64Array {
  const present: number[] = [];
  for (const x of values) if (x !== null) present.push(x);
  return Float64Array.from(present).sort();
}

/** The median of sorted values (the mean of the middle two for an even count). */
function medianOfSorted(sorted: Float64Array): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const mid = n >> 1;
  const upper = sorted[mid] ?? 0;
  return n % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

/** n, missing, mean, median, sample SD and variance, min and max of a column. */
export function summarizeNumbers(values: readonly (number | null)[]): NumericSummary {
  const { n, mean, m2 } = welford(values);
  const sorted = sortedPresent(values);
  const variance = n >= 2 ? m2 / (n - 1) : null;
  return {
    n,
    missing: values.length - n,
    mean: n > 0 ? mean : null,
    median: medianOfSorted(sorted),
    sd: variance === null ? null : Math.sqrt(variance),
    variance,
    min: n > 0 ? (sorted[0] ?? null) : null,
    max: n > 0 ? (sorted[n - 1] ?? null) : null,
  };
}

/** Pearson's r over the rows where both values are present. */
export interface Correlation {
  /** Rows with both values. */
  n: number;
  /** Null when fewer than two such rows, or when either column is constant over them. */
  r: number | null;
}

/** Pearson's correlation coefficient, by a Welford-style co-moment update. */
export function pearson(
  xs: readonly (number | null)[],
  ys: readonly (number | null)[],
): Correlation {
  let n = 0;
  let meanX = 0;
  let meanY = 0;
  let m2x = 0;
  let m2y = 0;
  let cxy = 0;
  const length = Math.min(xs.length, ys.length);
  for (let i = 0; i < length; i++) {
    const x = xs[i];
    const y = ys[i];
    if (x === null || x === undefined || y === null || y === undefined) continue;
    n++;
    const dx = x - meanX;
    meanX += dx / n;
    const dy = y - meanY;
    meanY += dy / n;
    m2x += dx * (x - meanX);
    m2y += dy * (y - meanY);
    cxy += dx * (y - meanY);
  }
  if (n < 2 || m2x <= 0 || m2y <= 0) return { n, r: null };
  const r = cxy / Math.sqrt(m2x * m2y);
  return { n, r: Math.max(-1, Math.min(1, r)) };
}

/** Aggregates an asked-for operation can compute. */
export const AGGREGATES = ['mean', 'median', 'sum', 'count', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** One aggregate of the values present (`count` counts them); null when none are present. */
export function aggregate(kind: Aggregate, values: readonly (number | null)[]): number | null {
  if (kind === 'count')
    return values.reduce<number>((count, x) => (x === null ? count : count + 1), 0);
  const summary = summarizeNumbers(values);
  if (summary.n === 0) return null;
  switch (kind) {
    case 'mean':
      return summary.mean;
    case 'median':
      return summary.median;
    case 'min':
      return summary.min;
    case 'max':
      return summary.max;
    case 'sum': {
      // Neumaier's compensated sum: exact enough for long columns of decimals.
      let sum = 0;
      let compensation = 0;
      for (const x of values) {
        if (x === null) continue;
        const t = sum + x;
        compensation += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
        sum = t;
      }
      return sum + compensation;
    }
  }
}

/** One bar of a histogram: values in [from, to) (the last bin includes `to`). */
export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/**
 * Equal-width bins from min to max; Sturges' rule (⌈log2 n⌉ + 1) picks the count, at most
 * `maxBins`. A constant column is one bin.
 */
export function histogram(values: readonly (number | null)[], maxBins: number): HistogramBin[] {
  const { n, min, max } = summarizeNumbers(values);
  if (n === 0 || min === null || max === null) return [];
  if (min === max) return [{ from: min, to: max, count: n }];
  const count = Math.max(1, Math.min(maxBins, Math.ceil(Math.log2(n)) + 1));
  const width = (max - min) / count;
  const bins: HistogramBin[] = [];
  for (let b = 0; b < count; b++)
    bins.push({
      from: min + b * width,
      to: b === count - 1 ? max : min + (b + 1) * width,
      count: 0,
    });
  for (const x of values) {
    if (x === null) continue;
    const index = Math.min(count - 1, Math.floor((x - min) / width));
    const bin = bins[index];
    if (bin) bin.count++;
  }
  return bins;
}
