// The chat's live queries (SPEC §7 "Channels", "Notifications", DESIGN §4 messages) and the
// viewer's role in the class, each cached under ['live', ...key] and shared with other features
// using the same key (['classes', 'mine'] is the class selector's too).
import type { QueryKey } from '@tanstack/react-query';
import type {
  ChannelNotificationView,
  ChannelView,
  Class,
  Message,
  RosterEntry,
  Role,
} from '@seminar/shared';
import { useLiveQuery } from '../../live/useLiveQuery';

export const myClassesKey = (): QueryKey => ['classes', 'mine'];
export const channelsKey = (classId: string): QueryKey => ['channels', classId];
export const messagesKey = (classId: string, channelId: string): QueryKey => [
  'messages',
  classId,
  channelId,
];
export const notificationsKey = (classId: string, channelId: string): QueryKey => [
  'channels',
  'notifications',
  classId,
  channelId,
];
/** Same key as the people feature's roster, so the two share one cache entry. */
export const rosterKey = (classId: string): QueryKey => ['classes', classId, 'roster'];

/** A channel's title: its name, or its id when it has none. */
export const channelTitle = (channel: Pick<ChannelView, 'name' | 'channel_id'>): string =>
  channel.name.trim() || channel.channel_id;

const classIdOf = (row: Class) => row.class_id;
const channelIdOf = (row: ChannelView) => row.channel_id;
export const messageIdOf = (row: Message) => row.id;
const noticeIdOf = (row: ChannelNotificationView) => row.id;
const rosterIdOf = (row: RosterEntry) => row.id;

const byTitle = (a: ChannelView, b: ChannelView) =>
  channelTitle(a).localeCompare(channelTitle(b), undefined, { sensitivity: 'base' }) ||
  a.channel_id.localeCompare(b.channel_id);
/** Seq order; messages not yet sent (seq = MAX_SAFE_INTEGER) last, in the order they were written. */
export const bySeq = (a: Message, b: Message) => a.seq - b.seq || a.created_at - b.created_at;

/** The viewer's role in the class, from `classes.mine` (null until known, or when none). */
export function useMyRole(classId: string): Role | null {
  const { rows } = useLiveQuery<Class>({
    key: myClassesKey(),
    idOf: classIdOf,
    subscribe: (handlers, { trpc }) => trpc.classes.mine.subscribe(undefined, handlers),
  });
  return rows.find((row) => row.class_id === classId)?.my_role ?? null;
}

/** The viewer's channels in a class, with unread counts (SPEC §4 visibility). */
export function useChannels(classId: string) {
  return useLiveQuery<ChannelView>({
    key: channelsKey(classId),
    idOf: channelIdOf,
    sort: byTitle,
    subscribe: (handlers, { trpc }) =>
      trpc.channels.live.subscribe({ class_id: classId }, handlers),
  });
}

/** The newest messages of a channel, then every new, edited or deleted one (resumable). */
export function useMessages(classId: string, channelId: string) {
  return useLiveQuery<Message>({
    key: messagesKey(classId, channelId),
    idOf: messageIdOf,
    sort: bySeq,
    subscribe: (handlers, { trpc, lastEventId }) =>
      trpc.messages.live.subscribe(
        { class_id: classId, channel_id: channelId, lastEventId },
        handlers,
      ),
  });
}

/** Typing and online notices of a channel. */
export function useNotifications(classId: string, channelId: string) {
  return useLiveQuery<ChannelNotificationView>({
    key: notificationsKey(classId, channelId),
    idOf: noticeIdOf,
    subscribe: (handlers, { trpc }) =>
      trpc.channels.notifications.subscribe({ class_id: classId, channel_id: channelId }, handlers),
  });
}

/** The class roster (for the channel member picker); only subscribed while `enabled`. */
export function useRoster(classId: string, enabled: boolean) {
  return useLiveQuery<RosterEntry>({
    key: rosterKey(classId),
    idOf: rosterIdOf,
    enabled,
    subscribe: (handlers, { trpc }) =>
      trpc.classes.roster.subscribe({ class_id: classId }, handlers),
  });
}
