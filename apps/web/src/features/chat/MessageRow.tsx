// One row of the message list (MessageList.tsx): a message with the "New" divider, the day divider
// and the author header above it, if any. Memoized on what it shows, so a render of the list
// renders only new or changed rows; plain elements with the list's class names (chatStyles.ts)
// instead of MUI components whose `sx` would be resolved on every render of every row.
import { memo, useContext } from 'react';
import { isPseudonymKey, pseudonymAvatar, type Message } from '@seminar/shared';
import { initialsOf } from '../../auth/AccountMenu';
import {
  groupMessages,
  messageLabel,
  messageTarget,
  timeLabel,
  type MessageGroup,
} from './grouping';
import { MessageItem, sameMessage, sameStatus, type MessageStatus } from './MessageItem';
import { AgentAvatar, AgentBadge } from './AgentBadge';
import { AgentCardContext } from './agentCardContext';

/** An agent's name as a button that opens its card: drawn as the name, underlined. */
const AGENT_NAME_BUTTON = {
  background: 'none',
  border: 0,
  padding: 0,
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  textDecoration: 'underline dotted',
  textUnderlineOffset: 3,
} as const;
import { chatClass } from './chatStyles';

/** A message with its state on this client. */
export interface DisplayMessage {
  message: Message;
  status: MessageStatus;
}

/** One row of the list: a message, with the day divider and the author header it opens, if any. */
export interface Row {
  item: DisplayMessage;
  day: string | null;
  /** The day divider's accessible name (the full date). */
  dayName: string | null;
  group: MessageGroup<Message> | null;
  /** The author's name as the message's group shows it (also on follow-on messages). */
  authorName: string;
}

/** The rows of a channel's messages (in order): day dividers and author groups. */
export function rowsOf(items: readonly DisplayMessage[]): Row[] {
  const statusOf = new Map(items.map((item) => [item.message.id, item]));
  const rows: Row[] = [];
  let day: { label: string; name: string } | null = null;
  for (const entry of groupMessages(items.map((item) => item.message))) {
    if (entry.kind === 'day') {
      day = entry;
      continue;
    }
    entry.messages.forEach((message, index) => {
      const item = statusOf.get(message.id) ?? { message, status: { kind: 'sent' } };
      rows.push({
        item,
        day: day?.label ?? null,
        dayName: day?.name ?? null,
        group: index === 0 ? entry : null,
        authorName: entry.authorName,
      });
      day = null;
    });
  }
  return rows;
}

export interface MessageRowProps {
  row: Row;
  viewerUid: string;
  canModerate: boolean;
  /** The search result being shown. */
  focused: boolean;
  /** The first unread message: the "New" divider goes above it. */
  firstUnread: boolean;
  onEdit: (message: Message, body: string) => void;
  onDelete: (message: Message) => void;
  onReact: (message: Message, emoji: string, on: boolean) => void;
}

/** Whether two rows show the same: the message, its state, and the day and author header above it. */
function sameRow(a: MessageRowProps, b: MessageRowProps): boolean {
  const [ga, gb] = [a.row.group, b.row.group];
  return (
    sameMessage(a.row.item.message, b.row.item.message) &&
    sameStatus(a.row.item.status, b.row.item.status) &&
    a.row.item.message.ai?.product_title === b.row.item.message.ai?.product_title &&
    a.row.day === b.row.day &&
    a.row.dayName === b.row.dayName &&
    a.row.authorName === b.row.authorName &&
    (ga === gb ||
      (ga !== null &&
        gb !== null &&
        ga.authorName === gb.authorName &&
        ga.startedAt === gb.startedAt)) &&
    a.focused === b.focused &&
    a.firstUnread === b.firstUnread &&
    a.viewerUid === b.viewerUid &&
    a.canModerate === b.canModerate &&
    a.onEdit === b.onEdit &&
    a.onDelete === b.onDelete &&
    a.onReact === b.onReact
  );
}

/**
 * One row: the message, with the "New" divider, the day divider and the author header it opens,
 * if any. Rendered again only when it shows something new (`sameRow`).
 */
export const MessageRow = memo(function MessageRow({
  row,
  viewerUid,
  canModerate,
  focused,
  firstUnread,
  onEdit,
  onDelete,
  onReact,
}: MessageRowProps) {
  const { message, status } = row.item;
  const own = message.author_uid === viewerUid;
  const shownName = row.authorName || 'Someone';
  const body = (
    <MessageItem
      message={message}
      label={messageLabel(`${shownName}${message.ai ? ' (AI agent)' : ''}`, message.created_at)}
      target={messageTarget(shownName, message.created_at, own)}
      status={status}
      canEdit={own}
      canDelete={own || canModerate}
      onEdit={onEdit}
      onDelete={onDelete}
      onReact={onReact}
    />
  );
  const openAgent = useContext(AgentCardContext);
  const group = row.group;
  const author = group ? group.authorName || 'Someone' : '';
  const avatar =
    message.pseudonym !== undefined && isPseudonymKey(message.author_uid)
      ? pseudonymAvatar(message.pseudonym)
      : null;
  return (
    <div className={chatClass.row} data-focused={focused ? 'true' : undefined}>
      {firstUnread ? (
        <div
          role="separator"
          aria-label="New messages below"
          className={`${chatClass.divider} ${chatClass.dividerNew}`}
        >
          <span>New</span>
        </div>
      ) : null}
      {row.day !== null ? (
        <div role="separator" aria-label={row.dayName ?? row.day} className={chatClass.divider}>
          <span>{row.day}</span>
        </div>
      ) : null}
      {group ? (
        <section
          aria-label={`${author}${message.ai ? ' (AI agent)' : ''}, ${timeLabel(group.startedAt)}`}
          className={chatClass.group}
        >
          {message.ai ? (
            <AgentAvatar />
          ) : (
            <div
              aria-hidden
              className={chatClass.avatar}
              // A pseudonym's avatar is generated from its number alone (docs/activities.md#anonymity).
              style={
                avatar ? { backgroundColor: avatar.background, color: avatar.color } : undefined
              }
            >
              {avatar ? avatar.initials : initialsOf(group.authorName, '')}
            </div>
          )}
          <div className={chatClass.groupBody}>
            <div className={chatClass.groupHead}>
              {message.ai && openAgent ? (
                <button
                  type="button"
                  className={chatClass.author}
                  aria-haspopup="dialog"
                  aria-label={`${author}, AI agent: about it`}
                  onClick={() => openAgent(message.ai?.agent ?? author)}
                  style={AGENT_NAME_BUTTON}
                >
                  {author}
                </button>
              ) : (
                <span className={chatClass.author}>{author}</span>
              )}
              {message.ai ? <AgentBadge productTitle={message.ai.product_title} /> : null}
              <time className={chatClass.time} dateTime={new Date(group.startedAt).toISOString()}>
                {timeLabel(group.startedAt)}
              </time>
            </div>
            {body}
          </div>
        </section>
      ) : (
        <div className={chatClass.continued}>{body}</div>
      )}
    </div>
  );
}, sameRow);
