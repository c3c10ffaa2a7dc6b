// One message in the chat: its body (safe markdown), "edited", "sending…" until the server has it,
// "Not sent" with Retry when it failed, and the "Message actions" menu (edit and delete one's own;
// instructors and admins may delete any). Its chrome is plain elements with the list's class names
// (chatStyles.ts), and its menu, delete dialog and editor are built when first opened (rowMenus.tsx,
// a chunk of their own): a page of messages builds no MUI component per message unless it is being
// edited, failed, or has reactions or files.
import { memo, Suspense, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { decodeMentions, mentionsPerson, type Message } from '@seminar/shared';
import { visuallyHidden } from './a11y';
import { useChatPeople } from './ChatPeople';
import { canSend } from './Composer';
import { MessageAttachments } from './Attachments';
import { Markdown } from './markdown';
import { PollSlot } from '../classroom/ChannelPolls';
import { AddReactionButton, ReactionChips, RowIconButton } from './Reactions';
import { useChatReadOnly } from './readOnly';
import { AiGeneratedNote } from './AgentBadge';
import { AgentChart } from './AgentChart';
import { chatClass } from './chatStyles';
import { DeleteMessageDialog, MessageActionsMenu, MessageEditor } from './lazyRowMenus';
import { composerNear, keepFocusNear, messageControl } from '../../shell/focus';

const MORE_ICON =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

/** How its two buttons' names begin (the rest says which message: `target`). */
const REACTION_LABEL = 'Add reaction';
const ACTIONS_LABEL = 'Message actions';

/** What a message's state is on this client. */
export type MessageStatus =
  | { kind: 'sent' }
  | { kind: 'sending' }
  /** Not sent yet: the connection was lost; it goes again by itself when it is back. */
  | { kind: 'waiting' }
  /** A new message the server refused or never got. */
  | { kind: 'failed'; error: string; retry: () => void; discard: () => void }
  /** An edit or delete of a sent message that did not go through. */
  | { kind: 'changeFailed'; error: string; retry: () => void; discard: () => void };

export interface MessageItemProps {
  message: Message;
  /** Its accessible name: who wrote it and when ("Marie Curie, 10:42 AM"), grouping.ts. */
  label: string;
  /** What its actions' names say they act on ("Marie Curie's message at 10:42 AM"). */
  target: string;
  status: MessageStatus;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (message: Message, body: string) => void;
  onDelete: (message: Message) => void;
  /** Adds (`on`) or removes the viewer's reaction. */
  onReact: (message: Message, emoji: string, on: boolean) => void;
}

/** Whether two statuses show the same (a failed one carries its own Retry, so only itself is). */
export function sameStatus(a: MessageStatus, b: MessageStatus): boolean {
  if (a === b) return true;
  return a.kind === b.kind && a.kind !== 'failed' && a.kind !== 'changeFailed';
}

/** Whether a message shows the same: what the item reads of it. */
export function sameMessage(a: Message, b: Message): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.version === b.version &&
      a.body === b.body &&
      a.deleted === b.deleted &&
      a.edited_at === b.edited_at &&
      a.reactions === b.reactions &&
      a.attachments === b.attachments &&
      a.ai?.status === b.ai?.status)
  );
}

/**
 * One message, rendered again only when it shows something new (its id, version, text, state or
 * rights): a list that renders for a new message does not render, or parse, the others.
 */
export const MessageItem = memo(
  MessageItemView,
  (before, after) =>
    sameMessage(before.message, after.message) &&
    sameStatus(before.status, after.status) &&
    before.label === after.label &&
    before.target === after.target &&
    before.canEdit === after.canEdit &&
    before.canDelete === after.canDelete &&
    before.onEdit === after.onEdit &&
    before.onDelete === after.onDelete &&
    before.onReact === after.onReact,
);

function MessageItemView({
  message,
  label,
  target,
  status,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  onReact,
}: MessageItemProps) {
  const { viewerUid, nameOf } = useChatPeople();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // The menu and the dialog exist once first opened (then they stay, for their closing animation).
  const [menuBuilt, setMenuBuilt] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [dialogBuilt, setDialogBuilt] = useState(false);
  const settled = status.kind === 'sent' || status.kind === 'changeFailed';
  // An archived class is read-only (docs/classes.md#archive): no reacting, editing or deleting.
  const readOnly = useChatReadOnly();
  const hasActions = settled && !message.deleted && (canEdit || canDelete) && !readOnly;
  const canReact = status.kind === 'sent' && !message.deleted && !readOnly;
  // A message of someone else that mentions the viewer (by name or @channel) stands out.
  const mentionsMe =
    !message.deleted && message.author_uid !== viewerUid && mentionsPerson(message.body, viewerUid);
  const toggleReaction = (emoji: string, on: boolean) => onReact(message, emoji, on);

  // Focus stays with the message when its editor closes (docs/accessibility.md#focus-rules): on its
  // "Message actions", where the edit began.
  const row = useRef<HTMLDivElement>(null);
  const mainId = useId();
  const closeEditor = () => {
    setEditing(null);
    keepFocusNear(() => messageControl(message.id, ACTIONS_LABEL));
  };

  const saveEdit = () => {
    if (editing === null || !canSend(editing)) return;
    if (editing !== decodeMentions(message.body, nameOf)) onEdit(message, editing);
    closeEditor();
  };
  const messageBody = (
    <div className={chatClass.body}>
      {mentionsMe ? <span style={visuallyHidden}>Mentions you: </span> : null}
      {/* A message that carries a poll shows the poll (docs/polls.md). */}
      <PollSlot
        messageId={message.id}
        fallback={message.body.trim() === '' ? null : <Markdown text={message.body} />}
      />
      <MessageAttachments attachments={message.attachments} />
      {message.ai?.chart ? <AgentChart chart={message.ai.chart} /> : null}
    </div>
  );

  return (
    // Mentions of the viewer stand out, and the actions show on hover or focus with a mouse (always on
    // touch screens): chatStyles.ts. An article named by its author and time, described by its
    // text; focusable by the list's roving focus only (MessageList.tsx, docs/accessibility.md).
    <div
      ref={row}
      role="article"
      aria-label={label}
      aria-describedby={mainId}
      tabIndex={-1}
      className={chatClass.message}
      data-message-id={message.id}
      data-mentions-me={mentionsMe ? 'true' : undefined}
      data-pending={status.kind === 'sending' || status.kind === 'waiting' ? 'true' : undefined}
    >
      <div id={mainId} className={chatClass.messageMain}>
        {message.deleted ? (
          <p className={chatClass.deleted}>Message deleted</p>
        ) : editing !== null ? (
          // Until the editor's chunk is there, the text as it was.
          <Suspense fallback={messageBody}>
            <MessageEditor
              text={editing}
              onChange={setEditing}
              onSave={saveEdit}
              onCancel={closeEditor}
            />
          </Suspense>
        ) : (
          messageBody
        )}
        {message.ai && !message.deleted ? (
          <AiGeneratedNote status={message.ai.status} agent={message.ai.agent} />
        ) : null}
        {!message.deleted ? (
          <ReactionChips
            reactions={message.reactions}
            onToggle={readOnly ? undefined : toggleReaction}
          />
        ) : null}
        {message.edited_at !== null && !message.deleted && editing === null ? (
          <span className={chatClass.caption}>(edited)</span>
        ) : null}
        {status.kind === 'sending' || status.kind === 'waiting' ? (
          <span role="status" className={`${chatClass.caption} ${chatClass.captionBlock}`}>
            {status.kind === 'sending' ? 'Sending…' : 'Sending when the connection is back…'}
          </span>
        ) : null}
        {status.kind === 'failed' || status.kind === 'changeFailed' ? (
          <Box
            role="alert"
            sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}
          >
            <Box component="span" sx={{ typography: 'caption', color: 'error.main' }}>
              {status.kind === 'failed' ? 'Not sent.' : 'Your change was not saved.'} {status.error}
            </Box>
            <Button size="small" onClick={status.retry}>
              Retry
            </Button>
            <Button size="small" color="inherit" onClick={status.discard}>
              {status.kind === 'failed' ? 'Discard' : 'Dismiss'}
            </Button>
          </Box>
        ) : null}
      </div>
      {canReact ? (
        <AddReactionButton
          label={`${REACTION_LABEL} to ${target}`}
          className="message-actions"
          onPick={(emoji) => {
            // The message is drawn again with its reaction: focus stays on its "Add reaction".
            keepFocusNear(() => messageControl(message.id, REACTION_LABEL));
            toggleReaction(
              emoji,
              !message.reactions.some(
                (reaction) => reaction.emoji === emoji && reaction.uids.includes(viewerUid),
              ),
            );
          }}
        />
      ) : null}
      {hasActions ? (
        <>
          <RowIconButton
            label={`${ACTIONS_LABEL} for ${target}`}
            iconPath={MORE_ICON}
            className="message-actions"
            expanded={menuAnchor !== null}
            onOpen={(button) => {
              setMenuBuilt(true);
              setMenuAnchor(button);
            }}
          />
          {menuBuilt ? (
            <Suspense fallback={null}>
              <MessageActionsMenu
                anchor={menuAnchor}
                onClose={() => setMenuAnchor(null)}
                message={message}
                onEdit={canEdit ? () => setEditing(decodeMentions(message.body, nameOf)) : null}
                onDelete={
                  canDelete
                    ? () => {
                        setDialogBuilt(true);
                        setConfirmingDelete(true);
                      }
                    : null
                }
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
      {dialogBuilt ? (
        <Suspense fallback={null}>
          <DeleteMessageDialog
            open={confirmingDelete}
            onClose={() => setConfirmingDelete(false)}
            onConfirm={() => {
              onDelete(message);
              // The message loses its actions: on to the composer, the next natural place, once
              // the dialog has closed.
              keepFocusNear(() => composerNear(row.current));
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
