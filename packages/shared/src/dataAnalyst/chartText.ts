// Docs: docs/ai.md#the-chart-in-the-message — a chart's text alternative, drawn with the chart (the
// web's lazily loaded chart chunk); its name is in chartTitle.ts.
import type { MessageChart } from './chart';
import { countOf, plural } from '../plural';
import { formatCount, formatR, formatStat } from './format';

/**
 * The chart in words, for whoever cannot see it: each bin's range and count, or the scatter's
 * points and r ("5 points, r = 0.991").
 */
export function chartSummary(chart: MessageChart): string {
  if (chart.kind === 'histogram') {
    const total = chart.bins.reduce((sum, bin) => sum + bin.count, 0);
    const bins = chart.bins
      .map((bin) => `${formatStat(bin.from)} to ${formatStat(bin.to)}: ${formatCount(bin.count)}`)
      .join('; ');
    return `${formatCount(total)} values in ${countOf(chart.bins.length, { one: 'bin', other: 'bins' })}. ${bins}.`;
  }
  const points = `${formatCount(chart.points.length)} ${plural(chart.points.length, { one: 'point', other: 'points' })}`;
  return `${points}${chart.sampled ? ' (rows sampled evenly)' : ''}, r = ${formatR(chart.r)}.`;
}
