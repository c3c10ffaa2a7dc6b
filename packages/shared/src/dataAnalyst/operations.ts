// Docs: docs/ai.md#asked-for-operations — answers a parsed request from a typed table.
import { ANALYST_MAX_GROUPS, ANALYST_MAX_HISTOGRAM_BINS } from './limits';
import {
  type ChartSpec,
  type NumericColumnAnalysis,
  type TextColumnAnalysis,
  analyzeTextColumn,
  scatter,
} from './analyze';
import type { AnalystRequest } from './requests';
import { type Aggregate, aggregate, histogram, pearson, summarizeNumbers } from './stats';
import type { Table } from './table';

export interface GroupValue {
  /** The group's value as written; '(missing)' for rows without one. */
  key: string;
  /** Rows in the group with a value in the aggregated column. */
  n: number;
  value: number | null;
}

export type OperationResult =
  | { kind: 'aggregate'; aggregate: Aggregate; column: string; n: number; value: number | null }
  | {
      kind: 'group-by';
      aggregate: Aggregate;
      column: string;
      by: string;
      /** In order of first appearance, at most ANALYST_MAX_GROUPS. */
      groups: GroupValue[];
      /** Groups left out of `groups`. */
      moreGroups: number;
    }
  | { kind: 'correlation'; x: string; y: string; n: number; r: number | null }
  | { kind: 'summary'; numeric: NumericColumnAnalysis | null; text: TextColumnAnalysis | null }
  /** A chart drawn as asked; the message carries the first one asked for. */
  | { kind: 'chart'; chart: ChartSpec }
  /** A scatter of a pair whose r is undefined (a constant column, fewer than two pairs). */
  | { kind: 'no-scatter'; x: string; y: string }
  | { kind: 'not-understood'; text: string }
  | { kind: 'unknown-column'; asked: string; available: string[] }
  /** The operation needs numbers and the column holds text. */
  | { kind: 'not-numeric'; column: string; operation: string };

/** The group label of rows whose group cell is missing. */
export const MISSING_GROUP_LABEL = '(missing)';

/** Answers one request from the table. */
export function runOperation(table: Table, request: AnalystRequest): OperationResult {
  const find = (name: string) => table.columns.find((c) => c.name === name);
  const available = table.columns.map((c) => c.name);
  switch (request.kind) {
    case 'unknown-column':
      return { kind: 'unknown-column', asked: request.asked, available };
    case 'not-understood':
      return { kind: 'not-understood', text: request.text };
    case 'histogram': {
      const column = find(request.column);
      if (!column) return { kind: 'unknown-column', asked: request.column, available };
      if (!column.numbers)
        return { kind: 'not-numeric', column: column.name, operation: 'histogram' };
      return {
        kind: 'chart',
        chart: {
          kind: 'histogram',
          column: column.name,
          bins: histogram(column.numbers, ANALYST_MAX_HISTOGRAM_BINS),
        },
      };
    }
    case 'scatter': {
      const x = find(request.x);
      const y = find(request.y);
      if (!x || !y) return { kind: 'unknown-column', asked: x ? request.y : request.x, available };
      for (const column of [x, y])
        if (!column.numbers)
          return { kind: 'not-numeric', column: column.name, operation: 'scatter' };
      const { r } = pearson(x.numbers ?? [], y.numbers ?? []);
      if (r === null) return { kind: 'no-scatter', x: x.name, y: y.name };
      return { kind: 'chart', chart: scatter(x, y, r) };
    }
    case 'summary': {
      const column = find(request.column);
      if (!column) return { kind: 'unknown-column', asked: request.column, available };
      return column.numbers
        ? {
            kind: 'summary',
            numeric: { column: column.name, ...summarizeNumbers(column.numbers) },
            text: null,
          }
        : { kind: 'summary', numeric: null, text: analyzeTextColumn(column) };
    }
    case 'correlation': {
      const x = find(request.x);
      const y = find(request.y);
      if (!x || !y) return { kind: 'unknown-column', asked: x ? request.y : request.x, available };
      for (const column of [x, y])
        if (!column.numbers)
          return { kind: 'not-numeric', column: column.name, operation: 'correlation' };
      return {
        kind: 'correlation',
        x: x.name,
        y: y.name,
        ...pearson(x.numbers ?? [], y.numbers ?? []),
      };
    }
    case 'aggregate': {
      const column = find(request.column);
      if (!column) return { kind: 'unknown-column', asked: request.column, available };
      // `count` counts values present in any column; the others need numbers.
      const values: (number | null)[] | null =
        column.numbers ??
        (request.aggregate === 'count' ? column.cells.map((c) => (c === null ? null : 0)) : null);
      if (!values)
        return { kind: 'not-numeric', column: column.name, operation: request.aggregate };
      if (request.by === null) {
        const n = values.reduce<number>((count, v) => (v === null ? count : count + 1), 0);
        return {
          kind: 'aggregate',
          aggregate: request.aggregate,
          column: column.name,
          n,
          value: aggregate(request.aggregate, values),
        };
      }
      const by = find(request.by);
      if (!by) return { kind: 'unknown-column', asked: request.by, available };
      const groups = new Map<string, (number | null)[]>();
      for (const [row, key] of by.cells.entries()) {
        const label = key ?? MISSING_GROUP_LABEL;
        let group = groups.get(label);
        if (!group) groups.set(label, (group = []));
        group.push(values[row] ?? null);
      }
      const all = [...groups].map(([key, groupValues]) => ({
        key,
        n: groupValues.reduce<number>((count, v) => (v === null ? count : count + 1), 0),
        value: aggregate(request.aggregate, groupValues),
      }));
      return {
        kind: 'group-by',
        aggregate: request.aggregate,
        column: column.name,
        by: by.name,
        groups: all.slice(0, ANALYST_MAX_GROUPS),
        moreGroups: Math.max(0, all.length - ANALYST_MAX_GROUPS),
      };
    }
  }
}
