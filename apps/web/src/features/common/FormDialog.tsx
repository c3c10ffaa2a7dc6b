// The one dialog with a form: a title (the dialog's accessible name), an optional error for the
// whole form above the fields, the fields, and actions (by default "Cancel" and the submit button).
// Full screen on phones; long content scrolls between the fixed title and actions.
import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What went wrong with the form as a whole (shown as an error above the fields). */
  error?: string | null | undefined;
  /** The submit button's name (default "Save"); ignored when `actions` is given. */
  submitLabel?: string;
  /** The submit button shows it is busy. */
  submitting?: boolean;
  /** Replaces the default actions ("Cancel" + submit). */
  actions?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  error,
  submitLabel = 'Save',
  submitting = false,
  actions,
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth={maxWidth}
      fullWidth
    >
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          {actions ?? (
            <>
              <Button onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={submitting}>
                {submitLabel}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
