// Docs: docs/polls.md#cold-call — tells a student it is their turn: a browser notification (the
// same permission and mechanism as mentions, useChatSignals.ts) when a spotlight naming them
// appears while the page is hidden or another channel is open. Mounted by the class page, so it
// works whichever channel is open.
import { useEffect, useRef } from 'react';
import { spotlightText } from '@seminar/shared';
import { channelTitle, useChannels } from '../../data/channels';
import { useMySpotlights } from '../../data/polls';
import { notificationsAllowed } from '../chat/useChatSignals';
import { useDocumentVisible } from '../chat/useChannelPresence';

export function useSpotlightNotifications(
  classId: string,
  enabled: boolean,
  openChannelId: string | null,
  onOpenChannel: (channelId: string) => void,
): void {
  const mine = useMySpotlights(classId, enabled);
  const channels = useChannels(classId, enabled);
  const visible = useDocumentVisible();
  // The spotlights already told (by channel and version): the first list is not news.
  const told = useRef<Set<string> | null>(null);
  const open = useRef(onOpenChannel);
  open.current = onOpenChannel;

  useEffect(() => {
    if (mine.status !== 'ready') return;
    const keys = mine.rows.map((row) => `${row.channel_id}:${row.version}`);
    const before = told.current;
    told.current = new Set(keys);
    if (!before || !notificationsAllowed()) return;
    for (const row of mine.rows) {
      if (before.has(`${row.channel_id}:${row.version}`)) continue;
      if (visible && openChannelId === row.channel_id) continue;
      const channel = channels.rows.find((item) => item.channel_id === row.channel_id);
      const shown = new Notification(`Your turn in ${channel ? channelTitle(channel) : 'class'}`, {
        body: spotlightText(row.name),
        tag: `seminar-coldcall-${row.channel_id}`,
      });
      shown.onclick = () => {
        window.focus();
        open.current(row.channel_id);
        shown.close();
      };
    }
  }, [mine.status, mine.rows, channels.rows, visible, openChannelId]);
}
