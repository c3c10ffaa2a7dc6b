// Docs: docs/ai.md#the-chart-in-the-message — DataAnalystBot's chart in its message. This file is
// small and loads with the chat; the drawing (@mui/x-charts, AgentChartView.tsx) is its own chunk,
// loaded when a message with a chart is shown, behind a placeholder of the chart's size so nothing
// moves when it arrives. The chart is one image to assistive technology: named ("Histogram of
// score") and described by its numbers in words (drawn with the chart, so the words cost the chat's
// first load nothing; the reply's text has the numbers too).
import { Component, lazy, Suspense, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { chartTitle, type MessageChart } from '@seminar/shared';

/** The chart's height in pixels (the placeholder's too). */
export const AGENT_CHART_HEIGHT = 220;

const AgentChartView = lazy(() =>
  import('./AgentChartView').then((module) => ({ default: module.AgentChartView })),
);

/**
 * Shows `fallback` instead of a chart whose code could not load (offline, a new build), so the
 * message and the chat around it stay: the chart's numbers are in the reply's text anyway.
 */
class ChartBoundary extends Component<{ children: ReactNode; fallback: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A chart carried by an agent's message (`ai.chart`). */
export function AgentChart({ chart }: { chart: MessageChart }) {
  const summaryId = useId();
  return (
    <Box
      role="img"
      aria-label={chartTitle(chart)}
      aria-describedby={summaryId}
      sx={{ width: '100%', maxWidth: 520, height: AGENT_CHART_HEIGHT, my: 0.5 }}
    >
      <ChartBoundary
        fallback={
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            The chart could not be shown; its numbers are in the reply.
          </Typography>
        }
      >
        <Suspense
          fallback={<Skeleton variant="rounded" width="100%" height={AGENT_CHART_HEIGHT} />}
        >
          <AgentChartView chart={chart} height={AGENT_CHART_HEIGHT} summaryId={summaryId} />
        </Suspense>
      </ChartBoundary>
    </Box>
  );
}
