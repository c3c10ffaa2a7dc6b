import { describe, expect, it } from 'vitest';
import { aiSpend, budgetShare, budgetShareText, shouldWarn } from './aiSpend';

describe('aiSpend', () => {
  it.each([
    // prices, tokens, students, basis, amount
    [{ price_per_1k_tokens: 0.5, price_per_user: 4 }, 3000, 20, 'tokens', 1.5],
    [{ price_per_1k_tokens: 0.002, price_per_user: null }, 1234, 20, 'tokens', 0],
    [{ price_per_1k_tokens: 0.01, price_per_user: null }, 1500, 20, 'tokens', 0.02],
    [{ price_per_1k_tokens: 0, price_per_user: 4 }, 9000, 20, 'tokens', 0],
    [{ price_per_1k_tokens: null, price_per_user: 4.5 }, 9000, 28, 'seats', 126],
    [{ price_per_1k_tokens: null, price_per_user: 0.1 }, 0, 3, 'seats', 0.3],
    [{ price_per_1k_tokens: null, price_per_user: null }, 9000, 28, 'none', null],
  ] as const)('%j, %i tokens, %i students → %s %s', (prices, tokens, students, basis, amount) => {
    expect(aiSpend(prices, { tokens, students })).toEqual({ basis, amount });
  });
});

describe('budgetShare and shouldWarn', () => {
  it.each([
    // use, budget, share, warn (not warned yet)
    [{ answers: 0, tokens: 0 }, { answers: null, tokens: null }, null, false],
    [{ answers: 3, tokens: 0 }, { answers: 10, tokens: null }, 0.3, false],
    [{ answers: 8, tokens: 0 }, { answers: 10, tokens: null }, 0.8, true],
    [{ answers: 7, tokens: 0 }, { answers: 10, tokens: null }, 0.7, false],
    [{ answers: 1, tokens: 900 }, { answers: 10, tokens: 1000 }, 0.9, true],
    [{ answers: 9, tokens: 100 }, { answers: 10, tokens: 1000 }, 0.9, true],
    [{ answers: 12, tokens: 0 }, { answers: 10, tokens: null }, 1.2, true],
    [{ answers: 0, tokens: 0 }, { answers: 0, tokens: null }, 1, true],
  ] as const)('%j of %j → %s', (use, budget, share, warn) => {
    const got = budgetShare(use, budget);
    if (share === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(share, 10);
    expect(shouldWarn(got, false)).toBe(warn);
    // Once warned, never again for the same budget.
    expect(shouldWarn(got, true)).toBe(false);
  });

  it('words the share', () => {
    expect(budgetShareText(0.8)).toBe('80 % of the budget');
    expect(budgetShareText(0.999)).toBe('99 % of the budget');
  });
});
