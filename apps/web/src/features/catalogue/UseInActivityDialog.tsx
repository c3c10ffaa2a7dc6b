// "Use in activity" from the catalogue: the class's "New activity" dialog with the product chosen
// (and its cost for the class under the field). Saving adds the activity to the class at once
// (optimistic, under the Activities tab's cache key), as the Activities tab's own dialog does.
import { useCallback } from 'react';
import {
  makeRecordId,
  type Activity,
  type ActivityInput,
  type ChannelView,
  type Class,
} from '@seminar/shared';
import { useSession } from '../../auth/session';
import { useLive } from '../../live/LiveProvider';
import { useOptimisticWrite } from '../../live/optimistic';
import { useLiveQuery } from '../../live/useLiveQuery';
import { activitiesKey } from '../activities/ActivitiesPanel';
import { ActivityDialog } from '../activities/ActivityDialog';
import { NOT_CONNECTED_MESSAGE } from '../classes/classActions';

const channelIdOf = (channel: ChannelView) => channel.channel_id;
const byChannelName = (a: ChannelView, b: ChannelView) =>
  (a.name || a.channel_id).localeCompare(b.name || b.channel_id, undefined, {
    sensitivity: 'base',
  });

export function UseInActivityDialog({
  cls,
  productId,
  studentCount,
  onClose,
  onSaved,
}: {
  cls: Class;
  productId: string;
  studentCount: number | null;
  onClose: () => void;
  /** Called with the activity's title once it was handed to the server. */
  onSaved: (title: string) => void;
}) {
  const classId = cls.class_id;
  const { client } = useLive();
  const { user } = useSession();
  const write = useOptimisticWrite();
  const uid = user?.id ?? '';
  const newActivityId = useCallback(() => makeRecordId('activity', uid), [uid]);

  const channels = useLiveQuery<ChannelView>({
    key: ['activities', classId, 'case-channels'],
    idOf: channelIdOf,
    sort: byChannelName,
    subscribe: (handlers, { trpc }) =>
      trpc.channels.live.subscribe({ class_id: classId }, handlers),
  });

  const save = (input: ActivityInput): string | null => {
    if (!client) return NOT_CONNECTED_MESSAGE;
    const row: Activity = {
      deleted: false,
      pending_deleted: false,
      version: 0,
      ...input,
      updated_at: Date.now(),
      updated_by: uid,
      updated_by_name: user?.name ?? null,
    };
    void write<Activity, Activity>({
      key: activitiesKey(classId),
      id: input.activity_id,
      row,
      mutate: () => client.activities.save.mutate(input),
      serverRow: (saved) => saved,
    });
    onSaved(input.title);
    return null;
  };

  return (
    <ActivityDialog
      open
      classId={classId}
      activity={null}
      channels={channels.rows}
      newActivityId={newActivityId}
      initialProductId={productId}
      studentCount={studentCount}
      onClose={onClose}
      onSave={save}
    />
  );
}
