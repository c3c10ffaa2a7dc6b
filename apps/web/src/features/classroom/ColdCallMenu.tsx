// Docs: docs/polls.md — the cold-call menu of StaffControls, a chunk of its own: loaded when it is
// first opened (or the pointer or focus first reaches its button), so MUI's Menu is not in the
// class page's first load for instructors.
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { displayName } from '@seminar/shared';
import { useRoster } from '../../data/classes';

export default function ColdCallMenu({
  classId,
  anchor,
  onClose,
  onPick,
}: {
  classId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  /** A student by uid, or undefined: "pick someone" (on the server). */
  onPick: (uid?: string) => void;
}) {
  const roster = useRoster(classId);
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
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem onClick={() => onPick()}>Pick someone</MenuItem>
      <Divider />
      {/* A menu may hold only menu items, groups and separators: the heading is an <li>, a list
          item inside role="menu" (axe: aria-required-children, listitem). As presentation it is
          seen and skipped by the arrow keys, and the names below are menu items as before. */}
      <ListSubheader role="presentation">Choose by name</ListSubheader>
      {roster.status === 'loading' && students.length === 0 ? (
        <MenuItem disabled>Loading the class…</MenuItem>
      ) : students.length === 0 ? (
        <MenuItem disabled>No students in this class yet</MenuItem>
      ) : (
        students.map((student) => (
          <MenuItem key={student.uid} onClick={() => onPick(student.uid)}>
            {student.name}
          </MenuItem>
        ))
      )}
    </Menu>
  );
}
