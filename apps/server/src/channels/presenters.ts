// Docs: docs/channels.md — channel and notification rows → wire shapes.
import { isOwnChannel, type ChannelNotificationView, type ChannelView } from '@seminar/shared';
import type { channelNotifications, channels } from '../db/schema';

type ChannelRow = typeof channels.$inferSelect;
type NotificationRow = typeof channelNotifications.$inferSelect;

/** A channel as one viewer sees it in their list (unread = last_seq − last_read_seq − hidden_count). */
export function presentChannel(
  row: ChannelRow,
  viewer: { email: string | null; lastReadSeq: number },
): ChannelView {
  return {
    channel_id: row.channel_id,
    class_id: row.class_id,
    name: row.name,
    is_public: row.is_public,
    enabled: row.enabled,
    deleted: row.deleted,
    channel_group: row.channel_group,
    updated_at: row.updated_at.getTime(),
    updated_by: row.updated_by,
    updated_by_name: row.updated_by_name,
    last_seq: row.last_seq,
    last_read_seq: Math.min(viewer.lastReadSeq, row.last_seq),
    is_own: isOwnChannel(row, viewer.email),
    mention_count: 0,
    hidden_count: 0,
    notify: 'all',
    version: row.version,
  };
}

/** The id of a notice: one row per (channel, user, type). */
export const notificationId = (uid: string, type: string) => `${uid}:${type}`;

/** A typing or online notice, with its sender's name. */
export function presentNotification(
  row: NotificationRow,
  fromName: string,
): ChannelNotificationView {
  return {
    id: notificationId(row.from_uid, row.type),
    type: row.type as ChannelNotificationView['type'],
    from: row.from_uid,
    from_name: fromName,
    created_at: row.created_at.getTime(),
    class_id: row.class_id,
    channel_id: row.channel_id,
    deleted: row.deleted,
    version: row.version,
  };
}
