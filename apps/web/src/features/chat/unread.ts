// Unread counts of the channel list: unread = last_seq − last_read_seq − hidden_count (never below
// zero); hidden_count is what a post-first phase hides from the viewer (docs/phases.md#unread-counts).
import { countOf } from '@seminar/shared';

/** The fields the unread count reads. */
export interface UnreadLike {
  last_seq: number;
  last_read_seq: number;
  hidden_count?: number;
}

/** Messages after the viewer's last read one they may see; 0 when the numbers are missing or odd. */
export function unreadCount(channel: UnreadLike): number {
  const unread = channel.last_seq - channel.last_read_seq - (channel.hidden_count ?? 0);
  return Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0;
}

/** What the badge shows: the number, or "99+". */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The words read out for the badge, e.g. "3 unread messages". */
export function unreadWords(count: number): string {
  if (count <= 0) return 'No unread messages';
  return countOf(count, { one: 'unread message', other: 'unread messages' });
}

/** Unread messages across channels, leaving out the one open (it is read as it is shown). */
export function totalUnread(
  channels: readonly (UnreadLike & { channel_id: string })[],
  openChannelId?: string | null,
): number {
  return channels.reduce(
    (sum, channel) => (channel.channel_id === openChannelId ? sum : sum + unreadCount(channel)),
    0,
  );
}

/** The words read out for a mention badge, e.g. "2 mentions of you". */
export function mentionWords(count: number): string {
  return countOf(count, { one: 'mention of you', other: 'mentions of you' });
}

/** Unread mentions of the viewer across channels, leaving out the one open and visible. */
export function totalMentions(
  channels: readonly { channel_id: string; mention_count?: number }[],
  openChannelId?: string | null,
): number {
  return channels.reduce(
    (sum, channel) =>
      channel.channel_id === openChannelId ? sum : sum + Math.max(0, channel.mention_count ?? 0),
    0,
  );
}
