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
import { MESSAGE_MAX_LENGTH, type Message } from '@seminar/shared';
import { canSend } from './Composer';
import { Markdown } from './markdown';
import { AiGeneratedNote } from './AgentBadge';

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
    before.onDelete === after.onDelete,
);

function MessageItemView({
  message,
  status,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: MessageItemProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const titleId = useId();
  const settled = status.kind === 'sent' || status.kind === 'changeFailed';
  const hasActions = settled && !message.deleted && (canEdit || canDelete);

  const saveEdit = () => {
    if (editing === null || !canSend(editing)) return;
    if (editing !== message.body) onEdit(message, editing);
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
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        borderRadius: 1,
        px: 0.5,
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
            <Markdown text={message.body} />
          </Box>
        )}
        {message.ai && !message.deleted ? <AiGeneratedNote status={message.ai.status} /> : null}
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
                  setEditing(message.body);
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
