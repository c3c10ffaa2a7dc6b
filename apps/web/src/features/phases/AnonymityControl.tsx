// Docs: docs/activities.md#anonymity — on the case channel's phase bar: staff make the activity
// anonymous to classmates (before the first phase starts; a dialog says it cannot be undone), and
// everyone sees that it is.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { anonymityRefusal, type Activity } from '@seminar/shared';
import type { PhaseWriteResult } from '../../data/phases';

export function AnonymityControl({
  activity,
  staff,
  onMakeAnonymous,
}: {
  activity: Activity;
  staff: boolean;
  onMakeAnonymous: () => Promise<PhaseWriteResult>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (activity.anonymous)
    return (
      <Chip
        size="small"
        variant="outlined"
        label={staff ? 'Anonymous to classmates' : 'Anonymous: classmates see a pseudonym'}
      />
    );
  // Only staff switch it on, and only before the first phase starts.
  if (!staff || anonymityRefusal(activity) !== null) return null;
  const confirm = () => {
    setBusy(true);
    setError(null);
    void onMakeAnonymous().then((refusal) => {
      setBusy(false);
      setError(refusal);
      if (refusal === null) setOpen(false);
    });
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Make anonymous
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="anonymity-title">
        <DialogTitle id="anonymity-title">Make this activity anonymous?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            From now on, students see each other&apos;s posts in this case channel under a pseudonym
            such as &quot;Participant 7&quot;. You and other staff still see names.
          </DialogContentText>
          <Alert severity="warning" sx={{ mt: 2 }}>
            This cannot be undone: switching it off would reveal who wrote what.
          </Alert>
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={busy} onClick={confirm}>
            Make anonymous
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
