// Docs: docs/realtime.md#offline — says at once that the device is offline (the browser's `offline`
// event), rather than after the live socket's keep-alive gives up (up to 30 s). Only there while
// offline (an empty status region would be one more "status" on every page); MUI, so signed-in
// pages only.
import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';

/** The offline notice's words. */
export const OFFLINE_MESSAGE =
  'You are offline. What you see may not be current; messages you send will go when you are back online.';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network (true where it cannot tell). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The offline notice (role status), nothing while online. */
export function OfflineStatus() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {OFFLINE_MESSAGE}
    </Alert>
  );
}
