// The controls a manager gets on a card (an activity, a catalogue product): an "Enabled" switch and
// "Edit" / "Delete" icon buttons. One place, so they look, read and are named the same everywhere.
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';

/** A switch labelled "Enabled". */
export function EnabledSwitch({
  enabled,
  onToggle,
}: {
  enabled: boolean;
  onToggle: (enabled: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={enabled} onChange={(event) => onToggle(event.target.checked)} />}
      label="Enabled"
    />
  );
}

/** "Edit" and "Delete" icon buttons (with tooltips), side by side in the caller's layout. */
export function EditDeleteButtons({
  onEdit,
  onDelete,
}: {
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Tooltip title="Edit">
        <IconButton aria-label="Edit" onClick={onEdit}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton aria-label="Delete" onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
