// Docs: docs/polls.md — under a channel's header: the cold-call banner everyone in the channel sees
// ("Ada Lovelace, your turn"), and for instructors and class admins "New poll" and "Cold-call"
// (pick someone online, weighted toward the quiet, or choose a student by name) and clearing it.
import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { displayName, spotlightText } from '@seminar/shared';
import { useRoster } from '../../data/classes';
import { useClassroomActions, useSpotlight } from '../../data/polls';

const PollDialog = lazy(() =>
  import('./PollDialog').then((module) => ({ default: module.PollDialog })),
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
  const roster = useRoster(canManage ? classId : null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [pollOpen, setPollOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const students = roster.rows
    .filter(
      (entry) =>
        entry.role === 'student' &&
        entry.uid !== null &&
        entry.enabled &&
        !entry.deleted &&
        !entry.pending_deleted &&
        !entry.invited,
    )
    .map((entry) => ({ uid: entry.uid ?? '', name: displayName(entry.name) || entry.email || '' }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const spot = async (uid?: string) => {
    setMenu(null);
    setError(await actions.spotlight(uid));
  };

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
        <Box sx={{ display: 'flex', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" onClick={() => setPollOpen(true)}>
            New poll
          </Button>
          <Button
            size="small"
            variant="outlined"
            aria-haspopup="menu"
            onClick={(event) => setMenu(event.currentTarget)}
          >
            Cold-call
          </Button>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            <MenuItem onClick={() => void spot()}>Pick someone</MenuItem>
            <Divider />
            <ListSubheader>Choose by name</ListSubheader>
            {students.length === 0 ? (
              <MenuItem disabled>No students in this class yet</MenuItem>
            ) : (
              students.map((student) => (
                <MenuItem key={student.uid} onClick={() => void spot(student.uid)}>
                  {student.name}
                </MenuItem>
              ))
            )}
          </Menu>
        </Box>
      ) : null}
      {pollOpen ? (
        <Suspense fallback={null}>
          <PollDialog classId={classId} channelId={channelId} onClose={() => setPollOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
