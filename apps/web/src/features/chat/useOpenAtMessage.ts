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
