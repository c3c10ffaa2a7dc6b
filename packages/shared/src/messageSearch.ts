// Docs: docs/channels.md#search — the pure parts of message search: the words of a search text, the
// tsquery made of them, and a highlighted snippet as data the web renders as text.

/** At most this many words count from one search text. */
export const SEARCH_MAX_TERMS = 8;
/** A longer word is cut to this many characters (still a prefix, so it still matches). */
const TERM_MAX_LENGTH = 64;

/**
 * The words of a search text, lower-cased, without repeats: runs of letters, marks and digits.
 * Everything else separates words, as PostgreSQL's parser splits `snake_case` or `e2e-test`, and
 * no tsquery operator (`&`, `|`, `!`, `:`, `'`, parentheses) can get through.
 */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const term = [...word].slice(0, TERM_MAX_LENGTH).join('');
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === SEARCH_MAX_TERMS) break;
  }
  return terms;
}

/**
 * The text of a tsquery (for `to_tsquery('simple', …)`) that finds messages holding every word,
 * each as a prefix (`photo` finds "photosynthesis"), or null when the text has no word.
 */
export function prefixTsQuery(query: string): string | null {
  const terms = searchTerms(query);
  return terms.length === 0 ? null : terms.map((term) => `'${term}':*`).join(' & ');
}

/** A piece of a snippet: `hit` marks a word that matched. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/** A snippet holds at most about this many characters of a message. */
export const SNIPPET_MAX_LENGTH = 200;
/** How much text a snippet keeps before the first hit when it cannot show the whole message. */
const SNIPPET_LEAD = 60;

/**
 * The words of `body` that a search for `terms` matched (each word starting with a term, any case),
 * as a snippet of plain-text parts: the whole message (white space runs made one space) when it is
 * short, else a window from a little before the first hit, with "…" where text was left out. The
 * parts are data — the web renders them as text, so nothing in a message can become markup.
 */
export function highlightSnippet(
  body: string,
  terms: readonly string[],
  maxLength = SNIPPET_MAX_LENGTH,
): SnippetPart[] {
  const text = body.replace(/\s+/gu, ' ').trim();
  const hits: Array<[number, number]> = [];
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const word = match[0].toLowerCase();
    if (terms.some((term) => word.startsWith(term))) {
      hits.push([match.index, match.index + match[0].length]);
    }
  }
  let start = 0;
  let end = text.length;
  if (text.length > maxLength) {
    start = Math.max(0, (hits[0]?.[0] ?? 0) - SNIPPET_LEAD);
    const space = text.lastIndexOf(' ', start);
    if (start > 0 && space > start - 20 && space >= 0) start = space + 1;
    end = Math.min(text.length, start + maxLength);
    // End between words when one ends near the cut.
    const lastSpace = text.lastIndexOf(' ', end);
    if (end < text.length && lastSpace > end - 20 && lastSpace > start) end = lastSpace;
    // Never cut a character made of two UTF-16 units in half.
    if (/[\uDC00-\uDFFF]/u.test(text[start] ?? '')) start += 1;
    if (/[\uD800-\uDBFF]/u.test(text[end - 1] ?? '')) end -= 1;
  }
  const parts: SnippetPart[] = [];
  const push = (piece: string, hit: boolean) => {
    if (piece === '') return;
    const last = parts.at(-1);
    if (last && last.hit === hit) last.text += piece;
    else parts.push({ text: piece, hit });
  };
  if (start > 0) push('…', false);
  let at = start;
  for (const [from, to] of hits) {
    if (to <= start || from >= end) continue;
    push(text.slice(at, Math.max(at, from)), false);
    push(text.slice(Math.max(at, from), Math.min(to, end)), true);
    at = Math.min(to, end);
  }
  push(text.slice(at, end), false);
  if (end < text.length) push('…', false);
  return parts;
}
