// Docs: docs/channels.md#search — opening a channel at a message (a search result): the messages from
// a little before it up to the oldest loaded come in first (no gap), then the list is told which
// message to scroll to and mark.
import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** A message to show and mark: `at` tells two openings of the same message apart. */
export interface MessageFocus {
  channelId: string;
  messageId: string;
  seq: number;
  at: number;
}

/** Messages loaded before a focused one, so it opens with its context. */
const FOCUS_CONTEXT = 10;

/** The message the list should scroll to and mark, once its history is loaded. */
export function useOpenAtMessage(
  focus: MessageFocus | null,
  channel: {
    /** The channel's messages are there and the connection is up. */
    ready: boolean;
    /** The oldest message loaded (Infinity when none). */
    oldestSeq: number;
    loadRange: (fromSeq: number, beforeSeq: number) => Promise<void>;
  },
): { id: string; at: number } | null {
  const [focused, setFocused] = useState<{ id: string; at: number } | null>(null);
  const handled = useRef<number | null>(null);
  const open = useEffectEvent((target: MessageFocus) => {
    handled.current = target.at;
    const from = Math.max(1, target.seq - FOCUS_CONTEXT);
    const load =
      Number.isFinite(channel.oldestSeq) && from < channel.oldestSeq
        ? channel.loadRange(from, channel.oldestSeq)
        : Promise.resolve();
    // Shown even when the history could not load: the list opens (at the message if it is there).
    load
      .catch((error: unknown) => console.warn('[seminar] open at message', error))
      .finally(() => setFocused({ id: target.messageId, at: target.at }));
  });
  const { ready } = channel;
  useEffect(() => {
    if (!focus || focus.at === handled.current || !ready) return;
    open(focus);
  }, [focus, ready]);
  return focused;
}

/**
 * Whether the channel's list should wait (show "Loading messages"): for its first unread message
 * (useFirstUnread.ts), or, before the list has first shown, for the message it opens at. A channel
 * opened at a message (a search result, a link) waits for it, so the list opens there rather than
 * at the newest and then moves (a move react-virtuoso can undo while it still settles its first
 * view). Once the list is shown, a focus scrolls it instead.
 */
export function useListHold(options: {
  reachingUnread: boolean;
  /** The channel's messages are there. */
  ready: boolean;
  connected: boolean;
  opening: MessageFocus | null;
  focused: { at: number } | null;
}): boolean {
  const { reachingUnread, ready, connected, opening, focused } = options;
  const [listShown, setListShown] = useState(false);
  const awaitingFocus =
    !listShown && opening !== null && focused?.at !== opening.at && ready && connected;
  const holding = reachingUnread || awaitingFocus;
  useEffect(() => {
    if (ready && !holding) setListShown(true);
  }, [ready, holding]);
  return holding;
}
