// The installation's currency (CURRENCY on the server, an ISO 4217 code), written by the server into
// <meta name="seminar-currency">. Under `vite dev` the `{currency}` placeholder is still there.
import { currencySchema, DEFAULT_CURRENCY, formatMoney } from '@seminar/shared';

export function readCurrency(doc: Document = document): string {
  const content = doc.querySelector('meta[name="seminar-currency"]')?.getAttribute('content');
  const parsed = currencySchema.safeParse(content ?? '');
  return parsed.success ? parsed.data : DEFAULT_CURRENCY;
}

let currency: string | null = null;

/** An amount in the installation's currency: "$4.50". */
export function formatPrice(amount: number): string {
  currency ??= typeof document === 'undefined' ? DEFAULT_CURRENCY : readCurrency();
  return formatMoney(amount, currency);
}
