// Docs: docs/channels.md#typing-and-online — the viewer's own typing and online notices in an open
// channel (SPEC §9, DESIGN §2): `user_online` on entering and every ONLINE_WINDOW_MS while the tab
// is visible; `user_typing` when the composer says so (it throttles to once per TYPING_WINDOW_MS);
// `clearTyping` on send, when the composer is emptied and on leaving the channel; `leave` (online and
// typing end for everyone at once) when the page is hidden away or closed (`pagehide`), and online
// again when it comes back from the back/forward cache (`pageshow`).
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ONLINE_WINDOW_MS } from '@seminar/shared';
import type { useChannelActions } from '../../data/channels';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const isVisible = () => document.visibilityState === 'visible';

/**
 * Whether the tab is visible (document.visibilityState). A change re-renders its readers as a
 * transition, after the event: read through `useSyncExternalStore`, it re-rendered the class page
 * (its readers include the page itself) synchronously inside `visibilitychange` — 50–90 ms of a
 * desktop core on every tab switch and every reload, where the old page's unload waited for it.
 * What reads it (marking read, notifications, the online notice) can follow a frame later.
 */
export function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(isVisible);
  useEffect(() => {
    const update = () => startTransition(() => setVisible(isVisible()));
    // It may have changed between the first render and this effect.
    update();
    return subscribeVisibility(update);
  }, []);
  return visible;
}

type ChannelActions = ReturnType<typeof useChannelActions>;

export function useChannelPresence(
  actions: ChannelActions,
  channelId: string,
): { typing: () => void; typingEnded: () => void } {
  const visible = useDocumentVisible();
  const typingSent = useRef(false);
  // The last typing notice in flight: a clear waits for it, or it could land after the clear.
  const lastTyping = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!actions.connected || !visible) return;
    const online = () => void actions.notify(channelId, 'user_online');
    online();
    const timer = setInterval(online, ONLINE_WINDOW_MS);
    return () => clearInterval(timer);
  }, [actions, visible, channelId]);

  // Closing the tab, reloading or navigating away: the others stop seeing the viewer at once. The
  // mutation is queued on the open socket before the page goes (the server also ends the notices
  // when it sees the socket close). A page restored from the back/forward cache says online again.
  useEffect(() => {
    if (!actions.connected) return;
    const pageHide = () => {
      typingSent.current = false;
      void actions.leave(channelId);
    };
    const pageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void actions.notify(channelId, 'user_online');
    };
    window.addEventListener('pagehide', pageHide);
    window.addEventListener('pageshow', pageShow);
    return () => {
      window.removeEventListener('pagehide', pageHide);
      window.removeEventListener('pageshow', pageShow);
    };
  }, [actions, channelId]);

  // Leaving the channel clears the typing notice.
  useEffect(() => {
    if (!actions.connected) return;
    return () => {
      if (!typingSent.current) return;
      typingSent.current = false;
      void lastTyping.current.then(() => actions.clearTyping(channelId));
    };
  }, [actions, channelId]);

  const typing = useCallback(() => {
    if (!actions.connected) return;
    typingSent.current = true;
    lastTyping.current = actions.notify(channelId, 'user_typing');
  }, [actions, channelId]);

  const typingEnded = useCallback(() => {
    if (!actions.connected || !typingSent.current) return;
    typingSent.current = false;
    void lastTyping.current.then(() => actions.clearTyping(channelId));
  }, [actions, channelId]);

  return { typing, typingEnded };
}
