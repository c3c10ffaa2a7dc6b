// The safe markdown subset of chat messages (DESIGN §2 "Messages"): **bold**, *italic* / _italic_,
// `inline code`, ``` fenced code blocks ```, [links](https://…) and bare https URLs. A small parser
// turns the text into nodes and React builds the elements from them, so nothing the author types is
// ever read as HTML (no dangerouslySetInnerHTML anywhere): `<script>` stays the text "<script>".
// Only http, https and mailto links become links; anything else (javascript:, data:, relative) stays
// plain text.
import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'em'; children: InlineNode[] }
  | { type: 'link'; href: string; children: InlineNode[] };

export type BlockNode =
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'codeBlock'; text: string; language: string | null };

/** How deep bold and italics may nest (deeper markers stay text). */
const MAX_DEPTH = 4;
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const WORD_CHAR = /[\p{L}\p{N}]/u;
const BARE_URL = /^https?:\/\/[^\s<>"'`]+/i;
const FENCE = /^ {0,3}```\s*([\w+#.-]{0,30})\s*$/;
const FENCE_END = /^ {0,3}```\s*$/;

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

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch);

/** Where the `marker` closing an emphasis opened at `from` is, or -1. */
function findClosing(text: string, marker: '*' | '_' | '**', from: number): number {
  let at = text.indexOf(marker, from);
  while (at !== -1) {
    const before = text[at - 1];
    const after = text[at + marker.length];
    const closes =
      at > from &&
      !isSpace(before) &&
      (marker !== '_' || !isWordChar(after)) &&
      // A single * next to another * belongs to a ** marker.
      (marker !== '*' || (after !== '*' && before !== '*'));
    if (closes) return at;
    at = text.indexOf(marker, at + 1);
  }
  return -1;
}

/** Trailing punctuation is not part of a bare URL ("see https://x.org."), nor an unmatched ")". */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last !== undefined && /[.,;:!?'"]/.test(last)) {
      end -= 1;
      continue;
    }
    if (last === ')') {
      const body = url.slice(0, end);
      const opens = body.split('(').length - 1;
      const closes = body.split(')').length - 1;
      if (closes > opens) {
        end -= 1;
        continue;
      }
    }
    return url.slice(0, end);
  }
}

/** Parses inline markdown (one paragraph's text). */
export function parseInline(text: string, depth = 0, inLink = false): InlineNode[] {
  const nodes: InlineNode[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer !== '') nodes.push({ type: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const next = text[i + 1];

    if (ch === '\\' && next !== undefined && /[\\`*_[\]()]/.test(next)) {
      buffer += next;
      i += 2;
      continue;
    }

    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        nodes.push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }

    if (depth < MAX_DEPTH && ch === '*' && next === '*' && !isSpace(text[i + 2])) {
      const end = findClosing(text, '**', i + 2);
      if (end !== -1) {
        flush();
        nodes.push({
          type: 'strong',
          children: parseInline(text.slice(i + 2, end), depth + 1, inLink),
        });
        i = end + 2;
        continue;
      }
    }

    if (
      depth < MAX_DEPTH &&
      (ch === '*' || ch === '_') &&
      !isSpace(next) &&
      next !== ch &&
      (ch === '*' || !isWordChar(text[i - 1]))
    ) {
      const end = findClosing(text, ch, i + 1);
      if (end !== -1) {
        flush();
        nodes.push({
          type: 'em',
          children: parseInline(text.slice(i + 1, end), depth + 1, inLink),
        });
        i = end + 1;
        continue;
      }
    }

    if (ch === '[' && !inLink) {
      const close = text.indexOf('](', i + 1);
      const paren = close === -1 ? -1 : text.indexOf(')', close + 2);
      if (close > i + 1 && paren !== -1 && !text.slice(i + 1, close).includes('\n')) {
        const href = safeHref(text.slice(close + 2, paren));
        if (href !== null) {
          flush();
          nodes.push({
            type: 'link',
            href,
            children: parseInline(text.slice(i + 1, close), depth + 1, true),
          });
          i = paren + 1;
          continue;
        }
      }
    }

    if (!inLink && (ch === 'h' || ch === 'H') && !isWordChar(text[i - 1])) {
      const match = BARE_URL.exec(text.slice(i, i + 2048));
      if (match) {
        const url = trimUrl(match[0]);
        const href = safeHref(url);
        if (href !== null) {
          flush();
          nodes.push({ type: 'link', href, children: [{ type: 'text', text: url }] });
          i += url.length;
          continue;
        }
      }
    }

    buffer += ch;
    i += 1;
  }
  flush();
  return nodes;
}

/** Parses a message: fenced code blocks, and paragraphs of inline markdown between them. */
export function parseMarkdown(text: string): BlockNode[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: BlockNode[] = [];
  let paragraph: string[] = [];
  const flushParagraph = () => {
    // Blank lines around a code block are spacing, not content.
    while (paragraph.length > 0 && paragraph[0]?.trim() === '') paragraph.shift();
    while (paragraph.length > 0 && paragraph.at(-1)?.trim() === '') paragraph.pop();
    if (paragraph.length > 0) {
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    }
    paragraph = [];
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const fence = FENCE.exec(line);
    if (!fence) {
      paragraph.push(line);
      i += 1;
      continue;
    }
    flushParagraph();
    const code: string[] = [];
    i += 1;
    while (i < lines.length && !FENCE_END.test(lines[i] as string)) {
      code.push(lines[i] as string);
      i += 1;
    }
    // Past the closing fence (an unclosed block runs to the end of the message).
    i += 1;
    blocks.push({ type: 'codeBlock', text: code.join('\n'), language: fence[1] || null });
  }
  flushParagraph();
  return blocks;
}

/** The plain text of inline nodes (e.g. for a preview). */
export function inlineText(nodes: readonly InlineNode[]): string {
  return nodes
    .map((node) =>
      node.type === 'text' || node.type === 'code' ? node.text : inlineText(node.children),
    )
    .join('');
}

const codeSx = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.875em',
  bgcolor: 'action.hover',
  borderRadius: 0.5,
} as const;

function renderInline(nodes: readonly InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'code':
        return (
          <Box key={index} component="code" sx={{ ...codeSx, px: 0.5, py: 0.125 }}>
            {node.text}
          </Box>
        );
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <Link
            key={index}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ wordBreak: 'break-all' }}
          >
            {renderInline(node.children)}
          </Link>
        );
    }
  });
}

/** A message body rendered from the safe markdown subset (never as HTML). */
export function Markdown({ text }: { text: string }) {
  const blocks = parseMarkdown(text);
  return (
    <>
      {blocks.map((block, index) =>
        block.type === 'codeBlock' ? (
          <Box
            key={index}
            component="pre"
            data-language={block.language ?? undefined}
            sx={{ ...codeSx, m: 0, my: 0.5, p: 1, overflowX: 'auto', whiteSpace: 'pre' }}
          >
            <code>{block.text}</code>
          </Box>
        ) : (
          <Box
            key={index}
            component="p"
            sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {renderInline(block.children)}
          </Box>
        ),
      )}
    </>
  );
}
