import './theme/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startAnalytics } from './analytics/events';
import { sessionUidSource } from './analytics/sessionUid';
import { createQueryClient } from './queryClient';
import { startInactivityReload } from './shell/inactivity';
import { startKeepAlive } from './shell/keepAlive';

const queryClient = createQueryClient();

// Once per page load, outside React so StrictMode's double effects cannot start them twice.
startKeepAlive();
// Analytics events go to POST /api/events while signed in (the session says who).
startAnalytics({ currentUid: sessionUidSource(queryClient) });
// Reload after a long idle time (localStorage['seminar.inactivityOverride'] shortens it; see the file).
startInactivityReload();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
