import { describe, expect, it } from 'vitest';
import { readCurrency } from './currency';

function page(meta: string): Document {
  return new DOMParser().parseFromString(`<html><head>${meta}</head></html>`, 'text/html');
}

describe('readCurrency', () => {
  it.each([
    ['<meta name="seminar-currency" content="EUR">', 'EUR'],
    ['<meta name="seminar-currency" content="{currency}">', 'USD'],
    ['<meta name="seminar-currency" content="dollars">', 'USD'],
    ['', 'USD'],
  ])('%s → %s', (meta, code) => {
    expect(readCurrency(page(meta))).toBe(code);
  });
});
