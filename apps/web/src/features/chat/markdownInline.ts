// Docs: docs/channels.md#markdown — the inline part of the chat's markdown subset (one paragraph or
// list item): **bold**, *italic* / _italic_, `code` (any run of backticks, closed by a run of the same
// length), [links](https://…) and bare http(s) URLs, and backslash escapes, in time linear in the
// text's length. The output is plain data that React renders as elements: never HTML.
//
// How it stays linear: one pass turns the text into tokens (text, code, links, delimiter runs);
// every forward search (`](`, `)`, newline, the closing backtick run; markdownScan.ts) goes through a cursor that only
// moves forward, so all searches together read the text once; emphasis is matched with one stack of
// openers where each opener is pushed and popped at most once (CommonMark's delimiter algorithm,
// with openers between a matched pair dropped rather than searched again).

import {
  backtickRuns,
  bareUrlLength,
  ESCAPABLE,
  forwardFinder,
  MAX_BARE_URL,
  NO_COUNT,
  safeHref,
  trimUrl,
  type ParseCounter,
} from './markdownScan';

export { NO_COUNT, safeHref, type ParseCounter };

export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'em'; children: InlineNode[] }
  | { type: 'link'; href: string; children: InlineNode[] };

/** How deep bold, italics and links may nest (deeper markers stay text). */
const MAX_DEPTH = 4;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/;

const isSpace = (ch: string | undefined) => ch === undefined || SPACE.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch);

type Kind = 'em*' | 'em_' | 'strong';

type Token =
  | { t: 'text'; text: string }
  | { t: 'node'; node: InlineNode }
  | {
      t: 'delim';
      kind: Kind;
      text: string;
      canOpen: boolean;
      canClose: boolean;
      /** The index of the matching token, once matched. */
      match: number;
    };

/** Splits a paragraph's text into tokens (emphasis markers left unmatched). */
function tokenize(text: string, depth: number, inLink: boolean, counter: ParseCounter): Token[] {
  const tokens: Token[] = [];
  const runs = backtickRuns(text, counter);
  const nextLinkMiddle = forwardFinder(text, '](', counter);
  // A second finder for "](" inside a link target (asked from the targets, which only move forward).
  const nextMiddleInTarget = forwardFinder(text, '](', counter);
  const nextCloseParen = forwardFinder(text, ')', counter);
  const nextNewline = forwardFinder(text, '\n', counter);
  // An unsafe link target stays text for every "[" before it: check each target once.
  const hrefAt = new Map<number, string | null>();
  let textStart = 0;
  let i = 0;
  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ t: 'text', text: text.slice(textStart, end) });
  };
  const emit = (token: Token, end: number) => {
    flushText(i);
    tokens.push(token);
    i = end;
    textStart = end;
  };

  while (i < text.length) {
    counter.steps += 1;
    const ch = text[i] as string;
    const next = text[i + 1];

    if (ch === '\\' && next !== undefined && ESCAPABLE.includes(next)) {
      flushText(i);
      textStart = i + 1;
      i += 2;
      continue;
    }

    if (ch === '`') {
      const run = runs.at(i);
      if (run && run.closeAt !== -1) {
        let code = text.slice(i + run.length, run.closeAt);
        counter.steps += code.length;
        if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') {
          code = code.slice(1, -1);
        }
        emit({ t: 'node', node: { type: 'code', text: code } }, run.closeAt + run.length);
        continue;
      }
      // An unclosed run is text, all of it.
      i += run ? run.length : 1;
      continue;
    }

    if (ch === '*' || ch === '_') {
      let end = i;
      while (text[end] === ch) end += 1;
      counter.steps += end - i;
      const length = end - i;
      const before = text[i - 1];
      const after = text[end];
      let canOpen = !isSpace(after);
      let canClose = !isSpace(before);
      if (ch === '_') {
        canOpen &&= !isWordChar(before);
        canClose &&= !isWordChar(after);
      }
      const marker = (kind: Kind, markerText: string): Token => ({
        t: 'delim',
        kind,
        text: markerText,
        canOpen,
        canClose,
        match: -1,
      });
      if (depth >= MAX_DEPTH || (!canOpen && !canClose) || (ch === '_' && length > 1)) {
        i = end;
      } else if (ch === '_') {
        emit(marker('em_', '_'), end);
      } else if (length === 1) {
        emit(marker('em*', '*'), end);
      } else if (length === 2) {
        emit(marker('strong', '**'), end);
      } else if (length === 3) {
        // ***both***: bold outside, italics inside — the inner marker is nearer the text.
        flushText(i);
        const closing = canClose && !canOpen;
        tokens.push(closing ? marker('em*', '*') : marker('strong', '**'));
        tokens.push(closing ? marker('strong', '**') : marker('em*', '*'));
        i = end;
        textStart = end;
      } else {
        i = end;
      }
      continue;
    }

    if (ch === '[' && !inLink && depth < MAX_DEPTH) {
      const close = nextLinkMiddle(i + 1);
      const paren = close === -1 ? -1 : nextCloseParen(close + 2);
      const newline = nextNewline(i + 1);
      // A target holding another "](" is no target (this keeps the targets checked disjoint).
      const inTarget = paren === -1 ? -1 : nextMiddleInTarget(close + 2);
      if (
        close > i + 1 &&
        paren !== -1 &&
        (newline === -1 || newline > close) &&
        (inTarget === -1 || inTarget > paren)
      ) {
        let href = hrefAt.get(close);
        if (href === undefined) {
          counter.steps += paren - close;
          href = safeHref(text.slice(close + 2, paren));
          hrefAt.set(close, href);
        }
        if (href !== null) {
          const label = text.slice(i + 1, close);
          const children = parseInlineCounted(label, depth + 1, true, counter);
          emit({ t: 'node', node: { type: 'link', href, children } }, paren + 1);
          continue;
        }
      }
    }

    if (!inLink && (ch === 'h' || ch === 'H') && !isWordChar(text[i - 1])) {
      const length = bareUrlLength(text, i, counter);
      if (length > 0) {
        const url = trimUrl(text.slice(i, i + length), counter);
        const href = url.length <= MAX_BARE_URL ? safeHref(url) : null;
        counter.steps += url.length;
        if (href !== null) {
          emit(
            { t: 'node', node: { type: 'link', href, children: [{ type: 'text', text: url }] } },
            i + url.length,
          );
        } else {
          // Not a URL after all: the whole run stays text (so no later "h" in it is tried again).
          i += Math.max(url.length, 1);
        }
        continue;
      }
    }

    i += 1;
  }
  flushText(text.length);
  return tokens;
}

/** Pairs emphasis openers with closers (see the file header); unpaired markers stay text. */
function matchEmphasis(tokens: Token[], counter: ParseCounter): void {
  const openers: number[] = [];
  const openCount: Record<Kind, number> = { 'em*': 0, em_: 0, strong: 0 };
  tokens.forEach((token, index) => {
    counter.steps += 1;
    if (token.t !== 'delim') return;
    if (token.canClose && openCount[token.kind] > 0) {
      // Pop to the nearest opener of the same kind; openers above it would cross the pair.
      for (;;) {
        counter.steps += 1;
        const top = openers.pop() as number;
        const opener = tokens[top] as Token & { t: 'delim' };
        openCount[opener.kind] -= 1;
        if (opener.kind === token.kind) {
          if (top < index - 1) {
            opener.match = index;
            token.match = top;
            return;
          }
          break;
        }
      }
    }
    if (token.canOpen) {
      openers.push(index);
      openCount[token.kind] += 1;
    }
  });
}

/**
 * Builds the nodes from matched tokens; markers of unmatched pairs become text, and so do pairs that
 * would nest deeper than MAX_DEPTH (with `depth` levels already used by the caller).
 */
function buildNodes(tokens: readonly Token[], depth: number, counter: ParseCounter): InlineNode[] {
  const root: InlineNode[] = [];
  const stack: InlineNode[][] = [root];
  // Closers of pairs kept as text because they nest too deep.
  const flattened = new Set<number>();
  const addText = (text: string) => {
    const into = stack.at(-1) as InlineNode[];
    const last = into.at(-1);
    if (last?.type === 'text') into[into.length - 1] = { type: 'text', text: last.text + text };
    else into.push({ type: 'text', text });
  };
  tokens.forEach((token, index) => {
    counter.steps += 1;
    if (token.t === 'text') {
      addText(token.text);
    } else if (token.t === 'node') {
      (stack.at(-1) as InlineNode[]).push(token.node);
    } else if (token.match === -1 || flattened.has(index)) {
      addText(token.text);
    } else if (token.match > index) {
      if (depth + stack.length - 1 >= MAX_DEPTH) {
        // Pairs nest properly, so every pair inside this one is flattened too.
        flattened.add(token.match);
        addText(token.text);
        return;
      }
      const children: InlineNode[] = [];
      (stack.at(-1) as InlineNode[]).push({
        type: token.kind === 'strong' ? 'strong' : 'em',
        children,
      });
      stack.push(children);
    } else {
      stack.pop();
    }
  });
  return root;
}

function parseInlineCounted(
  text: string,
  depth: number,
  inLink: boolean,
  counter: ParseCounter,
): InlineNode[] {
  const tokens = tokenize(text, depth, inLink, counter);
  matchEmphasis(tokens, counter);
  return buildNodes(tokens, depth, counter);
}

/** Parses inline markdown (one paragraph's or list item's text); linear in its length. */
export function parseInline(text: string, counter: ParseCounter = NO_COUNT): InlineNode[] {
  return parseInlineCounted(text, 0, false, counter);
}

/** The plain text of inline nodes (e.g. for a preview). */
export function inlineText(nodes: readonly InlineNode[]): string {
  return nodes
    .map((node) =>
      node.type === 'text' || node.type === 'code' ? node.text : inlineText(node.children),
    )
    .join('');
}
