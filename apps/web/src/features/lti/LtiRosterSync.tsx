// Docs: docs/institutions.md#roster-and-grades — "Sync roster" on the People tab of a class an LMS
// course opened: the course's learners now (NRPS), with what it did ("2 students added, 1
// disabled"). Only for the class's staff who may add students, and only when the course shares
// its roster; a student, or a class no LMS opened, sees nothing (and asks the server nothing).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import SyncIcon from '@mui/icons-material/Sync';
import { can, countOf, memberAction, type Class } from '@seminar/shared';
import { useLtiClassLink, useSyncRoster } from '../../data/lti';
import { describeError } from '../../live/errors';

const STUDENTS = { one: 'student', other: 'students' };

export function LtiRosterSync({ cls }: { cls: Class }) {
  const staff = can(cls.my_role ?? null, memberAction('add', 'student'));
  const link = useLtiClassLink(cls.class_id, staff);
  const sync = useSyncRoster(cls.class_id);
  // No link, or it could not be read: the page works without the button.
  if (!staff || !link.data?.roster) return null;
  const lms = link.data.platform;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        onClick={() => sync.mutate()}
        disabled={sync.isPending}
        aria-busy={sync.isPending || undefined}
        startIcon={
          sync.isPending ? <CircularProgress size={18} aria-hidden /> : <SyncIcon aria-hidden />
        }
      >
        Sync roster
      </Button>
      <div role="status">
        {sync.isPending && <Alert severity="info">Reading the roster from {lms}…</Alert>}
        {sync.isSuccess && (
          <Alert severity="success" onClose={() => sync.reset()}>
            Roster synced from {lms}: {countOf(sync.data.added, STUDENTS)} added,{' '}
            {sync.data.disabled} disabled.
          </Alert>
        )}
      </div>
      {sync.isError && (
        <Alert severity="error" onClose={() => sync.reset()}>
          The roster could not be synced: {describeError(sync.error)}
        </Alert>
      )}
    </Stack>
  );
}
