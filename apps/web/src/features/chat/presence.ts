// Typing and online indicators (SPEC §9, DESIGN §2): who is typing and who is online, from the
// channel's live notices, judged recent with the server time offset (`isRecentNotification`), and
// the clock that re-checks them: every RECENCY_RECHECK_MS (1 s) while any typing notice exists.
import { useEffect, useState } from 'react';
import {
  isRecentNotification,
  needsRecencyRecheck,
  RECENCY_RECHECK_MS,
  type ChannelNotificationView,
} from '@seminar/shared';

/** Online notices are re-checked this often (they stay recent for a minute). */
export const ONLINE_RECHECK_MS = 5_000;

type Notice = Pick<ChannelNotificationView, 'type' | 'from' | 'from_name' | 'created_at'> & {
  deleted?: boolean;
};

/** The names of the people with a recent notice of `type` (not the viewer), oldest first, once each. */
export function recentNames(
  notices: readonly Notice[],
  type: Notice['type'],
  viewerUid: string | null,
  clientNow: number,
  serverOffsetMs: number,
): string[] {
  const byUid = new Map<string, Notice>();
  for (const notice of notices) {
    if (notice.type !== type || notice.from === viewerUid) continue;
    if (!isRecentNotification(notice, clientNow, serverOffsetMs)) continue;
    const seen = byUid.get(notice.from);
    if (!seen || seen.created_at < notice.created_at) byUid.set(notice.from, notice);
  }
  return [...byUid.values()]
    .sort((a, b) => a.created_at - b.created_at)
    .map((notice) => notice.from_name.trim() || 'Someone');
}

/** The uids with a recent online notice (the viewer included), for the members panel's dots. */
export function onlineUids(
  notices: readonly Notice[],
  clientNow: number,
  serverOffsetMs: number,
): Set<string> {
  const uids = new Set<string>();
  for (const notice of notices) {
    if (notice.type !== 'user_online' || notice.deleted) continue;
    if (isRecentNotification(notice, clientNow, serverOffsetMs)) uids.add(notice.from);
  }
  return uids;
}

/** "Ada is typing…", "Ada and Bo are typing…", "Ada, Bo and Cy are typing…", "Ada, Bo and 2 others are typing…". */
export function typingLine(names: readonly string[]): string | null {
  const [a, b, c] = names;
  if (a === undefined) return null;
  if (b === undefined) return `${a} is typing…`;
  if (c === undefined) return `${a} and ${b} are typing…`;
  if (names.length === 3) return `${a}, ${b} and ${c} are typing…`;
  return `${a}, ${b} and ${names.length - 2} others are typing…`;
}

/** "Online: Ada, Bo" (the accessible label of the online list). */
export function onlineLabel(names: readonly string[]): string {
  return names.length === 0 ? 'No one else is online' : `Online: ${names.join(', ')}`;
}

/**
 * The client clock, re-read every RECENCY_RECHECK_MS while any typing notice exists (and every
 * ONLINE_RECHECK_MS while only online notices do), so notices fade out on time without new events.
 */
export function useRecencyClock(notices: readonly Notice[]): number {
  const [, setTick] = useState(0);
  const typing = needsRecencyRecheck(notices);
  const online = notices.some((notice) => notice.type === 'user_online' && !notice.deleted);
  const interval = typing ? RECENCY_RECHECK_MS : online ? ONLINE_RECHECK_MS : null;

  useEffect(() => {
    if (interval === null) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), interval);
    return () => clearInterval(timer);
  }, [interval]);

  // Every render (a new notice, or a tick) reads the clock afresh.
  return Date.now();
}
