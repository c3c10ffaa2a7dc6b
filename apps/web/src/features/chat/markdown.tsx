// Docs: docs/channels.md#markdown — the safe markdown subset of chat messages (DESIGN §2
// "Messages"): **bold**, *italic* / _italic_, `inline code`, ``` fenced code blocks ```, bullet and
// numbered lists, [links](https://…) and bare https URLs. The linear parser (markdownParser.ts) turns
// the text into nodes and React builds the elements from them, so nothing the author types is ever
// read as HTML (no dangerouslySetInnerHTML anywhere): `<script>` stays the text "<script>". Only
// http, https and mailto links become links; anything else (javascript:, data:, relative) stays
// plain text. A body is parsed once per text (memo), not on every render of the list.
import { memo, useMemo, type ReactNode } from 'react';
import { chatClass } from './chatStyles';
import { MentionText } from './MentionText';
import { parseMarkdown, type BlockNode, type InlineNode } from './markdownParser';

export { inlineText, parseInline, parseMarkdown, safeHref } from './markdownParser';
export type { BlockNode, InlineNode } from './markdownParser';

// Plain elements with the list's class names (chatStyles.ts): a page of messages builds no MUI
// component and resolves no `sx` per paragraph, code span or link.

function renderInline(nodes: readonly InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <MentionText key={index} text={node.text} />;
      case 'code':
        return (
          <code key={index} className={chatClass.code}>
            {node.text}
          </code>
        );
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <a
            key={index}
            className={chatClass.link}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

function renderBlock(block: BlockNode, index: number): ReactNode {
  switch (block.type) {
    case 'codeBlock':
      return (
        <pre
          key={index}
          className={chatClass.codeBlock}
          data-language={block.language ?? undefined}
          // A wide block scrolls sideways (a bot's statistics table on a phone): focusable, so
          // keyboard users can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
          tabIndex={0}
        >
          <code>{block.text}</code>
        </pre>
      );
    case 'list': {
      const ListTag = block.ordered ? 'ol' : 'ul';
      return (
        <ListTag
          key={index}
          className={chatClass.list}
          start={
            block.ordered && block.start !== null && block.start !== 1 ? block.start : undefined
          }
        >
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>{renderInline(item)}</li>
          ))}
        </ListTag>
      );
    }
    case 'paragraph':
      return (
        <p key={index} className={chatClass.paragraph}>
          {renderInline(block.children)}
        </p>
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
