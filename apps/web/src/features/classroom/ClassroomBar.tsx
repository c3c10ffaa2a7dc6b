// Docs: docs/polls.md — under a channel's header: the cold-call banner everyone in the channel sees
// ("Ada Lovelace, your turn"), and for instructors and class admins clearing the spotlight. Their
// "New poll" and "Cold-call" are in the header (StaffControlsSlot, StaffControls.tsx loaded only
// for them).
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
    // On the paper, not the page's grey: the primary buttons' text keeps its 4.5:1 there (axe, phone).
    <Box sx={{ px: 1, bgcolor: 'background.paper' }}>
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
    </Box>
  );
}

/** The staff's "New poll" and "Cold-call", for the channel header (ChannelHeader's `extra`). */
export function StaffControlsSlot({ classId, channelId }: { classId: string; channelId: string }) {
  return (
    <Suspense fallback={null}>
      <StaffControls classId={classId} channelId={channelId} />
    </Suspense>
  );
}
