// The catalogue says what DataAnalystBot does (issue 33, words that match what happens): it once
// promised "charts described in words" while the channel drew real ones. Its description must name
// every kind of chart the engine draws (packages/shared's messageChartSchema), as drawn.
import { describe, expect, it } from 'vitest';
import { messageChartSchema } from '@seminar/shared';
import { catalogueSeed } from './catalogue';

const PLURAL: Record<string, string> = { histogram: 'histograms', scatter: 'scatter plots' };

describe('the catalogue seed', () => {
  const bot = catalogueSeed.find((product) => product.name === 'DataAnalystBot');

  it('describes DataAnalystBot by the charts it draws, in the channel', () => {
    const kinds = messageChartSchema.options.map((option) => option.shape.kind.value);
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(bot?.description).toContain(PLURAL[kind] ?? kind);
    expect(bot?.description).toMatch(/drawn in the channel/);
    expect(bot?.description).not.toMatch(/described in words/i);
  });
});
