// Docs: docs/channels.md#notifications — what a class's chat signals outside the open channel: the
// tab title's unread count, the Chat tab's mention badge, and browser notifications while the page
// is hidden (per channel: every message, mentions only, or nothing — the viewer's own choice, kept
// on the server). Read from the channel list (live), which carries each channel's unread messages,
// unread mentions of the viewer and the viewer's level.
import { useEffect, useRef } from 'react';
import { displayName, shouldNotify, type ChannelView, type RosterEntry } from '@seminar/shared';
import { useSession } from '../../auth/session';
import { channelTitle, useChannels } from '../../data/channels';
import { useRoster } from '../../data/classes';
import { useMessageRangeReader, type MessageRangeReader } from '../../data/messages';
import { messageToTell, notificationText, type NotificationText } from './notificationText';
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

/** Each class member's current name by uid, from the roster. */
function rosterNames(roster: readonly RosterEntry[]): (uid: string) => string | undefined {
  const names = new Map<string, string>();
  for (const entry of roster) {
    if (entry.uid === null || names.has(entry.uid)) continue;
    const name = displayName(entry.name) || entry.email || '';
    if (name) names.set(entry.uid, name);
  }
  return (uid) => names.get(uid);
}

interface Seen {
  seq: number;
  unread: number;
  mentions: number;
}

/**
 * What a change of the channel list should raise, if anything (pure: tested): whether it is a
 * mention, and the words to use when the message itself cannot be read (see notificationText.ts).
 */
export function notificationFor(
  channel: ChannelView,
  before: Seen | undefined,
  pageVisible: boolean,
): { title: string; body: string; mentioned: boolean } | null {
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
    ? { title: `You were mentioned in ${name}`, body: 'Open the channel to read it.', mentioned }
    : { title: `New message in ${name}`, body: `${unreadCount(channel)} unread`, mentioned };
}

/** How long a notification waits for its message before it goes out with the channel's words. */
const MESSAGE_WAIT_MS = 3000;
/** Unread messages read for a notification at most (the newest worth telling is told). */
const MESSAGES_READ = 25;

/**
 * The words of a notification from the channel's new messages (who wrote and an excerpt), or
 * `fallback` when they cannot be read in time.
 */
async function wordsFor(
  readRange: MessageRangeReader | null,
  channel: ChannelView,
  fallback: NotificationText & { mentioned: boolean },
  viewerUid: string,
  nameOf: (uid: string) => string | undefined,
): Promise<NotificationText> {
  if (!readRange) return fallback;
  const read = readRange({
    class_id: channel.class_id,
    channel_id: channel.channel_id,
    // The unread ones (a mention count can grow after the seq did: it is counted apart).
    fromSeq: Math.max(channel.last_read_seq + 1, channel.last_seq - MESSAGES_READ + 1, 1),
    beforeSeq: channel.last_seq + 1,
  }).then((rows) => {
    const message = messageToTell(rows, viewerUid, fallback.mentioned);
    return message
      ? notificationText(message, channelTitle(channel), fallback.mentioned, nameOf)
      : fallback;
  });
  const late = new Promise<NotificationText>((resolve) =>
    setTimeout(() => resolve(fallback), MESSAGE_WAIT_MS),
  );
  return Promise.race([read, late]).catch(() => fallback);
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
  const roster = useRoster(enabled ? classId : null);
  const readRange = useMessageRangeReader();
  const { user } = useSession();
  const viewerUid = user?.id ?? '';
  const visible = useDocumentVisible();
  const names = useRef<(uid: string) => string | undefined>(() => undefined);
  names.current = rosterNames(roster.rows);
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
      void wordsFor(readRange, channel, note, viewerUid, names.current).then((words) => {
        const shown = new Notification(words.title, {
          body: words.body,
          // One per channel: a newer one replaces it.
          tag: `seminar-${channel.channel_id}`,
        });
        shown.onclick = () => {
          window.focus();
          openChannel.current(channel.channel_id);
          shown.close();
        };
      });
    }
  }, [channels.rows, visible, readRange, viewerUid]);

  return {
    unread: totalUnread(channels.rows, open),
    mentions: totalMentions(channels.rows, open),
  };
}
