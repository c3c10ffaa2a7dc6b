// Docs: docs/ai.md#what-the-analysis-reports — the analysis of a typed table: per-column statistics,
// top values of text columns, correlations, and a chart spec the web draws with @mui/x-charts.
import {
  ANALYST_MAX_HISTOGRAM_BINS,
  ANALYST_MAX_SCATTER_POINTS,
  ANALYST_SCATTER_MIN_ABS_R,
  ANALYST_TOP_VALUES,
} from './limits';
import {
  type HistogramBin,
  type NumericSummary,
  histogram,
  pearson,
  summarizeNumbers,
} from './stats';
import type { NonNumericNote, Table, TableColumn } from './table';

export interface NumericColumnAnalysis extends NumericSummary {
  column: string;
}

export interface TopValue {
  value: string;
  count: number;
}

export interface TextColumnAnalysis {
  column: string;
  /** Values present. */
  n: number;
  missing: number;
  distinct: number;
  /** Most frequent first; ties in order of first appearance. */
  top: TopValue[];
  nonNumeric: NonNumericNote | null;
}

export interface CorrelationPair {
  x: string;
  y: string;
  n: number;
  r: number | null;
}

/**
 * What the web draws (plain data; nothing here depends on a charting library):
 * a histogram (a BarChart of bins) or a scatter of the most correlated pair (a ScatterChart).
 */
export type ChartSpec =
  | { kind: 'histogram'; column: string; bins: HistogramBin[] }
  | {
      kind: 'scatter';
      x: string;
      y: string;
      r: number;
      points: { x: number; y: number }[];
      /** True when the rows were sampled evenly down to ANALYST_MAX_SCATTER_POINTS. */
      sampled: boolean;
    };

export interface TableAnalysis {
  rowCount: number;
  columnCount: number;
  hasHeader: boolean;
  columns: { name: string; kind: 'number' | 'text' }[];
  numeric: NumericColumnAnalysis[];
  text: TextColumnAnalysis[];
  /** Every pair of numeric columns, strongest |r| first (undefined r last). */
  correlations: CorrelationPair[];
  chart: ChartSpec | null;
}

/** Counts, distinct values and the most frequent values of a text column. */
export function analyzeTextColumn(
  column: TableColumn,
  topCount = ANALYST_TOP_VALUES,
): TextColumnAnalysis {
  const counts = new Map<string, number>();
  let n = 0;
  for (const cell of column.cells) {
    if (cell === null) continue;
    n++;
    counts.set(cell, (counts.get(cell) ?? 0) + 1);
  }
  // Map iteration is insertion order, and the sort is stable: ties stay in order of appearance.
  const top = [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, topCount);
  return {
    column: column.name,
    n,
    missing: column.cells.length - n,
    distinct: counts.size,
    top,
    nonNumeric: column.nonNumeric,
  };
}

function byStrength(a: CorrelationPair, b: CorrelationPair): number {
  if (a.r === null) return b.r === null ? 0 : 1;
  if (b.r === null) return -1;
  return Math.abs(b.r) - Math.abs(a.r);
}

/** A scatter of two numeric columns, sampled evenly down to ANALYST_MAX_SCATTER_POINTS. */
export function scatter(x: TableColumn, y: TableColumn, r: number): ChartSpec {
  const xs = x.numbers ?? [];
  const ys = y.numbers ?? [];
  const all: { x: number; y: number }[] = [];
  for (let i = 0; i < xs.length; i++) {
    const xv = xs[i];
    const yv = ys[i];
    if (xv !== null && xv !== undefined && yv !== null && yv !== undefined)
      all.push({ x: xv, y: yv });
  }
  const sampled = all.length > ANALYST_MAX_SCATTER_POINTS;
  const points = sampled
    ? Array.from(
        { length: ANALYST_MAX_SCATTER_POINTS },
        (_, k) => all[Math.floor((k * all.length) / ANALYST_MAX_SCATTER_POINTS)] ?? { x: 0, y: 0 },
      )
    : all;
  return { kind: 'scatter', x: x.name, y: y.name, r, points, sampled };
}

/** Analyses a typed table: statistics of every column, correlations and a chart. */
export function analyzeTable(table: Table): TableAnalysis {
  const numericColumns = table.columns.filter((c) => c.kind === 'number');
  const numeric = numericColumns.map((c) => ({
    column: c.name,
    ...summarizeNumbers(c.numbers ?? []),
  }));
  const text = table.columns.filter((c) => c.kind === 'text').map((c) => analyzeTextColumn(c));
  const correlations: CorrelationPair[] = [];
  for (let i = 0; i < numericColumns.length; i++)
    for (let j = i + 1; j < numericColumns.length; j++) {
      const x = numericColumns[i];
      const y = numericColumns[j];
      if (!x || !y) continue;
      correlations.push({ x: x.name, y: y.name, ...pearson(x.numbers ?? [], y.numbers ?? []) });
    }
  correlations.sort(byStrength);
  let chart: ChartSpec | null = null;
  const strongest = correlations[0];
  if (strongest && strongest.r !== null && Math.abs(strongest.r) >= ANALYST_SCATTER_MIN_ABS_R) {
    const x = numericColumns.find((c) => c.name === strongest.x);
    const y = numericColumns.find((c) => c.name === strongest.y);
    if (x && y) chart = scatter(x, y, strongest.r);
  } else if (numericColumns[0]) {
    const column = numericColumns[0];
    chart = {
      kind: 'histogram',
      column: column.name,
      bins: histogram(column.numbers ?? [], ANALYST_MAX_HISTOGRAM_BINS),
    };
  }
  return {
    rowCount: table.rowCount,
    columnCount: table.columns.length,
    hasHeader: table.hasHeader,
    columns: table.columns.map((c) => ({ name: c.name, kind: c.kind })),
    numeric,
    text,
    correlations,
    chart,
  };
}
