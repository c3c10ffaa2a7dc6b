import { describe, expect, it } from 'vitest';
import { currencySchema, formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [4.5, 'USD', '$4.50'],
    [1260, 'EUR', '€1,260.00'],
    [0, 'GBP', '£0.00'],
    [45, 'CHF', 'CHF 45.00'],
    [1234, 'JPY', '¥1,234'],
  ])('%s %s → %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency).replace(/\u00a0/g, ' ')).toBe(text);
  });
});

describe('currencySchema', () => {
  it.each([
    ['USD', 'USD'],
    [' eur ', 'EUR'],
  ])('reads %j as %s', (input, code) => {
    expect(currencySchema.parse(input)).toBe(code);
  });

  it.each(['', 'US', 'DOLLARS', 'XYZ', '$'])('refuses %j', (input) => {
    expect(currencySchema.safeParse(input).success).toBe(false);
  });
});
