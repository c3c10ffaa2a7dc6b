// Docs: docs/channels.md#first-unread — opening a channel with unread messages opens its list at the
// first unread one. Which one is read once, when the channel opens (marking it read as it is shown
// must not move the list); when it is older than the first page, a few older pages load first; when
// it is newer than every row there (a channel opened again shows the rows it kept at once, and the
// messages missed meanwhile follow as its subscription resumes), the list waits for it a moment.
import { useEffect, useState } from 'react';
import type { ChannelView } from '@seminar/shared';

/** Older pages loaded at most to open a channel at its first unread message. */
export const MAX_UNREAD_PAGES = 8;
/** How long the list waits for the first unread message to arrive before opening anyway. */
export const CATCH_UP_MS = 3_000;

export function useFirstUnread(options: {
  channel: Pick<ChannelView, 'last_read_seq' | 'last_seq'>;
  /** The channel's messages are live (and can be paged). */
  ready: boolean;
  /** The oldest loaded message's seq (Infinity when none). */
  oldestSeq: number;
  /** The newest loaded message's seq (0 when none). */
  newestSeq: number;
  loadOlder: (beforeSeq: number) => Promise<number>;
}): { firstUnreadSeq: number | null; reachingUnread: boolean } {
  const { channel, ready, oldestSeq, newestSeq, loadOlder } = options;
  const [firstUnreadSeq] = useState(() =>
    channel.last_read_seq < channel.last_seq ? channel.last_read_seq + 1 : null,
  );
  const [pages, setPages] = useState(0);
  const olderNeeded =
    ready &&
    firstUnreadSeq !== null &&
    Number.isFinite(oldestSeq) &&
    oldestSeq > firstUnreadSeq &&
    oldestSeq > 1 &&
    pages < MAX_UNREAD_PAGES;
  useEffect(() => {
    if (!olderNeeded) return;
    // Counted whatever happens meanwhile, so at most MAX_UNREAD_PAGES pages are ever loaded.
    loadOlder(oldestSeq)
      .then((count) => setPages((loaded) => (count === 0 ? MAX_UNREAD_PAGES : loaded + 1)))
      .catch(() => setPages(MAX_UNREAD_PAGES));
  }, [olderNeeded, oldestSeq, loadOlder]);

  // Kept rows that end before the first unread: the missed messages are on their way. Bounded in
  // time (the messages may have been deleted since, or the connection be slow): then the list opens
  // at the newest and still goes to the first unread when it comes (MessageList).
  const [waited, setWaited] = useState(false);
  const catchingUp = ready && firstUnreadSeq !== null && newestSeq < firstUnreadSeq && !waited;
  useEffect(() => {
    if (!catchingUp) return;
    const timer = setTimeout(() => setWaited(true), CATCH_UP_MS);
    return () => clearTimeout(timer);
  }, [catchingUp]);

  return { firstUnreadSeq, reachingUnread: olderNeeded || catchingUp };
}
