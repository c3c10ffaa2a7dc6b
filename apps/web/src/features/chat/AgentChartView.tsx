// Docs: docs/ai.md#the-chart-in-the-message — draws DataAnalystBot's chart with @mui/x-charts: a
// histogram as bars (one per bin, labelled with its range) or a scatter of two columns. Its own
// chunk (AgentChart.tsx loads it when a message with a chart shows). It fills its box's width (a
// phone's too) and takes the theme's colours, so it reads in dark mode as in light.
import { BarChart } from '@mui/x-charts/BarChart';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import { useTheme } from '@mui/material/styles';
import { chartSummary, formatStat, type MessageChart } from '@seminar/shared';
import { visuallyHidden } from './a11y';

const MARGIN = { top: 8, right: 8, bottom: 4, left: 4 };

/**
 * The chart itself; AgentChart gives it its accessible name and text alternative, and makes it one
 * image, so the chart's own keyboard navigation is off (nothing focusable inside an image). The
 * tooltip on hover stays.
 */
export function AgentChartView({
  chart,
  height,
  summaryId,
}: {
  chart: MessageChart;
  height: number;
  /** The id of the chart in words (AgentChart's description). */
  summaryId: string;
}) {
  return (
    <>
      <Drawing chart={chart} height={height} />
      <span id={summaryId} style={visuallyHidden}>
        {chartSummary(chart)}
      </span>
    </>
  );
}

function Drawing({ chart, height }: { chart: MessageChart; height: number }) {
  const color = useTheme().palette.primary.main;
  if (chart.kind === 'histogram')
    return (
      <BarChart
        height={height}
        margin={MARGIN}
        hideLegend
        skipAnimation
        disableKeyboardNavigation
        xAxis={[
          {
            scaleType: 'band',
            data: chart.bins.map((bin) => `${formatStat(bin.from)}–${formatStat(bin.to)}`),
            label: chart.column,
            tickLabelStyle: { fontSize: 10 },
          },
        ]}
        yAxis={[{ label: 'Count', width: 48, tickMinStep: 1 }]}
        series={[{ data: chart.bins.map((bin) => bin.count), label: 'Count', color }]}
      />
    );
  return (
    <ScatterChart
      height={height}
      margin={MARGIN}
      hideLegend
      skipAnimation
      disableKeyboardNavigation
      xAxis={[{ label: chart.x, valueFormatter: (value: number) => formatStat(value) }]}
      yAxis={[{ label: chart.y, width: 56, valueFormatter: (value: number) => formatStat(value) }]}
      series={[
        {
          data: chart.points.map((point, index) => ({ ...point, id: index })),
          label: `${chart.y} against ${chart.x}`,
          color,
          markerSize: 3,
        },
      ]}
    />
  );
}
