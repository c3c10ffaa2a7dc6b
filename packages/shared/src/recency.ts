// Docs: SPEC §9 and DESIGN §2 "Typing and online windows": a notification is recent while it is newer
// than twice its window, judged in server time (client clock + the server time offset).
import { ONLINE_WINDOW_MS, TYPING_WINDOW_MS, type NotificationType } from './constants';

/** The two windows; recency uses twice each one. */
export interface RecencyWindows {
  typingWindowMs: number;
  onlineWindowMs: number;
}

/** The product's windows: typing 5000 ms, online 30000 ms (DESIGN §2). */
export const DEFAULT_RECENCY_WINDOWS: RecencyWindows = Object.freeze({
  typingWindowMs: TYPING_WINDOW_MS,
  onlineWindowMs: ONLINE_WINDOW_MS,
});

/** The notification fields recency reads. */
export interface NotificationLike {
  type: NotificationType;
  /** Epoch milliseconds, stamped by the server. */
  created_at: number;
  /** A deleted notification is never recent. */
  deleted?: boolean;
}

/** The server's current time in epoch ms: the client clock plus the measured offset. */
export function serverNow(clientNow: number, serverOffsetMs: number): number {
  return clientNow + serverOffsetMs;
}

/**
 * Whether a typing or online notification is still recent: its age in server time is strictly
 * less than twice its window (so at exactly 2 × window it is no longer recent).
 * A notification from the future (clock skew, an offset measured a while ago) has a negative age
 * and counts as recent: it was certainly sent just now. Deleted notifications, unknown types and
 * non-finite times are never recent.
 *
 * @param clientNow the client's clock, epoch ms (Date.now()).
 * @param serverOffsetMs server time minus client time, as read from the server.
 */
export function isRecentNotification(
  n: NotificationLike,
  clientNow: number,
  serverOffsetMs: number,
  windows: RecencyWindows = DEFAULT_RECENCY_WINDOWS,
): boolean {
  if (n.deleted === true) return false;
  const windowMs =
    n.type === 'user_typing'
      ? windows.typingWindowMs
      : n.type === 'user_online'
        ? windows.onlineWindowMs
        : undefined;
  if (windowMs === undefined) return false;
  const age = serverNow(clientNow, serverOffsetMs) - n.created_at;
  // NaN (from a non-finite input) fails this comparison, so bad data never shows as recent.
  return age < 2 * windowMs;
}

/** The notifications {@link isRecentNotification} keeps, in their input order. */
export function recentNotifications<T extends NotificationLike>(
  notifications: readonly T[],
  clientNow: number,
  serverOffsetMs: number,
  windows: RecencyWindows = DEFAULT_RECENCY_WINDOWS,
): T[] {
  return notifications.filter((n) => isRecentNotification(n, clientNow, serverOffsetMs, windows));
}

/**
 * Whether the recency check must keep running every RECENCY_RECHECK_MS: true while any (not
 * deleted) typing notification exists (SPEC §9).
 */
export function needsRecencyRecheck(notifications: readonly NotificationLike[]): boolean {
  return notifications.some((n) => n.type === 'user_typing' && n.deleted !== true);
}
