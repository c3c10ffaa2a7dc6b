// One message in the chat: its body (safe markdown), "edited", "sending…" until the server has it,
// "Not sent" with Retry when it failed, and the "Message actions" menu (edit and delete one's own;
// instructors and admins may delete any).
import { memo, useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { decodeMentions, MESSAGE_MAX_LENGTH, mentionsPerson, type Message } from '@seminar/shared';
import { visuallyHidden } from './a11y';
import { useChatPeople } from './ChatPeople';
import { canSend } from './Composer';
import { MessageAttachments } from './Attachments';
import { Markdown } from './markdown';
import { AddReactionButton, ReactionChips } from './Reactions';
import { AiGeneratedNote } from './AgentBadge';
import { AgentChart } from './AgentChart';

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
  status: MessageStatus;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (message: Message, body: string) => void;
  onDelete: (message: Message) => void;
  /** Adds (`on`) or removes the viewer's reaction. */
  onReact: (message: Message, emoji: string, on: boolean) => void;
}

/** Whether two statuses show the same (a failed one carries its own Retry, so only itself is). */
function sameStatus(a: MessageStatus, b: MessageStatus): boolean {
  if (a === b) return true;
  return a.kind === b.kind && a.kind !== 'failed' && a.kind !== 'changeFailed';
}

/** Whether a message shows the same: what the item reads of it. */
function sameMessage(a: Message, b: Message): boolean {
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
    before.canEdit === after.canEdit &&
    before.canDelete === after.canDelete &&
    before.onEdit === after.onEdit &&
    before.onDelete === after.onDelete &&
    before.onReact === after.onReact,
);

function MessageItemView({
  message,
  status,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  onReact,
}: MessageItemProps) {
  const { viewerUid, nameOf } = useChatPeople();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const titleId = useId();
  const settled = status.kind === 'sent' || status.kind === 'changeFailed';
  const hasActions = settled && !message.deleted && (canEdit || canDelete);
  const canReact = status.kind === 'sent' && !message.deleted;
  // A message of someone else that mentions the viewer (by name or @channel) stands out.
  const mentionsMe =
    !message.deleted && message.author_uid !== viewerUid && mentionsPerson(message.body, viewerUid);
  const toggleReaction = (emoji: string, on: boolean) => onReact(message, emoji, on);

  const saveEdit = () => {
    if (editing === null || !canSend(editing)) return;
    if (editing !== decodeMentions(message.body, nameOf)) onEdit(message, editing);
    setEditing(null);
  };
  const editKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(null);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      saveEdit();
    }
  };

  return (
    <Box
      data-message-id={message.id}
      data-mentions-me={mentionsMe ? 'true' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        borderRadius: 1,
        px: 0.5,
        ...(mentionsMe
          ? { borderLeft: 3, borderColor: 'warning.main', bgcolor: 'action.hover' }
          : {}),
        '&:hover, &:focus-within': { bgcolor: 'action.hover' },
        // With a mouse the actions button shows on hover or focus; touch screens always show it.
        '@media (hover: hover)': {
          '& .message-actions': { opacity: 0 },
          '&:hover .message-actions, &:focus-within .message-actions, & .message-actions[aria-expanded="true"]':
            { opacity: 1 },
        },
        opacity: status.kind === 'sending' || status.kind === 'waiting' ? 0.7 : 1,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {message.deleted ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
            Message deleted
          </Typography>
        ) : editing !== null ? (
          <Box sx={{ py: 0.5 }}>
            <TextField
              value={editing}
              onChange={(event) => setEditing(event.target.value)}
              onKeyDown={editKeys}
              multiline
              maxRows={8}
              size="small"
              fullWidth
              autoFocus
              error={editing.length > MESSAGE_MAX_LENGTH}
              slotProps={{ htmlInput: { 'aria-label': 'Edit message' } }}
            />
            <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
              <Button
                size="small"
                variant="contained"
                onClick={saveEdit}
                disabled={!canSend(editing)}
              >
                Save
              </Button>
              <Button size="small" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </Box>
          </Box>
        ) : (
          <Box sx={{ typography: 'body2', py: 0.25 }}>
            {mentionsMe ? <span style={visuallyHidden}>Mentions you: </span> : null}
            {message.body.trim() === '' ? null : <Markdown text={message.body} />}
            <MessageAttachments attachments={message.attachments} />
            {message.ai?.chart ? <AgentChart chart={message.ai.chart} /> : null}
          </Box>
        )}
        {message.ai && !message.deleted ? <AiGeneratedNote status={message.ai.status} /> : null}
        {!message.deleted ? (
          <ReactionChips reactions={message.reactions} onToggle={toggleReaction} />
        ) : null}
        {message.edited_at !== null && !message.deleted && editing === null ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            (edited)
          </Typography>
        ) : null}
        {status.kind === 'sending' || status.kind === 'waiting' ? (
          <Typography
            variant="caption"
            role="status"
            sx={{ color: 'text.secondary', display: 'block' }}
          >
            {status.kind === 'sending' ? 'Sending…' : 'Sending when the connection is back…'}
          </Typography>
        ) : null}
        {status.kind === 'failed' || status.kind === 'changeFailed' ? (
          <Box
            role="alert"
            sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}
          >
            <Typography variant="caption" sx={{ color: 'error.main' }}>
              {status.kind === 'failed' ? 'Not sent.' : 'Your change was not saved.'} {status.error}
            </Typography>
            <Button size="small" onClick={status.retry}>
              Retry
            </Button>
            <Button size="small" color="inherit" onClick={status.discard}>
              {status.kind === 'failed' ? 'Discard' : 'Dismiss'}
            </Button>
          </Box>
        ) : null}
      </Box>
      {canReact ? (
        <AddReactionButton
          className="message-actions"
          onPick={(emoji) =>
            toggleReaction(
              emoji,
              !message.reactions.some(
                (reaction) => reaction.emoji === emoji && reaction.uids.includes(viewerUid),
              ),
            )
          }
        />
      ) : null}
      {hasActions ? (
        <>
          <IconButton
            size="small"
            aria-label="Message actions"
            className="message-actions"
            aria-haspopup="menu"
            aria-expanded={menuAnchor ? 'true' : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            sx={{ mt: -0.25 }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
          >
            {canEdit ? (
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  setEditing(decodeMentions(message.body, nameOf));
                }}
              >
                Edit
              </MenuItem>
            ) : null}
            {canDelete ? (
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  setConfirmingDelete(true);
                }}
              >
                Delete
              </MenuItem>
            ) : null}
          </Menu>
        </>
      ) : null}
      <Dialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>Delete this message?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Everyone in the channel will see “Message deleted” instead.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingDelete(false)}>Cancel</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmingDelete(false);
              onDelete(message);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
