// A refusal of a staff control (cold-call: "No student is online…"), shown for a while: a chunk of
// its own, loaded only when there is one to show (MUI's Snackbar is not in the first load).
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export default function StaffNotice({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <Snackbar open onClose={onClose} autoHideDuration={8_000}>
      <Alert severity="warning" onClose={onClose}>
        {text}
      </Alert>
    </Snackbar>
  );
}
