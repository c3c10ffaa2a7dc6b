// Docs: docs/ai.md#accepted-tables — turns found records into a typed table: checks the limits and
// the shape (ragged rows, too few rows), detects the header row and types each column.
import { ANALYST_MAX_COLUMNS, ANALYST_MAX_ROWS, ANALYST_MAX_TEXT_CHARS } from './limits';
import type { Delimiter } from './csv';
import type { FoundTable } from './detect';
import { type NumberStyle, isMissingCell, parseNumberCell } from './values';

/** Why a table cannot be analysed; `formatAnalystReply` words each for the student. */
export type TableProblem =
  | { code: 'too-long'; chars: number; max: number }
  /** `rows` is null when the text has more lines than are read (ANALYST_MAX_LINES_READ). */
  | { code: 'too-many-rows'; rows: number | null; max: number }
  | { code: 'too-many-columns'; columns: number; max: number }
  /** `row` counts the table's first line as row 1. */
  | { code: 'ragged'; row: number; fields: number; expected: number }
  | { code: 'unclosed-quote'; row: number }
  /** Fewer than two data rows (`rows` is 0 or 1). */
  | { code: 'too-few-rows'; rows: number };

/** A text column whose values are mostly numbers: the first value that is not. */
export interface NonNumericNote {
  count: number;
  /** Row of the first such value, counting the table's first line as row 1. */
  row: number;
  example: string;
}

export interface TableColumn {
  /** The header's name, or `column N`; unique within the table (case-insensitively). */
  name: string;
  kind: 'number' | 'text';
  /** Each data row's value; null when missing. */
  cells: (string | null)[];
  /** Numeric columns: each row's number (null when missing); text columns: null. */
  numbers: (number | null)[] | null;
  /** Text columns that are mostly numbers: what keeps them from being numeric. */
  nonNumeric: NonNumericNote | null;
}

export interface Table {
  delimiter: Delimiter;
  numberStyle: NumberStyle;
  hasHeader: boolean;
  /** Data rows (the header not counted). */
  rowCount: number;
  columns: TableColumn[];
}

export type TableResult =
  { kind: 'table'; table: Table } | { kind: 'problem'; problem: TableProblem };

const problem = (p: TableProblem): TableResult => ({ kind: 'problem', problem: p });

/** True when every field past `expected` is empty (a trailing delimiter, as some exports write). */
function onlyEmptyExtras(fields: string[], expected: number): boolean {
  for (let i = expected; i < fields.length; i++) if (fields[i] !== '') return false;
  return true;
}

/**
 * The first row is a header when it has a text cell above a column whose other values are all
 * numbers; it is data when it has only numbers there. With no numeric column to judge by, it is a
 * header (tables of text nearly always have one).
 */
function detectHeader(rows: string[][], style: NumberStyle, columns: number): boolean {
  const first = rows[0];
  if (!first || rows.length < 2) return true;
  let headerVotes = 0;
  let dataVotes = 0;
  for (let c = 0; c < columns; c++) {
    let values = 0;
    let numeric = true;
    for (let r = 1; r < rows.length && numeric; r++) {
      const cell = rows[r]?.[c] ?? '';
      if (isMissingCell(cell)) continue;
      values++;
      if (parseNumberCell(cell, style) === null) numeric = false;
    }
    if (!numeric || values === 0) continue;
    const top = first[c] ?? '';
    if (isMissingCell(top)) continue;
    if (parseNumberCell(top, style) === null) headerVotes++;
    else dataVotes++;
  }
  return headerVotes > 0 || dataVotes === 0;
}

function uniqueNames(header: string[] | null, columns: number): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (let c = 0; c < columns; c++) {
    const base = header?.[c]?.trim() || `column ${c + 1}`;
    let name = base;
    for (let k = 2; seen.has(name.toLowerCase()); k++) name = `${base} (${k})`;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/** Checks a found table against the limits and its shape, then types its columns. */
export function buildTable(found: FoundTable): TableResult {
  if (found.unclosedQuoteRow !== null)
    return problem({ code: 'unclosed-quote', row: found.unclosedQuoteRow });
  if (found.tooManyRows || found.records.length > ANALYST_MAX_ROWS + 1)
    return problem({
      code: 'too-many-rows',
      rows: found.tooManyRows ? null : found.records.length - 1,
      max: ANALYST_MAX_ROWS,
    });
  const expected = found.records[0]?.fields.length ?? 0;
  if (expected > ANALYST_MAX_COLUMNS)
    return problem({ code: 'too-many-columns', columns: expected, max: ANALYST_MAX_COLUMNS });
  const rows: string[][] = [];
  for (const [index, record] of found.records.entries()) {
    const { fields } = record;
    if (
      fields.length < expected ||
      (fields.length > expected && !onlyEmptyExtras(fields, expected))
    )
      return problem({ code: 'ragged', row: index + 1, fields: fields.length, expected });
    rows.push(fields.length === expected ? fields : fields.slice(0, expected));
  }
  const numberStyle: NumberStyle = found.delimiter === ';' ? 'comma' : 'point';
  const hasHeader = detectHeader(rows, numberStyle, expected);
  const data = hasHeader ? rows.slice(1) : rows;
  if (data.length < 2) return problem({ code: 'too-few-rows', rows: data.length });
  // Without a header every record is data: the first check allowed one record more.
  if (data.length > ANALYST_MAX_ROWS)
    return problem({ code: 'too-many-rows', rows: data.length, max: ANALYST_MAX_ROWS });
  const names = uniqueNames(hasHeader ? (rows[0] ?? null) : null, expected);
  const firstDataRow = hasHeader ? 2 : 1;
  const columns = names.map((name, c): TableColumn => {
    const cells: (string | null)[] = [];
    const numbers: (number | null)[] = [];
    let present = 0;
    let nonNumericCount = 0;
    let firstNonNumeric: { row: number; example: string } | null = null;
    for (const [r, row] of data.entries()) {
      const cell = row[c] ?? '';
      if (isMissingCell(cell)) {
        cells.push(null);
        numbers.push(null);
        continue;
      }
      present++;
      cells.push(cell);
      const value = parseNumberCell(cell, numberStyle);
      numbers.push(value);
      if (value === null) {
        nonNumericCount++;
        firstNonNumeric ??= { row: r + firstDataRow, example: cell.slice(0, 40) };
      }
    }
    const numeric = present > 0 && nonNumericCount === 0;
    const mostlyNumbers = !numeric && firstNonNumeric && nonNumericCount * 2 < present;
    return {
      name,
      kind: numeric ? 'number' : 'text',
      cells,
      numbers: numeric ? numbers : null,
      nonNumeric:
        mostlyNumbers && firstNonNumeric ? { count: nonNumericCount, ...firstNonNumeric } : null,
    };
  });
  return {
    kind: 'table',
    table: { delimiter: found.delimiter, numberStyle, hasHeader, rowCount: data.length, columns },
  };
}

/** The text-length problem, for callers that refuse before looking for a table. */
export function tooLongProblem(chars: number): TableProblem {
  return { code: 'too-long', chars, max: ANALYST_MAX_TEXT_CHARS };
}
