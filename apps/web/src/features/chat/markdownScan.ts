// Docs: docs/channels.md#markdown — the forward-only scans under the inline markdown parser
// (markdownInline.ts): each search for a link's `](`, `)`, a newline or a closing backtick run goes
// through a cursor that only moves forward, and a bare URL is measured and trimmed in its own length,
// so all of them together read a paragraph's text once. `safeHref` decides which targets may link.

/**
 * Counts the parser's elementary steps (characters read, tokens and stack operations); tests use it
 * to prove the work stays within a constant times the text length.
 */
export interface ParseCounter {
  steps: number;
}

export const NO_COUNT: ParseCounter = { steps: 0 };

/** The characters a backslash escapes (then they stay text). */
export const ESCAPABLE = '\\`*_[]()';
/** Bare URLs longer than this are not linked (they stay text). */
export const MAX_BARE_URL = 2048;
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** Characters that end a bare URL. */
const URL_STOP = /[\s<>"'`]/;
/** Trailing characters that are punctuation of the sentence, not part of a bare URL (as GFM). */
const URL_TRAILING = /[.,;:!?'"*_~]/;

/**
 * The link target for `raw` when it is a safe absolute URL (http, https or mailto), normalized;
 * otherwise null. Relative URLs, `javascript:`, `data:` and anything that does not parse are refused.
 */
export function safeHref(raw: string): string | null {
  const text = raw.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(text)) return null;
  try {
    const url = new URL(text);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A forward search for `needle` in `text` that remembers its last answer: asked again from a later
 * position that is still before that answer, it answers at once. Asked in increasing order (as the
 * tokenizer does), all its searches together read the text once.
 */
export function forwardFinder(text: string, needle: string, counter: ParseCounter) {
  let askedFrom = Infinity;
  let found = -1;
  return (from: number): number => {
    counter.steps += 1;
    if (from >= askedFrom && (found === -1 || found >= from)) return found;
    found = text.indexOf(needle, from);
    counter.steps += (found === -1 ? text.length : found + needle.length) - from;
    askedFrom = from;
    return found;
  };
}

/** The backtick runs of a text, to pair each opening run with the next run of the same length. */
export function backtickRuns(text: string, counter: ParseCounter) {
  const startAt = new Map<number, { length: number; index: number }>();
  const byLength = new Map<number, { starts: number[]; next: number }>();
  let i = 0;
  while (i < text.length) {
    counter.steps += 1;
    const ch = text[i];
    if (ch === '\\' && text[i + 1] !== undefined && ESCAPABLE.includes(text[i + 1] as string)) {
      i += 2;
      continue;
    }
    if (ch !== '`') {
      i += 1;
      continue;
    }
    let end = i;
    while (text[end] === '`') {
      end += 1;
      counter.steps += 1;
    }
    const length = end - i;
    const list = byLength.get(length) ?? { starts: [], next: 0 };
    byLength.set(length, list);
    startAt.set(i, { length, index: list.starts.length });
    list.starts.push(i);
    i = end;
  }
  return {
    /** The run starting at `at`: its length and where the next run of that length starts (or -1). */
    at(at: number): { length: number; closeAt: number } | null {
      const run = startAt.get(at);
      if (!run) return null;
      const list = byLength.get(run.length) as { starts: number[]; next: number };
      // Runs are asked for in text order, so each list's cursor only moves forward.
      while (list.next < list.starts.length && (list.starts[list.next] as number) <= at) {
        list.next += 1;
        counter.steps += 1;
      }
      return { length: run.length, closeAt: list.starts[list.next] ?? -1 };
    },
  };
}

/** A bare URL's end without trailing sentence punctuation or an unmatched ")" (linear in its length). */
export function trimUrl(url: string, counter: ParseCounter): string {
  let opens = 0;
  let closes = 0;
  for (const ch of url) {
    if (ch === '(') opens += 1;
    else if (ch === ')') closes += 1;
  }
  counter.steps += url.length;
  let end = url.length;
  while (end > 0) {
    counter.steps += 1;
    const last = url[end - 1] as string;
    if (URL_TRAILING.test(last)) {
      end -= 1;
    } else if (last === ')' && closes > opens) {
      closes -= 1;
      end -= 1;
    } else {
      break;
    }
  }
  return url.slice(0, end);
}

/** How long the bare URL starting at `at` is (0: none there). */
export function bareUrlLength(text: string, at: number, counter: ParseCounter): number {
  const head = text.slice(at, at + 8).toLowerCase();
  const scheme = head.startsWith('https://') ? 8 : head.startsWith('http://') ? 7 : 0;
  if (scheme === 0) return 0;
  let end = at + scheme;
  while (end < text.length && !URL_STOP.test(text[end] as string)) end += 1;
  counter.steps += end - at;
  return end - at > scheme ? end - at : 0;
}
