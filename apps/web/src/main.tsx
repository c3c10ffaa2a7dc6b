import './theme/fonts.css';
// The signed-in app bar's styles ride in the entry's stylesheet: as the signed-in layout's own
// stylesheet they were one more request, made only once that chunk ran, before a class page's
// first paint (~90 ms of the chat page's simulated LCP).
import './shell/appBar.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { prefetchSession } from './auth/session';
import { createQueryClient } from './queryClient';
import { PATHS } from './routes/paths';
import { preloadRouteChunks } from './routes/routes';
import { startInactivityReload } from './shell/inactivity';
import { warmUpIntl } from './shell/intlWarmUp';
import { startKeepAlive } from './shell/keepAlive';

const queryClient = createQueryClient();

/** How long after `load` the service worker is registered (then when the page is idle). */
const SERVICE_WORKER_DELAY_MS = 5_000;

// Once per page load, outside React so StrictMode's double effects cannot start them twice.
startKeepAlive();
// Reload after a long idle time (localStorage['seminar.inactivityOverride'] shortens it; see the file).
startInactivityReload();
// Analytics starts with the signed-in layout (analytics/start.ts): signed-out pages send no events.

// The app shell's service worker (build/serviceWorker.ts), registered once the page has loaded and
// then been idle a while: installing it downloads and stores every built file, which on a phone's
// two slow cores would compete with the first page's own rendering (the page's `load` fires before
// its lazily loaded chunks and live data have arrived).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    const register = () => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
        console.warn('[seminar] service worker', error);
      });
    };
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5_000 });
      else register();
    }, SERVICE_WORKER_DELAY_MS);
  });
}

// The first page's chunks, its layout's and its own together (none for the signed-out pages, which
// load with the entry).
const firstPageChunks = preloadRouteChunks(window.location.pathname);

// A signed-in page needs the live client: fetch its code now, beside the page's own chunks, rather
// than after the session answered (the signed-out pages never load it).
if (
  ![PATHS.signIn, PATHS.signUp, PATHS.forgotPassword].includes(window.location.pathname as never)
) {
  void import('./live/client').catch(() => undefined);
  // ICU's data, while those download (it was the longest task after the first paint).
  warmUpIntl();
  // And its session: asked now, beside those chunks, not after the first render has committed.
  prefetchSession(queryClient);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The first render is a transition: React renders it in slices of ~5 ms and yields to the browser
// between them, instead of one long task (Lighthouse's Total Blocking Time on a slow phone).
// It starts once the first page's chunks have arrived (or failed: the page's error boundary says
// so). Rendered before, the page suspends and React commits the Suspense fallback — the same
// screen index.html already shows — and then holds the page back until 300 ms after that commit
// (React's FALLBACK_THROTTLE_MS): on a fast machine the page's data was there ~200 ms earlier.
const root = createRoot(container);
const render = () => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
};
void firstPageChunks.then(render);
