// Docs: SPEC §7 "Event logging", DESIGN §2 "Analytics", docs/catalogue.md#analytics — the one place
// the web app logs an analytics event. `logEvent(name, payload)` adds SPEC §7's context (context.ts)
// and queues the event (queue.ts); `startAnalytics` (main.tsx, once per page) sends the queue to
// POST /api/events every few seconds and by sendBeacon when the page is hidden. Before it starts
// (unit tests) events only wait in the queue, where `bufferedEvents()` shows them.
import type { AnalyticsEvent, AnalyticsEventName, EventPayload } from '@seminar/shared';
import { whenFirstContentShown } from '../shell/firstContent';
import { buildAnalyticsEvent } from './context';
import {
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_QUEUE_LIMIT,
  createAnalyticsQueue,
  type AnalyticsQueue,
  type AnalyticsQueueOptions,
} from './queue';

/** One logged event as queued: SPEC §7's whole event. */
export type LoggedEvent = AnalyticsEvent;

/** The queue keeps at most this many events (the oldest go first). */
export const EVENT_BUFFER_LIMIT = ANALYTICS_QUEUE_LIMIT;

const queue: AnalyticsQueue = createAnalyticsQueue();

/** The server's check (eventCheck.ts), once loaded; events logged before wait in `held`. */
let checkEvent: ((event: unknown) => string | null) | null = null;
let checkLoading: Promise<void> | null = null;
const held: LoggedEvent[] = [];

function enqueueChecked(event: LoggedEvent): void {
  const problem = checkEvent?.(event) ?? null;
  if (problem !== null) {
    console.warn('[seminar] analytics event dropped', event.event, problem);
    return;
  }
  queue.add(event);
}

function loadCheck(): Promise<void> {
  checkLoading ??= import('./eventCheck')
    .then((module) => {
      checkEvent = module.checkEvent;
    })
    .catch((error: unknown) => console.warn('[seminar] analytics check', error))
    .finally(() => {
      for (const event of held.splice(0)) enqueueChecked(event);
    });
  return checkLoading;
}

/**
 * Logs an analytics event (SPEC §7: selected_class_not_available, class_selected, sign_in,
 * class_created, message_sent). Dropped when signed out, or when it would not pass the server's
 * check (it would only spoil its batch). Never throws.
 */
export function logEvent(event: AnalyticsEventName, payload: EventPayload): void {
  try {
    const built = buildAnalyticsEvent(event, payload, Date.now());
    if (checkEvent) {
      enqueueChecked(built);
    } else {
      held.push(built);
      // The check's code waits for the page's first content (shell/firstContent.ts).
      whenFirstContentShown(() => void loadCheck());
    }
  } catch {
    // Analytics must never break the app.
  }
}

/** Resolves once the events logged so far are checked and queued (tests). */
export function eventsChecked(): Promise<void> {
  return held.length === 0 ? Promise.resolve() : loadCheck();
}

/** The events logged and not yet sent (for tests): queued ones, then any still being checked. */
export function bufferedEvents(): readonly LoggedEvent[] {
  return [...queue.pending(), ...held];
}

/** Takes every logged event out of the queue (for tests). */
export function takeBufferedEvents(): LoggedEvent[] {
  return [...queue.take(), ...held.splice(0)];
}

export interface StartAnalyticsOptions extends Partial<AnalyticsQueueOptions> {
  /** How often the queue is sent. */
  intervalMs?: number;
  /** Where to listen for the page being hidden (tests pass their own). */
  window?: Window;
}

/**
 * Starts sending: every `intervalMs`, and by beacon when the page is hidden or left. Pass
 * `currentUid` (who is signed in) so events of signed-out visitors are dropped. Returns stop().
 */
export function startAnalytics({
  intervalMs = ANALYTICS_FLUSH_INTERVAL_MS,
  window: target = window,
  ...options
}: StartAnalyticsOptions = {}): () => void {
  queue.configure(options);
  const doc = target.document;
  const onPageHide = () => {
    // Leaving: events still waiting for their check go unchecked (the server checks them anyway).
    for (const event of held.splice(0)) queue.add(event);
    queue.beacon();
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') onPageHide();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  target.addEventListener('pagehide', onPageHide);
  const timer = target.setInterval(() => void queue.flush(), intervalMs);
  return () => {
    target.clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
    target.removeEventListener('pagehide', onPageHide);
    queue.configure({ currentUid: () => undefined });
  };
}

/** Sends the queue now (tests; also handy before a navigation that leaves the app). */
export function flushEvents(): Promise<void> {
  return eventsChecked().then(() => queue.flush());
}
