// Docs: docs/ARCHITECTURE.md#web-data, SPEC §7 "Channels", "Notifications", docs/channels.md — the
// channels resource: a class's channels (with unread counts) and a channel's typing and online
// notices (live), and the channel writes: create, update and delete (optimistic on the channel
// list), members, mark read, warming the send path, and the viewer's own notices.
import { useMemo } from 'react';
import {
  displayName,
  isOwnChannel,
  makeRecordId,
  type ChannelMember,
  type ChannelNotificationView,
  type ChannelView,
  type NotifyLevel,
} from '@seminar/shared';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useOptimisticWrite } from '../live/optimistic';
import { useLivePrefetch, useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { NOT_CONNECTED } from './connection';

/** A channel's title: its name, or its id when it has none. */
export const channelTitle = (channel: Pick<ChannelView, 'name' | 'channel_id'>): string =>
  channel.name.trim() || channel.channel_id;

const channelIdOf = (row: ChannelView) => row.channel_id;
const noticeIdOf = (row: ChannelNotificationView) => row.id;

/** By title (as people read it), then id. */
export const byChannelTitle = (a: ChannelView, b: ChannelView) =>
  channelTitle(a).localeCompare(channelTitle(b), undefined, { sensitivity: 'base' }) ||
  a.channel_id.localeCompare(b.channel_id);

/** The viewer's channels in a class, with unread counts (SPEC §4 visibility). */
export const channelsQuery = (classId: string) =>
  liveQuery(
    'channels.live',
    { class_id: classId },
    { idOf: channelIdOf, sort: byChannelTitle, offline: { maxRows: 500 } },
  );

/** Typing and online notices of a channel. */
export const notificationsQuery = (classId: string, channelId: string) =>
  liveQuery(
    'channels.notifications',
    { class_id: classId, channel_id: channelId },
    { idOf: noticeIdOf },
  );

const memberIdOf = (row: ChannelMember) => row.uid;

/** The people enrolled in a channel (its members panel and settings). */
export const channelMembersQuery = (classId: string, channelId: string) =>
  liveQuery(
    'channels.members',
    { class_id: classId, channel_id: channelId },
    { idOf: memberIdOf },
  );

/** A channel's enrolled members, live; `enabled` false: not subscribed. */
export function useChannelMembers(
  classId: string,
  channelId: string,
  enabled = true,
): LiveQueryResult<ChannelMember> {
  return useLiveQuery(channelMembersQuery(classId, channelId), { enabled });
}

export function useChannels(classId: string, enabled = true): LiveQueryResult<ChannelView> {
  return useLiveQuery(channelsQuery(classId), { enabled });
}

/** Starts a class's channel list subscription while mounted, without reading it (null: none). */
export function usePrefetchChannels(classId: string | null): void {
  useLivePrefetch(classId === null ? null : channelsQuery(classId));
}

export function useNotifications(
  classId: string,
  channelId: string,
): LiveQueryResult<ChannelNotificationView> {
  return useLiveQuery(notificationsQuery(classId, channelId));
}

/** Who creates a channel (its optimistic row names them). */
export interface ChannelAuthor {
  uid: string;
  email: string;
  /** Stored 'Last, First' name. */
  name: string;
}

/** The editable fields of a channel. */
export interface ChannelFields {
  name: string;
  is_public: boolean;
  channel_group: string[];
}

const ignore = (what: string) => (error: unknown) => console.warn(`[seminar] ${what}`, error);

/** The channel writes of one class. Fire-and-forget ones log a failure (SPEC §8). */
export function useChannelActions(classId: string) {
  const { client } = useLive();
  const write = useOptimisticWrite();

  return useMemo(() => {
    const key = channelsQuery(classId).key;
    const ref = (channelId: string) => ({ class_id: classId, channel_id: channelId });
    return {
      /** False while there is no live connection (signed out): the writes then do nothing. */
      connected: client !== null,
      /** Creates a channel (shown at once); returns its id, or null without a connection. */
      create: (fields: ChannelFields, author: ChannelAuthor): string | null => {
        if (!client) return null;
        const channelId = makeRecordId('channel', author.uid);
        const input = { ...ref(channelId), ...fields };
        const row: ChannelView = {
          ...input,
          enabled: true,
          deleted: false,
          hidden_count: 0,
          updated_at: Date.now(),
          updated_by: author.uid,
          updated_by_name: displayName(author.name),
          last_seq: 0,
          last_read_seq: 0,
          is_own: isOwnChannel(input, author.email),
          mention_count: 0,
          notify: 'all',
          version: 0,
        };
        void write({ key, id: channelId, row, mutate: () => client.channels.create.mutate(input) });
        return channelId;
      },
      update: (channel: ChannelView, changes: ChannelFields & { enabled: boolean }) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write({
          key,
          id: channel.channel_id,
          row: { ...channel, ...changes },
          mutate: () => client.channels.update.mutate({ ...ref(channel.channel_id), ...changes }),
        });
      },
      remove: (channel: ChannelView) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write({
          key,
          id: channel.channel_id,
          row: null,
          mutate: () => client.channels.delete.mutate(ref(channel.channel_id)),
        });
      },
      /** Adds or removes a member (rejects with the server's refusal). */
      setMember: (channelId: string, uid: string, member: boolean): Promise<unknown> =>
        client
          ? client.channels.setMember.mutate({ ...ref(channelId), uid, member })
          : Promise.reject(NOT_CONNECTED.error),
      /** Marks the channel read up to `seq` (rejects on failure). */
      markRead: (channelId: string, seq: number): Promise<unknown> =>
        client
          ? client.channels.markRead.mutate({ ...ref(channelId), seq })
          : Promise.reject(NOT_CONNECTED.error),
      /** Sets the viewer's notification level for a channel (shown at once, undone if refused). */
      setNotify: (channel: ChannelView, notify: NotifyLevel) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write({
          key,
          id: channel.channel_id,
          row: { ...channel, notify },
          mutate: () =>
            client.channels.setNotify.mutate({ ...ref(channel.channel_id), notify }).then(() => ({
              ...channel,
              notify,
            })),
          serverRow: (row) => row,
        });
      },
      /** Warms the channel's send path (DESIGN §2); a failure is only logged. */
      prewarm: (channelId: string) => {
        client?.channels.prewarm.query(ref(channelId)).catch(ignore('prewarm'));
      },
      /** Tells the channel the viewer is online or typing (resolves either way). */
      notify: (channelId: string, type: 'user_online' | 'user_typing'): Promise<unknown> =>
        client
          ? client.channels.notify.mutate({ ...ref(channelId), type }).catch(ignore(type))
          : Promise.resolve(),
      /**
       * Ends the viewer's online and typing notices in the channel for everyone (the page is being
       * hidden or closed; resolves either way).
       */
      leave: (channelId: string): Promise<unknown> =>
        client
          ? client.channels.leave.mutate(ref(channelId)).catch(ignore('leave'))
          : Promise.resolve(),
      /** Clears the viewer's typing notice (resolves either way). */
      clearTyping: (channelId: string): Promise<unknown> =>
        client
          ? client.channels.clearTyping.mutate(ref(channelId)).catch(ignore('clear typing'))
          : Promise.resolve(),
    };
  }, [client, write, classId]);
}
