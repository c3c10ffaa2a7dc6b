// "Create class": the class form in a dialog. On submit the dialog closes and the class shows at
// once in my classes as pending_created ("Setting up…"); it becomes ready when the server's class
// arrives, or goes away with the reason shown when the request is refused.
import { useId, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Class } from '@seminar/shared';
import type { OptimisticOutcome } from '../../live/optimistic';
import { NOT_CONNECTED_MESSAGE, useClassActions } from './classActions';
import { ClassFormFields, emptyClassForm, useClassForm } from './classForm';
import { DialogForm } from '../common/DialogForm';

export function CreateClassDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  /** Told the new class's id at once, and later the outcome. */
  onCreated?: (classId: string, outcome: Promise<OptimisticOutcome<Class>>) => void;
}) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useClassForm(emptyClassForm);
  const { create } = useClassActions();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = form.check();
    if (!value) return;
    const created = create(value);
    if (!created) {
      form.setErrors({ form: NOT_CONNECTED_MESSAGE });
      return;
    }
    form.reset(emptyClassForm());
    onClose();
    onCreated?.(created.classId, created.outcome);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <DialogForm onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Create class</DialogTitle>
        <DialogContent dividers>
          {form.errors.form && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {form.errors.form}
            </Alert>
          )}
          <ClassFormFields form={form} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Create
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
