// The viewer's own typing and online notices in an open channel (SPEC §9, DESIGN §2): `user_online`
// on entering and every ONLINE_WINDOW_MS while the tab is visible; `user_typing` when the composer
// says so (it throttles to once per TYPING_WINDOW_MS); `clearTyping` on send and on leaving.
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { ONLINE_WINDOW_MS } from '@seminar/shared';
import type { useChannelActions } from '../../data/channels';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const isVisible = () => document.visibilityState === 'visible';

/** Whether the tab is visible (document.visibilityState). */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, isVisible, () => true);
}

type ChannelActions = ReturnType<typeof useChannelActions>;

export function useChannelPresence(
  actions: ChannelActions,
  channelId: string,
): { typing: () => void; sent: () => void } {
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

  const sent = useCallback(() => {
    if (!actions.connected || !typingSent.current) return;
    typingSent.current = false;
    void lastTyping.current.then(() => actions.clearTyping(channelId));
  }, [actions, channelId]);

  return { typing, sent };
}
