// Docs: docs/channels.md#notifications — what a browser notification says: who wrote, where, and a
// short plain-text excerpt of the message (markdown stripped by the chat's own linear parser,
// mentions shown as the people's current names, whitespace folded, cut at a word).
import {
  displayName,
  mentionsPerson,
  splitMentions,
  type MentionStepCounter,
  type Message,
} from '@seminar/shared';
import { inlineText, parseMarkdown, type BlockNode } from './markdownParser';

/** An excerpt is at most this many characters (an ellipsis included). */
export const EXCERPT_MAX_LENGTH = 120;

function blockText(block: BlockNode): string {
  if (block.type === 'codeBlock') return block.text;
  if (block.type === 'paragraph') return inlineText(block.children);
  return block.items.map((item) => inlineText(item)).join(' · ');
}

/**
 * `body` as one line of plain text of at most `max` characters: markdown markers dropped (link
 * text kept, code as its text), `<@uid>` as `@Name` (`@someone` when unknown), runs of whitespace as
 * one space, and a cut at the last word boundary before the limit, marked with "…".
 */
export function messageExcerpt(
  body: string,
  nameOf: (uid: string) => string | undefined,
  max = EXCERPT_MAX_LENGTH,
  // The parse's and the mention pass's steps (tests: they grow linearly with the body).
  counter?: MentionStepCounter,
): string {
  const plain = parseMarkdown(body, counter).map(blockText).join(' ');
  const named = splitMentions(plain, counter)
    .map((part) =>
      part.kind === 'text'
        ? part.text
        : part.kind === 'channel'
          ? '@channel'
          : `@${nameOf(part.uid) ?? 'someone'}`,
    )
    .join('');
  return fitLine(named, max);
}

/** `text` on one line (whitespace folded) of at most `max` characters, cut at a word with "…". */
export function fitLine(text: string, max = EXCERPT_MAX_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const room = line.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  // Cut at a word when one ends in the last third; a single long word is cut where it is.
  const cut = space > (max * 2) / 3 ? room.slice(0, space) : room;
  return `${cut.trimEnd()}…`;
}

/** What a notification says (title and body). */
export interface NotificationText {
  title: string;
  body: string;
}

/**
 * The newest message worth telling of, among `messages` (new ones of the channel): for a mention
 * the newest that mentions the viewer, else the newest; never the viewer's own nor a deleted one.
 */
export function messageToTell(
  messages: readonly Message[],
  viewerUid: string,
  mentioned: boolean,
): Message | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as Message;
    if (message.deleted || message.author_uid === viewerUid) continue;
    if (mentioned && !mentionsPerson(message.body, viewerUid)) continue;
    return message;
  }
  return null;
}

/**
 * The notification for `message` in `channelName`: "Ada Lovelace mentioned you in general" or
 * "Ada Lovelace in general", and the excerpt (or "Sent a file: notes.pdf" for a message of files).
 */
export function notificationText(
  message: Message,
  channelName: string,
  mentioned: boolean,
  nameOf: (uid: string) => string | undefined,
): NotificationText {
  const author = nameOf(message.author_uid) ?? (displayName(message.author_name) || 'Someone');
  const excerpt = messageExcerpt(message.body, nameOf);
  const files = message.attachments.map((file) => file.name).join(', ');
  return {
    title: mentioned ? `${author} mentioned you in ${channelName}` : `${author} in ${channelName}`,
    body:
      excerpt ||
      (files
        ? fitLine(`Sent ${message.attachments.length > 1 ? 'files' : 'a file'}: ${files}`)
        : ''),
  };
}
