// The viewer's own typing and online notices in an open channel (SPEC §9, DESIGN §2): `user_online`
// on entering and every ONLINE_WINDOW_MS while the tab is visible; `user_typing` when the composer
// says so (it throttles to once per TYPING_WINDOW_MS); `clearTyping` on send and on leaving.
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { ONLINE_WINDOW_MS } from '@seminar/shared';
import type { LiveTrpcClient } from '../../live/client';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const isVisible = () => document.visibilityState === 'visible';

/** Whether the tab is visible (document.visibilityState). */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, isVisible, () => true);
}

const ignore = (what: string) => (error: unknown) => console.warn(`[seminar] ${what}`, error);

export function useChannelPresence(
  trpc: LiveTrpcClient | null,
  classId: string,
  channelId: string,
): { typing: () => void; sent: () => void } {
  const visible = useDocumentVisible();
  const typingSent = useRef(false);
  // The last typing notice in flight: a clear waits for it, or it could land after the clear.
  const lastTyping = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!trpc || !visible) return;
    const ref = { class_id: classId, channel_id: channelId };
    const online = () =>
      void trpc.channels.notify.mutate({ ...ref, type: 'user_online' }).catch(ignore('online'));
    online();
    const timer = setInterval(online, ONLINE_WINDOW_MS);
    return () => clearInterval(timer);
  }, [trpc, visible, classId, channelId]);

  // Leaving the channel clears the typing notice.
  useEffect(() => {
    if (!trpc) return;
    return () => {
      if (!typingSent.current) return;
      typingSent.current = false;
      void lastTyping.current.then(() =>
        trpc.channels.clearTyping
          .mutate({ class_id: classId, channel_id: channelId })
          .catch(ignore('clear typing')),
      );
    };
  }, [trpc, classId, channelId]);

  const typing = useCallback(() => {
    if (!trpc) return;
    typingSent.current = true;
    lastTyping.current = trpc.channels.notify
      .mutate({ class_id: classId, channel_id: channelId, type: 'user_typing' })
      .catch(ignore('typing'));
  }, [trpc, classId, channelId]);

  const sent = useCallback(() => {
    if (!trpc || !typingSent.current) return;
    typingSent.current = false;
    void lastTyping.current.then(() =>
      trpc.channels.clearTyping
        .mutate({ class_id: classId, channel_id: channelId })
        .catch(ignore('clear typing')),
    );
  }, [trpc, classId, channelId]);

  return { typing, sent };
}
