// Docs: docs/ai.md#accepted-tables — finds the table in a message: the first ```csv or ```tsv fenced
// block, else the best block of delimited lines in the pasted text. Everything else in the message
// is the request text (where asked-for operations are read).
import { ANALYST_MAX_LINES_READ, ANALYST_MAX_TEXT_CHARS } from './limits';
import { type Delimiter, type DelimitedRecord, type WorkMeter, tokenizeDelimited } from './csv';

/** A table found in a message, not yet checked or typed. */
export interface FoundTable {
  delimiter: Delimiter;
  /** The table's records in order, blank lines left out. */
  records: DelimitedRecord[];
  /** 1-based row (in `records`) whose quoted field never closes, or null. */
  unclosedQuoteRow: number | null;
  /** True when the text has more lines than any allowed table. */
  tooManyRows: boolean;
  /** The message without the table: where operations are asked for. */
  requestText: string;
}

export type TableSearch =
  | { kind: 'none'; requestText: string }
  | { kind: 'too-long'; chars: number }
  /** More lines than ANALYST_MAX_LINES_READ and no table among those read. */
  | { kind: 'too-many-lines' }
  | { kind: 'found'; table: FoundTable };

/** A Map, not an object: a fence tagged "constructor" must not find Object's prototype. */
const FENCE_LANGUAGES = new Map<string, readonly Delimiter[]>([
  ['csv', [',', ';', '\t']],
  ['tsv', ['\t']],
]);
/** Pasted text: tab first (it rarely appears by accident), then comma, then semicolon. */
const PASTED_DELIMITERS: readonly Delimiter[] = ['\t', ',', ';'];

interface Candidate {
  delimiter: Delimiter;
  records: DelimitedRecord[];
  unclosedQuoteRow: number | null;
  /** Records with the first record's field count: how well this delimiter explains the text. */
  score: number;
  columns: number;
  tooManyRows: boolean;
}

function better(a: Candidate, b: Candidate | null): boolean {
  if (b === null) return true;
  if (a.score !== b.score) return a.score > b.score;
  return a.columns > b.columns;
}

function candidateOf(
  delimiter: Delimiter,
  all: DelimitedRecord[],
  unclosedIndex: number | null,
  tooManyRows: boolean,
  from: number,
  to: number,
): Candidate {
  const records = all.slice(from, to).filter((record) => !record.blank);
  const columns = records[0]?.fields.length ?? 0;
  let score = 0;
  for (const record of records) if (record.fields.length === columns) score++;
  let unclosedQuoteRow: number | null = null;
  if (unclosedIndex !== null && unclosedIndex >= from && unclosedIndex < to) {
    const unclosed = all[unclosedIndex];
    unclosedQuoteRow = unclosed ? records.indexOf(unclosed) + 1 : null;
  }
  return { delimiter, records, unclosedQuoteRow, score, columns, tooManyRows };
}

/** The whole fenced body is the table; the delimiter that splits it most consistently wins. */
function fencedCandidate(
  body: string,
  delimiters: readonly Delimiter[],
  meter: WorkMeter | undefined,
): Candidate | null {
  let best: Candidate | null = null;
  for (const delimiter of delimiters) {
    const result = tokenizeDelimited(body, delimiter, {
      maxRecords: ANALYST_MAX_LINES_READ,
      ...(meter ? { meter } : {}),
    });
    const candidate = candidateOf(
      delimiter,
      result.records,
      result.unclosedQuoteRecord,
      result.truncated,
      0,
      result.records.length,
    );
    if (candidate.records.length > 0 && better(candidate, best)) best = candidate;
  }
  return best;
}

/** The most common field count (of at least two) among records [from, to). */
function modalFieldCount(records: DelimitedRecord[], from: number, to: number): number {
  const counts = new Map<number, number>();
  let modal = 0;
  let best = 0;
  for (let k = from; k < to; k++) {
    const fields = records[k]?.fields.length ?? 0;
    if (fields < 2) continue;
    const count = (counts.get(fields) ?? 0) + 1;
    counts.set(fields, count);
    if (count > best) {
      best = count;
      modal = fields;
    }
  }
  return modal;
}

/** A sentence split by its commas: some field has three or more words. */
function looksLikeProse(record: DelimitedRecord): boolean {
  return record.fields.some((field) => {
    let words = 0;
    let inWord = false;
    for (let i = 0; i < field.length && words < 3; i++) {
      const space = field[i] === ' ';
      if (!space && !inWord) words++;
      inWord = !space;
    }
    return words >= 3;
  });
}

/**
 * Pasted text: blocks of consecutive non-blank lines; lines without a delimiter at either end of a
 * block are prose ("@DataAnalystBot mean of score by group") and stay out of the table, as are lines
 * there whose field count differs from the block's usual one and that read like a sentence (a field
 * of three or more words: "mean of score by group, please"). The block
 * and delimiter with the most consistently split lines (at least two columns) win.
 */
function pastedCandidate(
  text: string,
  meter: WorkMeter | undefined,
): { best: Candidate | null; truncated: boolean } {
  let best: Candidate | null = null;
  let truncated = false;
  for (const delimiter of PASTED_DELIMITERS) {
    const result = tokenizeDelimited(text, delimiter, {
      maxRecords: ANALYST_MAX_LINES_READ,
      ...(meter ? { meter } : {}),
    });
    const records = result.records;
    truncated ||= result.truncated;
    let i = 0;
    while (i < records.length) {
      while (i < records.length && records[i]?.blank) i++;
      let end = i;
      while (end < records.length && !records[end]?.blank) end++;
      const modal = modalFieldCount(records, i, end);
      // A record holding an unclosed quote stays in the table, so its problem is reported.
      const prose = (k: number) => {
        const record = records[k];
        if (!record || k === result.unclosedQuoteRecord) return false;
        return (
          record.fields.length < 2 || (record.fields.length !== modal && looksLikeProse(record))
        );
      };
      let from = i;
      let to = end;
      while (from < to && prose(from)) from++;
      while (to > from && prose(to - 1)) to--;
      // One line with commas is a sentence, not a table.
      if (to - from >= 2) {
        const candidate = candidateOf(
          delimiter,
          records,
          result.unclosedQuoteRecord,
          result.truncated && end === records.length,
          from,
          to,
        );
        if (better(candidate, best)) best = candidate;
      }
      i = end;
    }
  }
  return { best, truncated };
}

interface Fence {
  language: string;
  body: string;
  outside: string;
}

/** The first ```csv or ```tsv block (an unclosed one runs to the end of the text). */
function findFence(text: string): Fence | null {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (!line.startsWith('```')) continue;
    const language = line.slice(3).trim().toLowerCase();
    if (!FENCE_LANGUAGES.has(language)) continue;
    let close = i + 1;
    while (close < lines.length && (lines[close] ?? '').trim() !== '```') close++;
    const body = lines
      .slice(i + 1, close)
      .map((bodyLine) => (bodyLine.endsWith('\r') ? bodyLine.slice(0, -1) : bodyLine))
      .join('\n');
    const outside = [...lines.slice(0, i), ...lines.slice(close + 1)].join('\n');
    return { language, body, outside };
  }
  return null;
}

/**
 * Finds the table in a message's text. Text longer than ANALYST_MAX_TEXT_CHARS is refused before
 * anything is read; otherwise the work is linear in the text's length (`meter` counts it).
 */
export function findTable(text: string, meter?: WorkMeter): TableSearch {
  if (text.length > ANALYST_MAX_TEXT_CHARS) return { kind: 'too-long', chars: text.length };
  const fence = findFence(text);
  let candidate: Candidate | null;
  let requestText: string;
  if (fence) {
    candidate = fencedCandidate(fence.body, FENCE_LANGUAGES.get(fence.language) ?? [], meter);
    requestText = fence.outside;
  } else {
    const pasted = pastedCandidate(text, meter);
    if (!pasted.best && pasted.truncated) return { kind: 'too-many-lines' };
    candidate = pasted.best;
    requestText = candidate
      ? text.slice(0, candidate.records[0]?.start ?? 0) +
        text.slice(candidate.records[candidate.records.length - 1]?.end ?? text.length)
      : text;
  }
  if (!candidate) return { kind: 'none', requestText };
  return {
    kind: 'found',
    table: {
      delimiter: candidate.delimiter,
      records: candidate.records,
      unclosedQuoteRow: candidate.unclosedQuoteRow,
      tooManyRows: candidate.tooManyRows,
      requestText,
    },
  };
}
