// Docs: docs/ai.md#instructor-review — CSV files the app writes for spreadsheets (the agent review's export).
// A cell a spreadsheet would read as a formula is defused (OWASP "CSV Injection"): one that starts
// with = + - @, a tab, a carriage return or a line feed, also after leading spaces (a spreadsheet
// trims them) and in the full-width forms ＝ ＋ － ＠ (which spreadsheets fold to the ASCII
// ones), gets a leading apostrophe, so it is shown as the text it is.

/** Characters that start a formula, ASCII and full-width. */
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** Control characters that must not start a cell (OWASP). */
const CONTROL_START = /^[\t\r\n]/;
/** Leading white space a spreadsheet may skip (spaces of every width, tabs, line breaks). */
const LEADING_SPACE = /^[\s\u00a0\u2000-\u200b\u3000\ufeff]+/;

/** Whether a spreadsheet could run `text` as a formula. */
export function isFormulaLike(text: string): boolean {
  return CONTROL_START.test(text) || FORMULA_START.test(text.replace(LEADING_SPACE, ''));
}

/**
 * One CSV field (RFC 4180): text a spreadsheet could run (isFormulaLike) gets a leading `'`, then
 * the field is quoted when it holds a comma, a quote or a line break (quotes doubled). Numbers are
 * written as they are (a negative number is a number, not a formula); null is an empty field.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = isFormulaLike(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV: fields by csvField, CRLF line ends, a final CRLF. */
export function csvRows(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
