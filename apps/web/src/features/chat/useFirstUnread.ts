// Docs: docs/channels.md#first-unread — opening a channel with unread messages opens its list at the
// first unread one. Which one is read once, when the channel opens (marking it read as it is shown
// must not move the list); when it is older than the first page, a few older pages load first.
import { useEffect, useState } from 'react';
import type { ChannelView } from '@seminar/shared';

/** Older pages loaded at most to open a channel at its first unread message. */
export const MAX_UNREAD_PAGES = 8;

export function useFirstUnread(options: {
  channel: Pick<ChannelView, 'last_read_seq' | 'last_seq'>;
  /** The channel's messages are live (and can be paged). */
  ready: boolean;
  /** The oldest loaded message's seq (Infinity when none). */
  oldestSeq: number;
  loadOlder: (beforeSeq: number) => Promise<number>;
}): { firstUnreadSeq: number | null; reachingUnread: boolean } {
  const { channel, ready, oldestSeq, loadOlder } = options;
  const [firstUnreadSeq] = useState(() =>
    channel.last_read_seq < channel.last_seq ? channel.last_read_seq + 1 : null,
  );
  const [pages, setPages] = useState(0);
  const reachingUnread =
    ready &&
    firstUnreadSeq !== null &&
    Number.isFinite(oldestSeq) &&
    oldestSeq > firstUnreadSeq &&
    oldestSeq > 1 &&
    pages < MAX_UNREAD_PAGES;
  useEffect(() => {
    if (!reachingUnread) return;
    // Counted whatever happens meanwhile, so at most MAX_UNREAD_PAGES pages are ever loaded.
    loadOlder(oldestSeq)
      .then((count) => setPages((loaded) => (count === 0 ? MAX_UNREAD_PAGES : loaded + 1)))
      .catch(() => setPages(MAX_UNREAD_PAGES));
  }, [reachingUnread, oldestSeq, loadOlder]);
  return { firstUnreadSeq, reachingUnread };
}
