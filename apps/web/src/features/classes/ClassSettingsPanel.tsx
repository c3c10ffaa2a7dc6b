// Class settings (instructors and class admins): every class field, saved with "Save"; the class's
// record — "Export class" (a zip download) and "Archive class" behind a confirmation, or
// "Unarchive class" (docs/classes.md#archive); and, for instructors only
// (`can(role, 'class.delete')`), "Delete class" behind a confirmation — the class shows
// pending_deleted at once, then leaves.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { can, type Class } from '@seminar/shared';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routes/paths';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { classExportUrl, useClassActions } from '../../data/classes';
import { ClassFormFields, classFormFrom, useClassForm, type ClassFormValues } from './classForm';

const sameValues = (a: ClassFormValues, b: ClassFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);

export function ClassSettingsPanel({ cls }: { cls: Class }) {
  const titleId = useId();
  const form = useClassForm(() => classFormFrom(cls));
  const { update, remove, setArchived } = useClassActions();
  const [archiving, setArchiving] = useState(false);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const archived = cls.archived_at !== null;
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

  const onArchive = async (next: boolean) => {
    setArchiving(false);
    setArchiveError(null);
    const outcome = await setArchived(cls, next);
    if (!outcome.ok) setArchiveError(outcome.message);
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
          {archived && (
            <Alert severity="info">
              This class is archived, so its settings cannot be changed. Unarchive it below to
              change them.
            </Alert>
          )}
          <ClassFormFields form={form} disabled={saving || archived} />
          <Box>
            <Button type="submit" variant="contained" loading={saving} disabled={archived}>
              Save
            </Button>
          </Box>
        </Stack>
      </Box>
      {can(cls.my_role, 'class.export') && (
        <>
          <Divider />
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography component="h2" variant="h6">
              The class&apos;s record
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              Download everything in the class — people, activities, channels with every message,
              reactions, polls, pins, agent answers and files — as one zip file.
            </Typography>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              component="a"
              href={classExportUrl(cls.class_id)}
              download
            >
              Export class
            </Button>
          </Stack>
        </>
      )}
      {can(cls.my_role, 'class.archive') && (
        <>
          <Divider />
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography component="h2" variant="h6">
              {archived ? 'Unarchive this class' : 'Archive this class'}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {archived
                ? 'Unarchiving opens the class again: people can post, react and vote, and it goes back to My classes.'
                : 'At the end of term, archive the class: it becomes read-only for everyone but can still be read and searched, and it moves from My classes to Archived.'}
            </Typography>
            {archiveError && (
              <Alert severity="error" onClose={() => setArchiveError(null)}>
                {archiveError}
              </Alert>
            )}
            {archived ? (
              <Button
                variant="outlined"
                startIcon={<UnarchiveIcon />}
                onClick={() => void onArchive(false)}
              >
                Unarchive class
              </Button>
            ) : (
              <Button
                variant="outlined"
                startIcon={<ArchiveIcon />}
                onClick={() => setArchiving(true)}
              >
                Archive class
              </Button>
            )}
          </Stack>
        </>
      )}
      {/* An archived class is read-only, deleting included: unarchive it first. */}
      {can(cls.my_role, 'class.delete') && !archived && (
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
        open={archiving}
        title="Archive class?"
        confirmLabel="Archive"
        onConfirm={() => void onArchive(true)}
        onClose={() => setArchiving(false)}
      >
        “{cls.name}” will become read-only for everyone in it: nobody can post, react, vote or
        change anything until it is unarchived. It stays readable and searchable.
      </ConfirmDialog>
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
