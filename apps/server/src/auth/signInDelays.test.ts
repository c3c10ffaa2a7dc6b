import { describe, expect, it } from 'vitest';
import { signInDelayMs } from './signInDelays';

describe('signInDelayMs (10 free failures, a 15-minute window)', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 30_000],
    [11, 60_000],
    [12, 120_000],
    [14, 480_000],
    [15, 900_000],
    [1_000, 900_000],
  ])('after %i failures in a row: wait %i ms', (failures, wait) => {
    expect(signInDelayMs(failures, 10, 900_000)).toBe(wait);
  });
});
