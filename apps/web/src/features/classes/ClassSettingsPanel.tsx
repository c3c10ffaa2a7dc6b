// Class settings (instructors and class admins): every class field, saved with "Save"; and, for
// instructors only (`can(role, 'class.delete')`), "Delete class" behind a confirmation — the class
// shows pending_deleted at once, then leaves.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { can, type Class } from '@seminar/shared';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routes/paths';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useClassActions } from '../../data/classes';
import { ClassFormFields, classFormFrom, useClassForm, type ClassFormValues } from './classForm';

const sameValues = (a: ClassFormValues, b: ClassFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);

export function ClassSettingsPanel({ cls }: { cls: Class }) {
  const titleId = useId();
  const form = useClassForm(() => classFormFrom(cls));
  const { update, remove } = useClassActions();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // Someone else's edit shows here unless this form has unsaved changes.
  const baseline = useRef(classFormFrom(cls));
  const { values, reset } = form;
  useEffect(() => {
    const next = classFormFrom(cls);
    if (sameValues(next, baseline.current)) return;
    if (sameValues(values, baseline.current)) reset(next);
    baseline.current = next;
  }, [cls, values, reset]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const value = form.check();
    if (!value) return;
    setSaving(true);
    const outcome = await update(cls, value);
    setSaving(false);
    if (outcome.ok) {
      baseline.current = classFormFrom(outcome.result);
      reset(baseline.current);
      setSaved(true);
    } else {
      form.setErrors({ form: outcome.message });
    }
  };

  const onDelete = () => {
    setConfirming(false);
    void remove(cls);
    void navigate(PATHS.home);
  };

  return (
    <Stack spacing={3}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <Stack spacing={2}>
          <Typography id={titleId} component="h2" variant="h6">
            Class settings
          </Typography>
          {form.errors.form && <Alert severity="error">{form.errors.form}</Alert>}
          <ClassFormFields form={form} disabled={saving} />
          <Box>
            <Button type="submit" variant="contained" loading={saving}>
              Save
            </Button>
          </Box>
        </Stack>
      </Box>
      {can(cls.my_role, 'class.delete') && (
        <>
          <Divider />
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography component="h2" variant="h6">
              Delete this class
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              Deleting removes the class, its activities, channels and people list for everyone.
            </Typography>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirming(true)}
            >
              Delete class
            </Button>
          </Stack>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete class?"
        confirmLabel="Delete"
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      >
        “{cls.name}” will be deleted for everyone in it, with its activities and chat. This
        can&apos;t be undone.
      </ConfirmDialog>
      <Snackbar
        open={saved}
        autoHideDuration={4000}
        onClose={() => setSaved(false)}
        message="Class settings saved"
      />
    </Stack>
  );
}
