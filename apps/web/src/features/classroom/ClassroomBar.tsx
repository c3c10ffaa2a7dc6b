// Docs: docs/polls.md — under a channel's header: the cold-call banner everyone in the channel sees
// ("Ada Lovelace, your turn"), and for instructors and class admins "New poll" and "Cold-call"
// (StaffControls.tsx, loaded only for them) and clearing the spotlight.
import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { spotlightText } from '@seminar/shared';
import { useClassroomActions, useSpotlight } from '../../data/polls';

const StaffControls = lazy(() =>
  import('./StaffControls').then((module) => ({ default: module.StaffControls })),
);

export function ClassroomBar({
  classId,
  channelId,
  viewerUid,
  canManage,
}: {
  classId: string;
  channelId: string;
  viewerUid: string;
  canManage: boolean;
}) {
  const spotlight = useSpotlight(classId, channelId).rows[0] ?? null;
  const actions = useClassroomActions(classId, channelId);
  const [error, setError] = useState<string | null>(null);

  return (
    <Box sx={{ px: 1 }}>
      {spotlight ? (
        <Alert
          severity="info"
          role="status"
          aria-label="Cold-call"
          sx={{ my: 0.5 }}
          action={
            canManage ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => void actions.clearSpotlight().then(setError)}
              >
                Clear cold-call
              </Button>
            ) : undefined
          }
        >
          <strong>{spotlightText(spotlight.name)}</strong>
          {spotlight.uid === viewerUid ? ' — the class is waiting for your answer.' : null}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="warning" onClose={() => setError(null)} sx={{ my: 0.5 }}>
          {error}
        </Alert>
      ) : null}
      {canManage ? (
        <Suspense fallback={null}>
          <StaffControls classId={classId} channelId={channelId} onError={setError} />
        </Suspense>
      ) : null}
    </Box>
  );
}
