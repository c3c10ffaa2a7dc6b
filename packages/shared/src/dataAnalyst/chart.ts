// Docs: docs/ai.md#the-chart-in-the-message — the chart DataAnalystBot's reply carries (in the
// message's `ai.chart`): the engine's ChartSpec, checked and bounded, so a stored or sent message
// never holds more than ANALYST_MAX_SCATTER_POINTS points or ANALYST_MAX_HISTOGRAM_BINS bins.
import { z } from 'zod';
import type { ChartSpec } from './analyze';
import { plain } from './format';
import { ANALYST_MAX_HISTOGRAM_BINS, ANALYST_MAX_SCATTER_POINTS } from './limits';

/** Longest column name a chart carries (longer ones are cut with "…"). */
export const CHART_MAX_NAME_CHARS = 100;

const finite = z.number().refine(Number.isFinite, { error: 'Not a finite number' });
const columnName = z.string().max(CHART_MAX_NAME_CHARS);

/** A chart as a message carries it: a histogram of one column or a scatter of two. */
export const messageChartSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('histogram'),
    column: columnName,
    bins: z
      .array(z.object({ from: finite, to: finite, count: z.int().min(0) }))
      .min(1)
      .max(ANALYST_MAX_HISTOGRAM_BINS),
  }),
  z.object({
    kind: z.literal('scatter'),
    x: columnName,
    y: columnName,
    r: z.number().min(-1).max(1),
    points: z.array(z.object({ x: finite, y: finite })).max(ANALYST_MAX_SCATTER_POINTS),
    sampled: z.boolean(),
  }),
]);

/** The chart of an agent's message (`messages.ai.chart`). */
export type MessageChart = z.infer<typeof messageChartSchema>;

/**
 * The chart to carry with a reply, or null when there is none or it would not pass the schema
 * (an empty histogram, a value that is not finite). Column names are put on one line and cut to
 * CHART_MAX_NAME_CHARS; r is kept within [-1, 1] (rounding can pass 1 by an ulp).
 */
export function messageChart(spec: ChartSpec | null | undefined): MessageChart | null {
  if (!spec) return null;
  const name = (text: string) => plain(text, CHART_MAX_NAME_CHARS);
  const candidate: MessageChart =
    spec.kind === 'histogram'
      ? { kind: 'histogram', column: name(spec.column), bins: spec.bins }
      : {
          kind: 'scatter',
          x: name(spec.x),
          y: name(spec.y),
          r: Math.max(-1, Math.min(1, spec.r)),
          points: spec.points,
          sampled: spec.sampled,
        };
  const parsed = messageChartSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
