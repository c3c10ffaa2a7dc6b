// The shared error's banner on the signed-in pages (MUI). Apart from errors.tsx, whose provider
// wraps every page, so that the signed-out pages load no MUI.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useOnline } from '../shell/OfflineStatus';
import { visuallyHidden } from '../features/chat/a11y';
import { CONNECTION_LOST_MESSAGE, useErrorState } from './errors';
import { useLive } from './LiveProvider';

/** Said once when the connection whose loss the banner reported is back. */
export const RECONNECTED_MESSAGE = 'Reconnected.';

/**
 * The dismissible banner that shows the shared error (role alert, "Dismiss" button): a lost
 * connection's "Reconnecting…" is read once when it shows, and a status region beside it says
 * "Reconnected." once when the connection is back (docs/accessibility.md#live-regions).
 */
export function ErrorBanner() {
  const { error, clearError } = useErrorState();
  const online = useOnline();
  const { connection } = useLive();
  const lostShown = error === CONNECTION_LOST_MESSAGE;
  const wasLost = useRef(false);
  const [reconnected, setReconnected] = useState(false);
  useEffect(() => {
    if (lostShown) {
      wasLost.current = true;
      setReconnected(false);
    } else if (wasLost.current && connection === 'open') {
      wasLost.current = false;
      setReconnected(true);
    }
  }, [lostShown, connection]);
  // Offline, the offline notice already says why the connection is gone.
  const shown = error !== null && !(error === CONNECTION_LOST_MESSAGE && !online);
  return (
    <>
      {shown ? (
        <Alert severity="error" closeText="Dismiss" onClose={() => clearError()} sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {/* A polite live region, not a `status`: screens keep one status of their own (a count of
          results) that tests and assistive technology find by that role. */}
      <span aria-live="polite" aria-atomic="true" style={visuallyHidden}>
        {reconnected ? RECONNECTED_MESSAGE : ''}
      </span>
    </>
  );
}
