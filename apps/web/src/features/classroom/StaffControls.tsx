// Docs: docs/polls.md — the staff's controls under a channel's header: "New poll" (PollDialog.tsx)
// and "Cold-call": "Pick someone" (online students, weighted toward the quiet, on the server) or a
// student chosen by name from the roster.
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { displayName } from '@seminar/shared';
import { useRoster } from '../../data/classes';
import { useClassroomActions } from '../../data/polls';

const PollDialog = lazy(() =>
  import('./PollDialog').then((module) => ({ default: module.PollDialog })),
);

export function StaffControls({
  classId,
  channelId,
  onError,
}: {
  classId: string;
  channelId: string;
  onError: (error: string | null) => void;
}) {
  const actions = useClassroomActions(classId, channelId);
  const roster = useRoster(classId);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [pollOpen, setPollOpen] = useState(false);

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
    onError(await actions.spotlight(uid));
  };

  return (
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
      {pollOpen ? (
        <Suspense fallback={null}>
          <PollDialog classId={classId} channelId={channelId} onClose={() => setPollOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
