// The chart a reply carries: the engine's spec, checked and bounded by the shared schema.
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './engine';
import { CHART_MAX_NAME_CHARS, messageChart, messageChartSchema, type MessageChart } from './chart';
import { chartSummary } from './chartText';
import { chartTitle } from './chartTitle';
import { ANALYST_MAX_HISTOGRAM_BINS, ANALYST_MAX_SCATTER_POINTS } from './limits';
import { messageAiSchema } from '../schemas/agent';

/** The chart of a table, posted in a ```csv block (a single column needs one). */
function chartOf(table: string): MessageChart | null {
  const outcome = analyzeMessage(`\`\`\`csv\n${table.trimEnd()}\n\`\`\``);
  return outcome.kind === 'analysis' ? messageChart(outcome.analysis.chart) : null;
}

describe('messageChart', () => {
  it('carries a histogram and a scatter from the engine, named for people', () => {
    const histogram = chartOf('score\n3\n1\n2\n2\n');
    expect(histogram).toMatchObject({ kind: 'histogram', column: 'score' });
    expect(chartTitle(histogram!)).toBe('Histogram of score');
    const scatter = chartOf('x,y\n1,2\n2,4.1\n3,5.9\n4,8\n');
    expect(scatter).toMatchObject({ kind: 'scatter', x: 'x', y: 'y', sampled: false });
    expect(chartTitle(scatter!)).toBe('Scatter of y against x');
  });

  it('says the chart in words: each bin and its count, or the points and r', () => {
    const histogram = chartOf('score\n1\n2\n2\n3\n');
    // Four values, Sturges' ⌈log2 4⌉ + 1 = 3 bins of width 2/3 from 1 to 3.
    expect(chartSummary(histogram!)).toBe(
      '4 values in 3 bins. 1 to 1.667: 1; 1.667 to 2.333: 2; 2.333 to 3: 1.',
    );
    const scatter = chartOf('x,y\n1,2\n2,4\n3,6\n');
    expect(chartSummary(scatter!)).toBe('3 points, r = 1.000.');
  });

  it('samples a large scatter down to the limit, which the schema holds to', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${i},${2 * i + (i % 7)}`);
    const chart = chartOf(['x,y', ...rows].join('\n'));
    expect(chart?.kind).toBe('scatter');
    if (chart?.kind !== 'scatter') return;
    expect(chart.points).toHaveLength(ANALYST_MAX_SCATTER_POINTS);
    expect(chart.sampled).toBe(true);
    const over = { ...chart, points: [...chart.points, { x: 1, y: 1 }] };
    expect(messageChartSchema.safeParse(over).success).toBe(false);
  });

  it('cuts long column names, keeps r within [-1, 1] and refuses what cannot be drawn', () => {
    const long = 'a'.repeat(500);
    const chart = messageChart({
      kind: 'histogram',
      column: long,
      bins: [{ from: 1, to: 2, count: 3 }],
    });
    expect(chart?.kind === 'histogram' && chart.column.length).toBe(CHART_MAX_NAME_CHARS);
    const scatter = messageChart({
      kind: 'scatter',
      x: 'x',
      y: 'y',
      r: 1.0000000000000002,
      points: [{ x: 1, y: 1 }],
      sampled: false,
    });
    expect(scatter?.kind === 'scatter' && scatter.r).toBe(1);
    expect(messageChart(null)).toBeNull();
    expect(messageChart({ kind: 'histogram', column: 'x', bins: [] })).toBeNull();
    expect(
      messageChart({ kind: 'histogram', column: 'x', bins: [{ from: 0, to: Infinity, count: 1 }] }),
    ).toBeNull();
    const bins = Array.from({ length: ANALYST_MAX_HISTOGRAM_BINS + 1 }, (_, i) => ({
      from: i,
      to: i + 1,
      count: 1,
    }));
    expect(messageChart({ kind: 'histogram', column: 'x', bins })).toBeNull();
  });

  it('is part of a message’s AI label, which stays valid without it', () => {
    const ai = { agent: 'DataAnalystBot', product_title: 'P', status: 'done' as const };
    expect(messageAiSchema.parse(ai)).toEqual(ai);
    const chart = chartOf('score\n1\n2\n3\n');
    expect(messageAiSchema.parse({ ...ai, chart })).toEqual({ ...ai, chart });
    expect(messageAiSchema.safeParse({ ...ai, chart: { kind: 'pie', slices: [] } }).success).toBe(
      false,
    );
  });
});
