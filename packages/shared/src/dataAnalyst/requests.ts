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
  /** A chart drawn as asked: "histogram of score", "scatter of score against hours". */
  | { kind: 'histogram'; column: string }
  | { kind: 'scatter'; x: string; y: string }
  /** A request naming a column the table does not have; `asked` is what the student wrote. */
  | { kind: 'unknown-column'; asked: string }
  /** A part of a sentence that asked for something else besides a request; said, not guessed. */
  | { kind: 'not-understood'; text: string };

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
const HISTOGRAM_WORDS = new Set(['histogram', 'hist', 'distribution']);
/** A chart of one column is a histogram, of two a scatter. */
const CHART_WORDS = new Set(['scatter', 'scatterplot', 'plot', 'chart', 'graph']);
/** Words that make the phrase a request even when the column is unknown. */
const CONNECTORS = new Set(['of', 'between', 'for']);
const FILLERS = new Set(['the', 'column', 'col']);
const GROUP_WORDS = new Set(['by', 'per']);
const PAIR_WORDS = new Set(['and', 'vs', 'vs.', 'versus', 'with', '&', ',']);
/** "scatter of y against x": the first column named is the vertical one. */
const AGAINST_WORDS = new Set(['against', 'on']);

function isKeyword(word: string): boolean {
  return (
    AGGREGATE_WORDS.has(word) ||
    CORRELATION_WORDS.has(word) ||
    SUMMARY_WORDS.has(word) ||
    HISTOGRAM_WORDS.has(word) ||
    CHART_WORDS.has(word)
  );
}

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
function askedName(text: string, pos: number): { asked: string; end: number } {
  const start = skipSpaces(text, pos);
  let end = start;
  while (end < text.length && end - start < 60) {
    const { word, end: wordEnd } = wordAt(text, end);
    if (GROUP_WORDS.has(word) || PAIR_WORDS.has(word) || word.endsWith(',')) {
      // "summary of age, and …": the name ends at its comma.
      if (word.endsWith(',') && !PAIR_WORDS.has(word)) end = wordEnd - 1;
      break;
    }
    end = skipSpaces(text, wordEnd);
    if (word === '') break;
  }
  let asked = text.slice(start, end).trim();
  while (asked.length > 0 && /[?!.,:;"'`“”‘’]/.test(asked[0] ?? '')) asked = asked.slice(1);
  while (asked.length > 0 && /[?!.,:;"'`“”‘’]/.test(asked[asked.length - 1] ?? ''))
    asked = asked.slice(0, -1);
  return { asked: asked.slice(0, 60), end };
}

type Parsed = { request: AnalystRequest; end: number };

const unknown = (text: string, pos: number): Parsed => {
  const { asked, end } = askedName(text, pos);
  // "mean of height by group": the rest of the request ("by group") goes with it.
  const joined = skipWords(text, end, new Set([...GROUP_WORDS, ...PAIR_WORDS, ...AGAINST_WORDS]));
  const rest = joined.skipped && text[end] !== ',' ? askedName(text, joined.pos).end : end;
  return { request: { kind: 'unknown-column', asked }, end: rest };
};

/** The second column of a pair ("x and y", "y against x"), or null when none follows. */
function secondColumn(
  text: string,
  pos: number,
  columns: readonly string[],
  keys: readonly string[],
): { match: ColumnMatch | null; against: boolean; at: number } {
  let sep = skipSpaces(text, pos);
  const mark = text[sep] === ',' || text[sep] === '&';
  if (mark) sep++;
  const against = skipWords(text, sep, AGAINST_WORDS);
  const paired = against.skipped ? against : skipWords(text, sep, PAIR_WORDS);
  const at = skipWords(text, paired.pos, FILLERS).pos;
  return {
    match: paired.skipped || mark ? matchColumn(text, at, columns, keys) : null,
    against: against.skipped,
    at,
  };
}

/** Parses one request starting after the keyword at `pos`; null when it is not a request. */
function parseAfterKeyword(
  keyword: string,
  text: string,
  pos: number,
  columns: readonly string[],
  keys: readonly string[],
): Parsed | null {
  const connected = skipWords(text, pos, CONNECTORS);
  const at = skipWords(text, connected.pos, FILLERS).pos;
  const first = matchColumn(text, at, columns, keys);
  if (!first) return connected.skipped ? unknown(text, at) : null;
  const aggregateKind = AGGREGATE_WORDS.get(keyword);
  if (aggregateKind) {
    const grouped = skipWords(text, first.end, GROUP_WORDS);
    if (!grouped.skipped)
      return {
        request: { kind: 'aggregate', aggregate: aggregateKind, column: first.name, by: null },
        end: first.end,
      };
    const byAt = skipWords(text, grouped.pos, new Set([...FILLERS, 'each'])).pos;
    const by = matchColumn(text, byAt, columns, keys);
    if (!by) return unknown(text, byAt);
    return {
      request: { kind: 'aggregate', aggregate: aggregateKind, column: first.name, by: by.name },
      end: by.end,
    };
  }
  if (CORRELATION_WORDS.has(keyword)) {
    const second = secondColumn(text, first.end, columns, keys);
    if (!second.match) return unknown(text, second.at);
    return {
      request: { kind: 'correlation', x: first.name, y: second.match.name },
      end: second.match.end,
    };
  }
  if (HISTOGRAM_WORDS.has(keyword))
    return { request: { kind: 'histogram', column: first.name }, end: first.end };
  if (CHART_WORDS.has(keyword)) {
    const second = secondColumn(text, first.end, columns, keys);
    if (!second.match) {
      // "scatter of score" needs two columns; a plot or chart of one is its histogram.
      if (keyword === 'scatter' || keyword === 'scatterplot') return unknown(text, second.at);
      return { request: { kind: 'histogram', column: first.name }, end: first.end };
    }
    const [x, y] = second.against
      ? [second.match.name, first.name]
      : [first.name, second.match.name];
    return { request: { kind: 'scatter', x, y }, end: second.match.end };
  }
  return { request: { kind: 'summary', column: first.name }, end: first.end };
}

/** Words around requests that ask for nothing ("…, and also a histogram of score, please"). */
const GLUE = new Set([
  'and',
  'also',
  'then',
  'plus',
  'a',
  'an',
  'the',
  'please',
  'thanks',
  'thank',
  'you',
  'too',
  'as',
  'well',
  'me',
  'give',
  'show',
  'draw',
  'of',
  'it',
]);

/**
 * The parts of `gap` (text after a request, up to the next one or the clause's end) that ask for
 * something: split at commas, semicolons and "and"/"then", glue words dropped from each end.
 */
export function leftoverParts(gap: string): string[] {
  const parts: string[] = [];
  for (const piece of gap.split(/,|;|\band\b|\bthen\b/)) {
    const words = piece.split(/[\s]+/).filter((w) => w !== '');
    while (words.length > 0 && GLUE.has(words[0]?.replace(/[.!?:]+$/, '') ?? '')) words.shift();
    while (words.length > 0 && GLUE.has(words[words.length - 1]?.replace(/[.!?:]+$/, '') ?? ''))
      words.pop();
    const part = words.join(' ').replace(/[.!?:]+$/, '');
    if (/[\p{L}\p{N}]/u.test(part)) parts.push(part.slice(0, 60));
  }
  return parts;
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

/** The word naming a kind of chart before a chart word ("pie" in "pie chart"), or null. */
function chartKindBefore(keyword: string, previous: string): string | null {
  if (!CHART_WORDS.has(keyword) || keyword === 'scatter' || keyword === 'scatterplot') return null;
  if (previous === '' || /[,;:]$/.test(previous) || previous.startsWith('@')) return null;
  if (GLUE.has(previous) || isKeyword(previous)) return null;
  return previous;
}

/**
 * The requests asked for in `text` (at most ANALYST_MAX_OPERATIONS; a sentence may hold several:
 * "summary of score, the correlation of hours and score, and a histogram of score"), with column
 * names resolved against `columns`. A request naming an unknown column is kept as 'unknown-column'
 * so the reply can list the columns there are; a part of a sentence after a request that asks for
 * something the engine does not do is kept as 'not-understood', so the reply can say so.
 */
export function parseRequests(text: string, columns: readonly string[]): AnalystRequest[] {
  const keys = columns.map(normalize);
  const requests: AnalystRequest[] = [];
  const push = (request: AnalystRequest) => {
    if (requests.length < ANALYST_MAX_OPERATIONS) requests.push(request);
  };
  for (const clause of clauses(normalize(text))) {
    if (requests.length >= ANALYST_MAX_OPERATIONS) break;
    // Where the last request of this clause ended; the text before the first is a preamble
    // ("@DataAnalystBot what is the …") and never reported.
    let lastEnd: number | null = null;
    let previous = '';
    let pos = 0;
    while (pos < clause.length) {
      const at = skipSpaces(clause, pos);
      const { word, end } = wordAt(clause, at);
      if (word === '') break;
      const bare = word.replace(/[,:]$/, '');
      const parsed = isKeyword(bare) ? parseAfterKeyword(bare, clause, end, columns, keys) : null;
      const kind = chartKindBefore(bare, previous);
      previous = word;
      if (parsed && kind !== null) {
        // "a pie chart of group": a kind of chart the engine does not draw is said, not swapped
        // for a histogram.
        push({ kind: 'not-understood', text: `${kind} ${clause.slice(at, parsed.end)}` });
        lastEnd = parsed.end;
        pos = Math.max(parsed.end, end);
      } else if (parsed) {
        if (lastEnd !== null)
          for (const part of leftoverParts(clause.slice(lastEnd, at)))
            push({ kind: 'not-understood', text: part });
        push(parsed.request);
        lastEnd = parsed.end;
        pos = Math.max(parsed.end, end);
      } else pos = end;
    }
    if (lastEnd !== null)
      for (const part of leftoverParts(clause.slice(lastEnd)))
        push({ kind: 'not-understood', text: part });
  }
  return requests;
}
