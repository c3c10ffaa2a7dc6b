import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterNextPaint';

const nextPaintAndTask = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));

describe('afterNextPaint', () => {
  it('runs after the next frame, not in the caller’s task', async () => {
    const run = vi.fn();
    afterNextPaint(run);
    expect(run).not.toHaveBeenCalled();
    await nextPaintAndTask();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the frame', async () => {
    const early = vi.fn();
    afterNextPaint(early)();
    // Cancelled in the same frame, after its own callback has run: the task it set is cleared.
    const late = vi.fn();
    const cancel = afterNextPaint(late);
    requestAnimationFrame(() => cancel());
    await nextPaintAndTask();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });

  it('runs at once where there are no frames', () => {
    const run = vi.fn();
    const win = { requestAnimationFrame: undefined } as unknown as Window;
    afterNextPaint(run, win);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
