// Docs: SPEC §7 "Event logging", DESIGN §2 "Analytics" — the one place the web app logs an analytics
// event. For now events are kept in a small in-memory buffer and written to console.debug; the
// analytics issue replaces the transport (batched POST /api/events with the SPEC §7 context) here,
// behind the same `logEvent(name, payload)`.
import type { AnalyticsEventName, EventPayload } from '@seminar/shared';

/** One logged event as buffered (the transport adds the SPEC §7 context when it sends it). */
export interface LoggedEvent {
  event: AnalyticsEventName;
  payload: EventPayload;
  /** Epoch ms on the client's clock. */
  timestamp: number;
}

/** The buffer keeps at most this many events (the oldest go first). */
export const EVENT_BUFFER_LIMIT = 100;

const buffer: LoggedEvent[] = [];

/** Logs an analytics event (SPEC §7: selected_class_not_available, class_selected, …). Never throws. */
export function logEvent(event: AnalyticsEventName, payload: EventPayload): void {
  const entry: LoggedEvent = { event, payload: { ...payload }, timestamp: Date.now() };
  buffer.push(entry);
  if (buffer.length > EVENT_BUFFER_LIMIT) buffer.splice(0, buffer.length - EVENT_BUFFER_LIMIT);
  try {
    console.debug('[seminar] event', event, entry.payload);
  } catch {
    // Logging must never break the app.
  }
}

/** The events logged and not yet taken (for the transport and for tests). */
export function bufferedEvents(): readonly LoggedEvent[] {
  return [...buffer];
}

/** Takes every buffered event out of the buffer. */
export function takeBufferedEvents(): LoggedEvent[] {
  return buffer.splice(0, buffer.length);
}
