// Docs: docs/ai.md#the-chart-in-the-message — a chart's accessible name. A module of its own (no zod,
// no formatting) because the chat's first load uses it: bundles split by module.
import type { MessageChart } from './chart';

/** The chart's accessible name: "Histogram of score", "Scatter of mark against hours". */
export function chartTitle(chart: MessageChart): string {
  return chart.kind === 'histogram'
    ? `Histogram of ${chart.column}`
    : `Scatter of ${chart.y} against ${chart.x}`;
}
