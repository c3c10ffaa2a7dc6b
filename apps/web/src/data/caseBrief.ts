// Docs: docs/activities.md#case-brief-and-pins — the case brief (on the activity's row, live through
// `activities.live`) and a channel's pins (`pins.live`): who sees them, and their writes, shown at
// once and reconciled by the server's row; a refusal rolls back and is put in words.
import { useMemo } from 'react';
import {
  pinExcerpt,
  type Activity,
  type Message,
  type MessageAttachment,
  type Pin,
} from '@seminar/shared';
import { useSession } from '../auth/session';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useOptimisticWrite } from '../live/optimistic';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { activitiesQuery, useActivities } from './activities';
import { NOT_CONNECTED } from './connection';

export const pinsQuery = (classId: string, channelId: string) =>
  liveQuery(
    'pins.live',
    { class_id: classId, channel_id: channelId },
    { idOf: (pin) => pin.message_id, sort: (a, b) => a.seq - b.seq },
  );

/** A channel's pinned messages, oldest first. */
export function usePins(classId: string, channelId: string): LiveQueryResult<Pin> {
  return useLiveQuery(pinsQuery(classId, channelId));
}

/** The activity whose case channel this is (the first, should several name it), or null. */
export function useCaseActivity(classId: string, channelId: string): Activity | null {
  const activities = useActivities(classId);
  return useMemo(
    () =>
      activities.rows.find(
        (activity) => activity.channel_id === channelId && !activity.pending_deleted,
      ) ?? null,
    [activities.rows, channelId],
  );
}

/** Pin and unpin messages of one channel (instructors and class admins). */
export function usePinActions(classId: string, channelId: string) {
  const { client } = useLive();
  const { user } = useSession();
  const write = useOptimisticWrite();
  const uid = user?.id ?? '';
  const name = user?.name ?? '';
  return useMemo(() => {
    const key = pinsQuery(classId, channelId).key;
    return {
      /** Pins (`on`) or unpins a message; the bar shows it at once. */
      set: (message: Message, on: boolean) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        const row: Pin | null = on
          ? {
              message_id: message.id,
              class_id: message.class_id,
              channel_id: message.channel_id,
              seq: message.seq,
              author_uid: message.author_uid,
              author_name: message.author_name,
              excerpt: pinExcerpt(message.body, message.deleted),
              files: message.attachments.length,
              pinned_by: uid,
              pinned_by_name: name,
              pinned_at: Date.now(),
              version: 0,
            }
          : null;
        return write<Pin, Pin | null>({
          key,
          id: message.id,
          row,
          mutate: () => client.pins.set.mutate({ id: message.id, on }),
          serverRow: (pin) => pin,
        });
      },
      /** Unpins a pin of the bar (it goes at once). */
      unpin: (pin: Pin) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<Pin, Pin | null>({
          key,
          id: pin.message_id,
          row: null,
          mutate: () => client.pins.set.mutate({ id: pin.message_id, on: false }),
        });
      },
    };
  }, [client, write, classId, channelId, uid, name]);
}

/** Writes an activity's case brief (instructors and class admins). */
export function useBriefActions(classId: string) {
  const { client } = useLive();
  const write = useOptimisticWrite();
  return useMemo(
    () => ({
      save: (activity: Activity, body: string, files: MessageAttachment[]) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<Activity, Activity>({
          key: activitiesQuery(classId).key,
          id: activity.activity_id,
          row: { ...activity, brief: body, brief_attachments: files },
          mutate: () =>
            client.activities.setBrief.mutate({
              class_id: classId,
              activity_id: activity.activity_id,
              body,
              attachment_ids: files.map((file) => file.id),
            }),
          serverRow: (saved) => saved,
        });
      },
    }),
    [client, write, classId],
  );
}
