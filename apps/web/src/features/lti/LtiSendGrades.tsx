// Docs: docs/institutions.md#roster-and-grades — "Send grades to ⟨LMS⟩" on an activity's debrief
// (staff): the debrief's rubric totals to the LMS gradebook (AGS), with what it did ("Sent 12
// grades; 2 students skipped"). Only when the class's course takes grades; a student, or a class
// no LMS opened, sees nothing.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import SendIcon from '@mui/icons-material/Send';
import { countOf, type Activity } from '@seminar/shared';
import { useLtiClassLink, usePostGrades } from '../../data/lti';
import { describeError } from '../../live/errors';

const STUDENTS = { one: 'student', other: 'students' };

export function LtiSendGrades({ activity, staff }: { activity: Activity; staff: boolean }) {
  const link = useLtiClassLink(activity.class_id, staff);
  const send = usePostGrades(activity.class_id, activity.activity_id);
  if (!staff || !link.data?.grades) return null;
  const lms = link.data.platform;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        onClick={() => send.mutate()}
        disabled={send.isPending}
        aria-busy={send.isPending || undefined}
        startIcon={
          send.isPending ? <CircularProgress size={18} aria-hidden /> : <SendIcon aria-hidden />
        }
      >
        Send grades to {lms}
      </Button>
      <div role="status">
        {send.isPending && <Alert severity="info">Sending the rubric totals to {lms}…</Alert>}
        {send.isSuccess && (
          <Alert severity="success" onClose={() => send.reset()}>
            Sent {countOf(send.data.posted, { one: 'grade', other: 'grades' })} to {lms}.
            {send.data.skipped > 0 &&
              ` ${countOf(send.data.skipped, STUDENTS)} skipped: no complete grade, or never opened Seminar from ${lms}.`}
          </Alert>
        )}
      </div>
      {send.isError && (
        <Alert severity="error" onClose={() => send.reset()}>
          The grades could not be sent: {describeError(send.error)}
        </Alert>
      )}
    </Stack>
  );
}
