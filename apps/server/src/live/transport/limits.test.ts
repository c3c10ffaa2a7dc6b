import { describe, expect, it } from 'vitest';
import { MutationRateLimiter } from './limits';

describe('MutationRateLimiter', () => {
  it('allows a burst, then the sustained rate, per user', () => {
    let now = 0;
    const limiter = new MutationRateLimiter(5, 10, () => now);
    const takes = (uid: string, count: number) =>
      Array.from({ length: count }, () => limiter.take(uid)).filter(Boolean).length;
    expect(takes('a', 15)).toBe(10);
    expect(takes('b', 3)).toBe(3);
    now += 1000;
    expect(takes('a', 10)).toBe(5);
    now += 200;
    expect(takes('a', 10)).toBe(1);
  });

  it('forgets only buckets that have refilled, so reconnecting does not reset one', () => {
    let now = 0;
    const limiter = new MutationRateLimiter(5, 10, () => now);
    for (let index = 0; index < 10; index += 1) limiter.take('a');
    limiter.take('b');
    now += 1000;
    limiter.prune();
    // b (one token used) is full again; a (all ten used) has refilled only five.
    expect(limiter.size).toBe(1);
    expect(limiter.take('a')).toBe(true);
    now += 2000;
    limiter.prune();
    expect(limiter.size).toBe(0);
  });

  it('gives back a refunded token, never beyond the burst', () => {
    const limiter = new MutationRateLimiter(1, 2, () => 0);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    limiter.refund('a');
    expect([limiter.take('a'), limiter.take('a')]).toEqual([true, false]);
    limiter.refund('a');
    limiter.refund('a');
    limiter.refund('a');
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
  });
});
