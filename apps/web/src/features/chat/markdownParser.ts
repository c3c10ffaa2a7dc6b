// Docs: docs/channels.md#markdown — the safe markdown subset of chat messages, parsed in time linear
// in the message length (a message of 8,192 characters of hostile markers costs what plain text
// does). Blocks: ``` fenced code ```, bullet (- * +) and numbered (1. or 1)) lists, paragraphs split
// by blank lines (a single newline is a line break); the text of paragraphs and list items is parsed
// by markdownInline.ts. The output is plain data that React renders as elements: never HTML.
import { NO_COUNT, parseInline, type InlineNode, type ParseCounter } from './markdownInline';

export { inlineText, parseInline, safeHref } from './markdownInline';
export type { InlineNode, ParseCounter } from './markdownInline';

export type BlockNode =
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'codeBlock'; text: string; language: string | null }
  | { type: 'list'; ordered: boolean; start: number | null; items: InlineNode[][] };

/** A fence's info string (its language). Every pattern here has one way to match (no backtracking). */
const FENCE_INFO = /^[\w+#.-]{0,30}$/;
const BULLET = /^ {0,3}[-*+][ \t](.*)$/s;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t](.*)$/s;

/** The language of a ``` fence line ('' when it names none), or null when `line` is no fence. */
function fenceInfo(line: string): string | null {
  const indent = line.length - line.trimStart().length;
  const body = line.trim();
  if (indent > 3 || !body.startsWith('```')) return null;
  const info = body.slice(3).trim();
  return FENCE_INFO.test(info) ? info : null;
}

interface ListDraft {
  ordered: boolean;
  start: number | null;
  /** Each item's lines. */
  items: string[][];
}

/** Parses a message into blocks (see the file header); linear in its length. */
export function parseMarkdown(text: string, counter: ParseCounter = NO_COUNT): BlockNode[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  counter.steps += text.length;
  const blocks: BlockNode[] = [];
  let paragraph: string[] = [];
  // The list being read (closures below change it, so it is held in an object TS does not narrow).
  const open: { list: ListDraft | null } = { list: null };

  const flushParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n'), counter) });
    }
    paragraph = [];
  };
  const flushList = () => {
    const list = open.list;
    if (list) {
      blocks.push({
        type: 'list',
        ordered: list.ordered,
        start: list.start,
        items: list.items.map((item) => parseInline(item.join('\n'), counter)),
      });
    }
    open.list = null;
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    counter.steps += line.length + 1;
    const language = fenceInfo(line);
    if (language !== null) {
      flushParagraph();
      flushList();
      const code: string[] = [];
      i += 1;
      while (i < lines.length && fenceInfo(lines[i] as string) !== '') {
        counter.steps += (lines[i] as string).length + 1;
        code.push(lines[i] as string);
        i += 1;
      }
      // Past the closing fence (an unclosed block runs to the end of the message).
      i += 1;
      blocks.push({ type: 'codeBlock', text: code.join('\n'), language: language || null });
      continue;
    }
    i += 1;
    if (line.trim() === '') {
      // A blank line ends a paragraph or a list.
      flushParagraph();
      flushList();
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = ordered !== null;
      if (!open.list || open.list.ordered !== isOrdered) {
        flushParagraph();
        flushList();
        open.list = { ordered: isOrdered, start: ordered ? Number(ordered[1]) : null, items: [] };
      }
      const content = (bullet ? bullet[1] : ordered?.[2]) ?? '';
      open.list.items.push([content.trim()]);
      continue;
    }
    // A line indented two spaces or more continues the list item above it.
    if (open.list && (line.startsWith('  ') || line.startsWith('\t'))) {
      open.list.items.at(-1)?.push(line.trim());
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return blocks;
}
