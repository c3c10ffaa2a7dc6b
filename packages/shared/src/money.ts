// Prices in the installation's currency (CURRENCY, an ISO 4217 code; README "Configuration"):
// one format for the catalogue, the cost confirmation and the AI spend, through Intl.NumberFormat.
import { z } from 'zod';

export const DEFAULT_CURRENCY = 'USD';

/** The currencies this runtime can format (Intl's list; a fixed few where it has none). */
function knownCurrencies(): ReadonlySet<string> {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  return new Set(intl.supportedValuesOf?.('currency') ?? ['USD', 'EUR', 'GBP', 'CHF', 'JPY']);
}

/** An ISO 4217 code Intl knows, upper case ("usd" is read as "USD"). */
export const currencySchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => /^[A-Z]{3}$/.test(code) && knownCurrencies().has(code), {
    message: 'must be an ISO 4217 currency code, like USD or EUR',
  });

const formats = new Map<string, Intl.NumberFormat>();

/** An amount with its currency: "$4.50", "€1,260.00", "CHF 45.00" (en-US conventions). */
export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format.format(amount);
}
