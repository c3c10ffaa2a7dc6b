// Docs: docs/ai.md#asked-for-operations — reads simple requests from the message text around the
// table: "mean of score by group", "correlation of x and y", "summary of score". Column names match
// case-insensitively (and `_` matches a space). Only short lines are read and the scan is
// word-by-word without regular expressions over user text, so it is linear.
import { ANALYST_MAX_OPERATIONS, ANALYST_MAX_REQUEST_LINE_CHARS } from './limits';
import type { Aggregate } from './stats';

/** A request whose column names are resolved to the table's names. */
export type AnalystRequest =
  | { kind: 'aggregate'; aggregate: Aggregate; column: string; by: string | null }
  | { kind: 'correlation'; x: string; y: string }
  | { kind: 'summary'; column: string }
  /** A request naming a column the table does not have; `asked` is what the student wrote. */
  | { kind: 'unknown-column'; asked: string };

/** A Map, not an object: the student's word "constructor" must not find Object's prototype. */
const AGGREGATE_WORDS = new Map<string, Aggregate>([
  ['mean', 'mean'],
  ['average', 'mean'],
  ['avg', 'mean'],
  ['median', 'median'],
  ['sum', 'sum'],
  ['total', 'sum'],
  ['count', 'count'],
  ['min', 'min'],
  ['minimum', 'min'],
  ['max', 'max'],
  ['maximum', 'max'],
]);
const CORRELATION_WORDS = new Set(['correlation', 'correlate', 'corr', 'correlations']);
const SUMMARY_WORDS = new Set([
  'summary',
  'summarize',
  'summarise',
  'describe',
  'statistics',
  'stats',
]);
/** Words that make the phrase a request even when the column is unknown. */
const CONNECTORS = new Set(['of', 'between', 'for']);
const FILLERS = new Set(['the', 'column', 'col']);
const GROUP_WORDS = new Set(['by', 'per']);
const PAIR_WORDS = new Set(['and', 'vs', 'vs.', 'versus', 'with', '&', ',']);

function normalize(text: string): string {
  return text.toLowerCase().replaceAll('_', ' ');
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

const QUOTES = new Set(['"', "'", '`', '“', '”', '‘', '’']);

function skipSpaces(text: string, pos: number): number {
  while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t')) pos++;
  return pos;
}

/** The word at `pos` (up to a space), without trailing punctuation, and where it ends. */
function wordAt(text: string, pos: number): { word: string; end: number } {
  let end = pos;
  while (end < text.length && text[end] !== ' ' && text[end] !== '\t') end++;
  let word = text.slice(pos, end);
  while (word.length > 1 && /[?!.:]/.test(word[word.length - 1] ?? '')) word = word.slice(0, -1);
  return { word, end };
}

/** Skips any of `words` at `pos`; returns the new position and whether any was skipped. */
function skipWords(
  text: string,
  pos: number,
  words: ReadonlySet<string>,
): { pos: number; skipped: boolean } {
  let skipped = false;
  for (;;) {
    const at = skipSpaces(text, pos);
    const { word, end } = wordAt(text, at);
    if (word === '' || !words.has(word)) return { pos: at, skipped };
    pos = end;
    skipped = true;
  }
}

interface ColumnMatch {
  name: string;
  end: number;
}

/** The longest column name written at `pos` (optionally quoted), ending at a word boundary. */
function matchColumn(
  text: string,
  pos: number,
  columns: readonly string[],
  keys: readonly string[],
): ColumnMatch | null {
  let start = skipSpaces(text, pos);
  if (QUOTES.has(text[start] ?? '')) start++;
  let best: ColumnMatch | null = null;
  let bestLength = 0;
  for (const [i, key] of keys.entries()) {
    if (key === '' || !text.startsWith(key, start)) continue;
    let end = start + key.length;
    if (isWordChar(text[end]) && isWordChar(key[key.length - 1])) continue;
    if (QUOTES.has(text[end] ?? '')) end++;
    if (!best || key.length > bestLength) {
      best = { name: columns[i] ?? key, end };
      bestLength = key.length;
    }
  }
  return best;
}

/** What the student wrote where a column was expected: up to a joining word or the end. */
function askedName(text: string, pos: number): string {
  const start = skipSpaces(text, pos);
  let end = start;
  while (end < text.length && end - start < 60) {
    const { word, end: wordEnd } = wordAt(text, end);
    if (GROUP_WORDS.has(word) || PAIR_WORDS.has(word)) break;
    end = skipSpaces(text, wordEnd);
    if (word === '') break;
  }
  let asked = text.slice(start, end).trim();
  while (asked.length > 0 && /[?!.,:;"'`“”‘’]/.test(asked[0] ?? '')) asked = asked.slice(1);
  while (asked.length > 0 && /[?!.,:;"'`“”‘’]/.test(asked[asked.length - 1] ?? ''))
    asked = asked.slice(0, -1);
  return asked.slice(0, 60);
}

/** Parses one clause starting after the keyword at `pos`; null when it is not a request. */
function parseAfterKeyword(
  keyword: string,
  text: string,
  pos: number,
  columns: readonly string[],
  keys: readonly string[],
): AnalystRequest | null {
  const connected = skipWords(text, pos, CONNECTORS);
  const at = skipWords(text, connected.pos, FILLERS).pos;
  const first = matchColumn(text, at, columns, keys);
  if (!first)
    return connected.skipped ? { kind: 'unknown-column', asked: askedName(text, at) } : null;
  const aggregateKind = AGGREGATE_WORDS.get(keyword);
  if (aggregateKind) {
    const grouped = skipWords(text, first.end, GROUP_WORDS);
    if (!grouped.skipped)
      return { kind: 'aggregate', aggregate: aggregateKind, column: first.name, by: null };
    const byAt = skipWords(text, grouped.pos, new Set([...FILLERS, 'each'])).pos;
    const by = matchColumn(text, byAt, columns, keys);
    if (!by) return { kind: 'unknown-column', asked: askedName(text, byAt) };
    return { kind: 'aggregate', aggregate: aggregateKind, column: first.name, by: by.name };
  }
  if (CORRELATION_WORDS.has(keyword)) {
    let sep = skipSpaces(text, first.end);
    if (text[sep] === ',' || text[sep] === '&') sep++;
    const paired = skipWords(text, sep, PAIR_WORDS);
    const yAt = skipWords(text, paired.pos, FILLERS).pos;
    const y = matchColumn(text, yAt, columns, keys);
    if (!y) return { kind: 'unknown-column', asked: askedName(text, yAt) };
    return { kind: 'correlation', x: first.name, y: y.name };
  }
  return { kind: 'summary', column: first.name };
}

/** Splits text into short clauses: lines, then sentences (`?`, `!`, `;`, or `. `). */
function clauses(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line.length > ANALYST_MAX_REQUEST_LINE_CHARS) continue;
    let start = 0;
    for (let i = 0; i <= line.length; i++) {
      const ch = line[i];
      const end =
        i === line.length ||
        ch === '?' ||
        ch === '!' ||
        ch === ';' ||
        (ch === '.' && (line[i + 1] === ' ' || i + 1 === line.length));
      if (end) {
        const clause = line.slice(start, i).trim();
        if (clause !== '') out.push(clause);
        start = i + 1;
      }
    }
  }
  return out;
}

/**
 * The requests asked for in `text` (at most ANALYST_MAX_OPERATIONS, one per clause), with column
 * names resolved against `columns`. A request naming an unknown column is kept as 'unknown-column'
 * so the reply can list the columns there are.
 */
export function parseRequests(text: string, columns: readonly string[]): AnalystRequest[] {
  const keys = columns.map(normalize);
  const requests: AnalystRequest[] = [];
  for (const clause of clauses(normalize(text))) {
    if (requests.length >= ANALYST_MAX_OPERATIONS) break;
    let pos = 0;
    while (pos < clause.length) {
      const at = skipSpaces(clause, pos);
      const { word, end } = wordAt(clause, at);
      if (word === '') break;
      const bare = word.replace(/[,:]$/, '');
      if (AGGREGATE_WORDS.has(bare) || CORRELATION_WORDS.has(bare) || SUMMARY_WORDS.has(bare)) {
        const request = parseAfterKeyword(bare, clause, end, columns, keys);
        if (request) {
          requests.push(request);
          break;
        }
      }
      pos = end;
    }
  }
  return requests;
}
