// Docs: docs/channels.md#markdown — the safe markdown subset of chat messages (DESIGN §2
// "Messages"): **bold**, *italic* / _italic_, `inline code`, ``` fenced code blocks ```, bullet and
// numbered lists, [links](https://…) and bare https URLs. The linear parser (markdownParser.ts) turns
// the text into nodes and React builds the elements from them, so nothing the author types is ever
// read as HTML (no dangerouslySetInnerHTML anywhere): `<script>` stays the text "<script>". Only
// http, https and mailto links become links; anything else (javascript:, data:, relative) stays
// plain text. A body is parsed once per text (memo), not on every render of the list.
import { memo, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { MentionText } from './MentionText';
import { parseMarkdown, type BlockNode, type InlineNode } from './markdownParser';

export { inlineText, parseInline, parseMarkdown, safeHref } from './markdownParser';
export type { BlockNode, InlineNode } from './markdownParser';

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
        return <MentionText key={index} text={node.text} />;
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

function renderBlock(block: BlockNode, index: number): ReactNode {
  switch (block.type) {
    case 'codeBlock':
      return (
        <Box
          key={index}
          component="pre"
          data-language={block.language ?? undefined}
          // A wide block scrolls sideways (a bot's statistics table on a phone): focusable, so
          // keyboard users can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
          tabIndex={0}
          sx={{ ...codeSx, m: 0, my: 0.5, p: 1, overflowX: 'auto', whiteSpace: 'pre' }}
        >
          <code>{block.text}</code>
        </Box>
      );
    case 'list':
      return (
        <Box
          key={index}
          component={block.ordered ? 'ol' : 'ul'}
          start={
            block.ordered && block.start !== null && block.start !== 1 ? block.start : undefined
          }
          sx={{ m: 0, my: 0.25, pl: 3, overflowWrap: 'anywhere' }}
        >
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex} style={{ whiteSpace: 'pre-wrap' }}>
              {renderInline(item)}
            </li>
          ))}
        </Box>
      );
    case 'paragraph':
      return (
        <Box
          key={index}
          component="p"
          sx={{ m: 0, '& + &': { mt: 0.75 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {renderInline(block.children)}
        </Box>
      );
  }
}

/**
 * A message body rendered from the safe markdown subset (never as HTML). Memoized on the text: a
 * list that renders again does not parse its messages again.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <>{blocks.map(renderBlock)}</>;
});
