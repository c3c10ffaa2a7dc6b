// Docs: docs/realtime.md#offline — above a channel's messages when they are this device's offline
// copy (a page opened with no network): they are not current, and from when they are.
import Alert from '@mui/material/Alert';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The note's words for a copy saved at `savedAt` (ms). */
export function savedCopyText(savedAt: number): string {
  return `Offline — showing messages from ${when.format(savedAt)}. New messages will appear when you are back online.`;
}

export function SavedCopyNote({ savedAt }: { savedAt: number | null }) {
  if (savedAt === null) return null;
  return (
    <Alert severity="info" role="note" sx={{ mx: 1, my: 0.5, py: 0 }}>
      {savedCopyText(savedAt)}
    </Alert>
  );
}
