// Starts sending analytics events, once per page load. The signed-in layout calls it: events are
// only sent while signed in, so the signed-out pages do not load this code (the sign-in page's own
// `sign_in` event waits in the queue until the signed-in layout starts sending).
import type { QueryClient } from '@tanstack/react-query';
import { startAnalytics } from './events';
import { sessionUidSource } from './sessionUid';

let started = false;

/** Starts analytics (POST /api/events) for this page unless already started; never stops. */
export function startAnalyticsOnce(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  // Events go out while signed in (the session says who).
  startAnalytics({ currentUid: sessionUidSource(queryClient) });
}
