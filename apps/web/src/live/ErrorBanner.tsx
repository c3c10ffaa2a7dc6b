// The shared error's banner on the signed-in pages (MUI). Apart from errors.tsx, whose provider
// wraps every page, so that the signed-out pages load no MUI.
import Alert from '@mui/material/Alert';
import { useOnline } from '../shell/OfflineStatus';
import { CONNECTION_LOST_MESSAGE, useErrorState } from './errors';

/** The dismissible banner that shows the shared error (role alert, "Dismiss" button). */
export function ErrorBanner() {
  const { error, clearError } = useErrorState();
  const online = useOnline();
  // Offline, the offline notice already says why the connection is gone.
  if (!error || (error === CONNECTION_LOST_MESSAGE && !online)) return null;
  return (
    <Alert severity="error" closeText="Dismiss" onClose={() => clearError()} sx={{ mb: 2 }}>
      {error}
    </Alert>
  );
}
