// Docs: docs/polls.md — the staff's controls in a channel's header: "New poll" (PollDialog.tsx)
// and "Cold-call": "Pick someone" (online students, weighted toward the quiet, on the server) or a
// student chosen by name from the roster. Icon buttons in the header, not a row of their own: the
// conversation keeps the screen (a phone's 640 px).

import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import { displayName } from '@seminar/shared';
import { useRoster } from '../../data/classes';
import { useClassroomActions } from '../../data/polls';

const PollDialog = lazy(() =>
  import('./PollDialog').then((module) => ({ default: module.PollDialog })),
);

export function StaffControls({ classId, channelId }: { classId: string; channelId: string }) {
  const actions = useClassroomActions(classId, channelId);
  const roster = useRoster(classId);
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
    <>
      <IconButton
        size="small"
        aria-label="New poll"
        title="New poll"
        onClick={() => setPollOpen(true)}
      >
        <HowToVoteOutlined fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label="Cold-call"
        title="Cold-call"
        aria-haspopup="menu"
        onClick={(event) => setMenu(event.currentTarget)}
      >
        <RecordVoiceOverOutlined fontSize="small" />
      </IconButton>
      <Snackbar open={error !== null} onClose={() => setError(null)} autoHideDuration={8_000}>
        <Alert severity="warning" onClose={() => setError(null)}>
          {error}
        </Alert>
      </Snackbar>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => void spot()}>Pick someone</MenuItem>
        <Divider />
        {/* A menu may hold only menu items, groups and separators: the heading is an <li>, a list
            item inside role="menu" (axe: aria-required-children, listitem). As presentation it is
            seen and skipped by the arrow keys, and the names below are menu items as before. */}
        <ListSubheader role="presentation">Choose by name</ListSubheader>
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
    </>
  );
}
