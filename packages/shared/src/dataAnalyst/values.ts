// Docs: docs/ai.md#numbers-and-missing-values — how one cell of a table is read: missing, a number,
// or text. A hand-written scanner (no regular expression) so a long cell costs linear time.

/** Cells meaning "no value" (compared trimmed and case-insensitively). */
export const MISSING_VALUE_TOKENS: readonly string[] = [
  '',
  'na',
  'n/a',
  '#n/a',
  'null',
  'nan',
  '-',
];
const MISSING = new Set(MISSING_VALUE_TOKENS);

/** Longer cells are never numbers (no real measurement has 64 characters). */
const MAX_NUMBER_CHARS = 64;

/**
 * How numbers are written in a table:
 * - `point`: `.` is the decimal point and `,` may group thousands (`1,234,567.5`; groups of exactly
 *   three digits), so `1,5` is text, not 1.5. Used for comma and tab separated tables.
 * - `comma`: the European convention of semicolon separated files: `,` (or `.`) is the decimal
 *   point (`1,5` → 1.5) and no thousands grouping is read (`1.234` is 1.234).
 */
export type NumberStyle = 'point' | 'comma';

/** True when a cell means "no value": empty, NA, N/A, #N/A, null, NaN or `-`. */
export function isMissingCell(cell: string): boolean {
  const trimmed = cell.trim();
  return trimmed.length <= 4 && MISSING.has(trimmed.toLowerCase());
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Reads a cell as a finite number, or returns null when it is not one. Accepts an optional sign
 * (`+`, `-` or `−`), digits, a decimal part, an exponent (`1.5e-3`), and in the `point` style
 * thousands groups (`12,345.6`). Rejects anything else: units, currency, percent, `Infinity`, hex,
 * and values too large for a double.
 */
export function parseNumberCell(cell: string, style: NumberStyle): number | null {
  const s = cell.trim();
  const n = s.length;
  if (n === 0 || n > MAX_NUMBER_CHARS) return null;
  let out = '';
  let i = 0;
  const first = s.charCodeAt(0);
  if (first === 43 /* + */) i = 1;
  else if (first === 45 /* - */ || first === 0x2212 /* − */) {
    out = '-';
    i = 1;
  }
  // Integer part, with thousands groups in the point style.
  let intDigits = 0;
  let groupDigits = 0;
  let grouped = false;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      out += s[i];
      intDigits++;
      groupDigits++;
      i++;
    } else if (c === 44 /* , */ && style === 'point' && intDigits > 0) {
      // A group separator: the first group has 1–3 digits, later ones exactly 3.
      if (grouped ? groupDigits !== 3 : groupDigits > 3) return null;
      grouped = true;
      groupDigits = 0;
      i++;
    } else break;
  }
  if (grouped && groupDigits !== 3) return null;
  // Decimal part.
  let fracDigits = 0;
  if (i < n) {
    const c = s.charCodeAt(i);
    const isPoint = c === 46 /* . */ || (style === 'comma' && c === 44); /* , */
    if (isPoint) {
      out += '.';
      i++;
      while (i < n && isDigit(s.charCodeAt(i))) {
        out += s[i];
        fracDigits++;
        i++;
      }
    }
  }
  if (intDigits + fracDigits === 0) return null;
  // Exponent.
  if (i < n && (s[i] === 'e' || s[i] === 'E')) {
    out += 'e';
    i++;
    if (i < n && (s[i] === '+' || s[i] === '-')) {
      out += s[i];
      i++;
    }
    let expDigits = 0;
    while (i < n && isDigit(s.charCodeAt(i))) {
      out += s[i];
      expDigits++;
      i++;
    }
    if (expDigits === 0) return null;
  }
  if (i !== n) return null;
  const value = Number(out);
  return Number.isFinite(value) ? value : null;
}
