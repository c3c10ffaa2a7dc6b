// Docs: docs/channels.md#notifications — what a class's chat signals outside the open channel: the
// tab title's unread count, the Chat tab's mention badge, and browser notifications while the page
// is hidden (per channel: every message, mentions only, or nothing — the viewer's own choice, kept
// on the server). Read from the channel list (live), which carries each channel's unread messages,
// unread mentions of the viewer and the viewer's level.
import { useEffect, useRef } from 'react';
import { shouldNotify, type ChannelView } from '@seminar/shared';
import { channelTitle, useChannels } from '../../data/channels';
import { totalMentions, totalUnread, unreadCount } from './unread';
import { useDocumentVisible } from './useChannelPresence';

/** Whether this browser can show notifications and the person allowed them. */
export function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * Asks for permission to notify, only when it was never asked (a click that chose a level: never
 * on load). Resolves with whether notifications are allowed.
 */
export async function askNotificationPermission(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false;
  if (Notification.permission === 'default') await Notification.requestPermission();
  return Notification.permission === 'granted';
}

interface Seen {
  seq: number;
  unread: number;
  mentions: number;
}

/** What a change of the channel list should raise, if anything (pure: tested). */
export function notificationFor(
  channel: ChannelView,
  before: Seen | undefined,
  pageVisible: boolean,
): { title: string; body: string } | null {
  if (!before) return null;
  const mentioned = channel.mention_count > before.mentions;
  const newMessage = channel.last_seq > before.seq && unreadCount(channel) > before.unread;
  if (!mentioned && !newMessage) return null;
  const notify = shouldNotify({
    level: channel.notify,
    ownMessage: false,
    mentionsViewer: mentioned,
    pageVisible,
  });
  if (!notify) return null;
  const name = channelTitle(channel);
  return mentioned
    ? { title: `You were mentioned in ${name}`, body: 'Open the channel to read it.' }
    : { title: `New message in ${name}`, body: `${unreadCount(channel)} unread` };
}

/**
 * The class's unread and mention totals (the open channel counts only while the page is hidden: it
 * is read as it is shown), and browser notifications for what arrives while the page is hidden.
 */
export function useClassChatSignals(
  classId: string,
  enabled: boolean,
  openChannelId: string | null,
  onOpenChannel: (channelId: string) => void,
): { unread: number; mentions: number } {
  const channels = useChannels(classId, enabled);
  const visible = useDocumentVisible();
  const open = visible ? openChannelId : null;
  const seen = useRef<Map<string, Seen> | null>(null);
  const openChannel = useRef(onOpenChannel);
  openChannel.current = onOpenChannel;

  useEffect(() => {
    const before = seen.current;
    seen.current = new Map(
      channels.rows.map((channel) => [
        channel.channel_id,
        { seq: channel.last_seq, unread: unreadCount(channel), mentions: channel.mention_count },
      ]),
    );
    // The first list is what was there before: nothing new to tell.
    if (!before || !notificationsAllowed()) return;
    for (const channel of channels.rows) {
      const note = notificationFor(channel, before.get(channel.channel_id), visible);
      if (!note) continue;
      const shown = new Notification(note.title, {
        body: note.body,
        // One per channel: a newer one replaces it.
        tag: `seminar-${channel.channel_id}`,
      });
      shown.onclick = () => {
        window.focus();
        openChannel.current(channel.channel_id);
        shown.close();
      };
    }
  }, [channels.rows, visible]);

  return {
    unread: totalUnread(channels.rows, open),
    mentions: totalMentions(channels.rows, open),
  };
}
