// A message row's menus, its delete dialog and its editor: loaded with the first one opened, or once
// the page is idle (lazyRowMenus.ts), so MUI's Menu, Popover, Modal, Dialog and TextField are not in
// the chat page's first load. Docs: docs/channels.md#reactions
import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COMMON_REACTIONS, MESSAGE_MAX_LENGTH, type Message } from '@seminar/shared';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { canSend } from './Composer';
import { PinMenuItem } from './PinMenuItem';

/** The picker's emoji with the words a screen reader says for each. */
const EMOJI_NAMES: Record<(typeof COMMON_REACTIONS)[number], string> = {
  '👍': 'thumbs up',
  '❤️': 'heart',
  '😂': 'laughing',
  '🎉': 'party',
  '😮': 'surprised',
  '🙏': 'thank you',
  '👀': 'eyes',
  '✅': 'done',
};

/** The "Add reaction" picker: a menu of common emoji (arrow keys, Enter, Escape). */
export function ReactionPicker({
  anchor,
  onClose,
  onPick,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onPick: (emoji: string) => void;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{
        list: {
          'aria-label': 'Reactions',
          sx: { display: 'flex', flexWrap: 'wrap', maxWidth: 216, p: 0.5 },
        },
      }}
    >
      {COMMON_REACTIONS.map((emoji) => (
        <MenuItem
          key={emoji}
          aria-label={`${emoji} ${EMOJI_NAMES[emoji]}`}
          onClick={() => {
            onClose();
            onPick(emoji);
          }}
          sx={{ minWidth: 0, px: 1, fontSize: '1.25rem', justifyContent: 'center' }}
        >
          {emoji}
        </MenuItem>
      ))}
    </Menu>
  );
}

/**
 * A message's "Message actions" menu: Edit and Delete, as the viewer may, and Pin or Unpin for
 * instructors and class admins (docs/activities.md#case-brief-and-pins).
 */
export function MessageActionsMenu({
  anchor,
  onClose,
  onEdit,
  onDelete,
  message,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
  message?: Message;
}) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {message ? <PinMenuItem message={message} onClose={onClose} /> : null}
      {onEdit ? (
        <MenuItem
          onClick={() => {
            onClose();
            onEdit();
          }}
        >
          Edit
        </MenuItem>
      ) : null}
      {onDelete ? (
        <MenuItem
          onClick={() => {
            onClose();
            onDelete();
          }}
        >
          Delete
        </MenuItem>
      ) : null}
    </Menu>
  );
}

/** "Delete this message?" (the app's confirmation dialog). */
export function DeleteMessageDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Delete this message?"
      confirmLabel="Delete"
      // The button that opened it goes with the message's actions: the caller moves focus.
      disableRestoreFocus
      onClose={onClose}
      onConfirm={() => {
        onClose();
        onConfirm();
      }}
    >
      Everyone in the channel will see “Message deleted” instead.
    </ConfirmDialog>
  );
}

/** A message's text in place, being edited: Enter saves, Shift+Enter is a new line, Escape cancels. */
export function MessageEditor({
  text,
  onChange,
  onSave,
  onCancel,
}: {
  text: string;
  onChange: (text: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSave();
    }
  };
  return (
    <Box sx={{ py: 0.5 }}>
      <TextField
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={keys}
        multiline
        maxRows={8}
        size="small"
        fullWidth
        autoFocus
        error={text.length > MESSAGE_MAX_LENGTH}
        slotProps={{ htmlInput: { 'aria-label': 'Edit message' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
        <Button size="small" variant="contained" onClick={onSave} disabled={!canSend(text)}>
          Save
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
