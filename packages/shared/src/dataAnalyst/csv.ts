// Docs: docs/ai.md#accepted-tables — an RFC 4180 tokenizer for comma, tab and semicolon separated
// text. One forward pass, no regular expressions: every character is looked at a bounded number of
// times, so hostile input (a million quotes, an unclosed quote) costs linear time. A `WorkMeter`
// counts those looks so tests can prove it without timing anything.

/** The field separators the engine recognises. */
export type Delimiter = ',' | '\t' | ';';

/** Counts characters examined; tests pass one to prove the work is linear in the input. */
export interface WorkMeter {
  steps: number;
}

/** One record (row) of delimited text. */
export interface DelimitedRecord {
  /** Field values: unquoted fields trimmed of spaces, quoted fields exactly as quoted. */
  fields: string[];
  /** Offset of the record's first character in the text. */
  start: number;
  /** Offset just past the record's last character (before its line break). */
  end: number;
  /** An empty line: no characters and no quotes. */
  blank: boolean;
}

export interface TokenizeResult {
  records: DelimitedRecord[];
  /** Index in `records` of the record whose quoted field never closes, or null. */
  unclosedQuoteRecord: number | null;
  /** True when reading stopped at `maxRecords` records (the text has more). */
  truncated: boolean;
}

export interface TokenizeOptions {
  /** Stop after this many records (blank lines included); the result says `truncated`. */
  maxRecords?: number;
  meter?: WorkMeter;
}

const QUOTE = 34; // "
const SPACE = 32;
const CR = 13;
const LF = 10;

/**
 * Splits `text` into records and fields (RFC 4180): fields separated by `delimiter`, records by
 * CRLF, LF or CR; a field starting with `"` (after optional spaces) is quoted and may hold the
 * delimiter, line breaks and doubled quotes (`""` → `"`). Lenient where RFC 4180 is silent: a quote
 * inside an unquoted field is kept as text, characters after a closing quote are appended, and an
 * unclosed quote runs to the end of the text (reported in `unclosedQuoteRecord`).
 */
export function tokenizeDelimited(
  text: string,
  delimiter: Delimiter,
  options: TokenizeOptions = {},
): TokenizeResult {
  const delim = delimiter.charCodeAt(0);
  const n = text.length;
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const meter = options.meter;
  const records: DelimitedRecord[] = [];
  let unclosedQuoteRecord: number | null = null;
  let fields: string[] = [];
  let recordStart = 0;
  let sawQuote = false;
  let i = 0;
  if (n === 0) return { records, unclosedQuoteRecord, truncated: false };
  for (;;) {
    // One field starts at i.
    let j = i;
    while (j < n && text.charCodeAt(j) === SPACE) {
      j++;
      if (meter) meter.steps++;
    }
    if (j < n && text.charCodeAt(j) === QUOTE) {
      sawQuote = true;
      let value = '';
      let k = j + 1;
      let segmentStart = k;
      let closed = false;
      while (k < n) {
        if (meter) meter.steps++;
        if (text.charCodeAt(k) === QUOTE) {
          if (k + 1 < n && text.charCodeAt(k + 1) === QUOTE) {
            value += text.slice(segmentStart, k + 1);
            k += 2;
            segmentStart = k;
            continue;
          }
          value += text.slice(segmentStart, k);
          k++;
          closed = true;
          break;
        }
        k++;
      }
      if (!closed) {
        value += text.slice(segmentStart, n);
        fields.push(value);
        unclosedQuoteRecord = records.length;
        records.push({ fields, start: recordStart, end: n, blank: false });
        break;
      }
      let m = k;
      while (m < n) {
        const c = text.charCodeAt(m);
        if (c === delim || c === LF || c === CR) break;
        if (meter) meter.steps++;
        m++;
      }
      const tail = text.slice(k, m).trim();
      fields.push(tail === '' ? value : value + tail);
      i = m;
    } else {
      let m = i;
      while (m < n) {
        const c = text.charCodeAt(m);
        if (c === delim || c === LF || c === CR) break;
        if (meter) meter.steps++;
        m++;
      }
      fields.push(text.slice(i, m).trim());
      i = m;
    }
    // At a delimiter, a line break or the end.
    if (i < n && text.charCodeAt(i) === delim) {
      i++;
      continue;
    }
    const blank = !sawQuote && fields.length === 1 && fields[0] === '';
    records.push({ fields, start: recordStart, end: i, blank });
    if (i >= n) break;
    if (records.length >= maxRecords) return { records, unclosedQuoteRecord, truncated: true };
    i += text.charCodeAt(i) === CR && i + 1 < n && text.charCodeAt(i + 1) === LF ? 2 : 1;
    if (i >= n) break;
    fields = [];
    recordStart = i;
    sawQuote = false;
  }
  return { records, unclosedQuoteRecord, truncated: false };
}
