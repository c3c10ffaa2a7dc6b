// DataAnalystBot's chart in a message: named, described in words, drawn (lazily) with @mui/x-charts.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from '@mui/material/styles';
import type { MessageChart } from '@seminar/shared';
import { createAppTheme } from '../../theme/theme';
import { AgentChart } from './AgentChart';

afterEach(cleanup);

const histogram: MessageChart = {
  kind: 'histogram',
  column: 'score',
  bins: [
    { from: 1, to: 2, count: 2 },
    { from: 2, to: 3, count: 1 },
    { from: 3, to: 4, count: 3 },
  ],
};

describe('<AgentChart>', () => {
  it('draws a histogram as one named image with its numbers in words', async () => {
    const { container } = render(<AgentChart chart={histogram} />);
    const image = screen.getByRole('img', { name: 'Histogram of score' });
    // The drawing's chunk loads, then the chart's SVG and words replace the placeholder.
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    expect(document.getElementById(image.getAttribute('aria-describedby')!)?.textContent).toBe(
      '6 values in 3 bins. 1 to 2: 2; 2 to 3: 1; 3 to 4: 3.',
    );
    // One bar per bin, labelled with its range; nothing inside the image takes the focus.
    expect(container.querySelectorAll('.MuiBarChart-element')).toHaveLength(3);
    expect(container.textContent).toContain('2–3');
    expect(container.querySelector('[tabindex]')).toBeNull();
  });

  it('names a scatter by its two columns', async () => {
    const { container } = render(
      <AgentChart
        chart={{
          kind: 'scatter',
          x: 'hours',
          y: 'mark',
          r: 0.991,
          points: [
            { x: 1, y: 52 },
            { x: 2, y: 55 },
          ],
          sampled: false,
        }}
      />,
    );
    const image = screen.getByRole('img', { name: 'Scatter of mark against hours' });
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    expect(document.getElementById(image.getAttribute('aria-describedby')!)?.textContent).toBe(
      '2 points, r = 0.991.',
    );
    expect(container.querySelector('[tabindex]')).toBeNull();
  });

  it('takes the dark theme’s colours', async () => {
    const { container } = render(
      <ThemeProvider theme={createAppTheme('dark')}>
        <AgentChart chart={histogram} />
      </ThemeProvider>,
    );
    await waitFor(() => expect(container.querySelector('.MuiBarChart-element')).not.toBeNull());
    const fills = [...container.querySelectorAll('.MuiBarChart-element')].map((bar) =>
      bar.getAttribute('fill'),
    );
    // The dark theme's lighter primary (#90caf9), readable on its near-black background.
    expect(new Set(fills)).toEqual(new Set(['#90caf9']));
  });
});
