// A confirmation dialog for destructive actions: a title (the dialog's name), what will happen, and
// "Cancel" plus the confirm button (focused first is Cancel, so Enter does not destroy by accident).
import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  disableRestoreFocus = false,
}: {
  open: boolean;
  title: string;
  /** What confirming does, in plain words. */
  children: ReactNode;
  /** The confirm button's name, e.g. "Delete". */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  /** Leave focus where the caller puts it on close (the opener may be gone by then). */
  disableRestoreFocus?: boolean;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      disableRestoreFocus={disableRestoreFocus}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
