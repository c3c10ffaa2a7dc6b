// Docs: docs/ai.md#replies — small formatting helpers for the bot's replies: numbers, user text
// made safe inside markdown, and a fixed-width table in a code block.

/** A count with thousands separators: 10000 → "10,000". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * A statistic for reading: integers as they are; otherwise 3 decimals (trailing zeros dropped) from
 * 1 up, 3 significant digits below 1, one decimal from 10,000 up, exponent notation for the extremes.
 */
export function formatStat(x: number | null): string {
  if (x === null) return '–';
  if (!Number.isFinite(x)) return String(x);
  const abs = Math.abs(x);
  if (Number.isInteger(x) && abs < 1e15) return String(x);
  if (abs >= 1e15 || (abs < 1e-4 && abs > 0)) return x.toExponential(3).replace(/\.?0+e/, 'e');
  if (abs >= 10_000) return String(Number(x.toFixed(1)));
  if (abs >= 1) return String(Number(x.toFixed(3)));
  return String(Number(x.toPrecision(3)));
}

/** Pearson's r to 3 decimals, or "undefined" (a constant column or too few pairs). */
export function formatR(r: number | null): string {
  return r === null ? 'undefined' : r.toFixed(3);
}

/**
 * User text (a column name or a value) made safe to show: one line, no backticks (which could end a
 * code span or block), at most `max` characters.
 */
export function plain(text: string, max = 30): string {
  const oneLine = text.replace(/[\s]+/g, ' ').replaceAll('`', "'").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** A fixed-width table in a ``` block: text columns left-aligned, the rest right-aligned. */
export function codeTable(header: string[], rows: string[][], leftAligned = 1): string {
  const widths = header.map((h, c) =>
    Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) =>
        c < leftAligned ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return ['```', line(header), ...rows.map(line), '```'].join('\n');
}
