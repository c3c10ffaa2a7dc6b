// Docs: docs/ai.md#moderation, docs/ai.md#the-spend-as-it-happens — the staff's AI watch of a class
// (per activity: unhandled flags and the spend so far, live) and marking a flag handled.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiWatchRow, FlagHandledInput } from '@seminar/shared';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { NOT_CONNECTED_MESSAGE } from './connection';

export const aiWatchQuery = (classId: string) =>
  liveQuery<AiWatchRow, 'moderation.watch'>(
    'moderation.watch',
    { class_id: classId },
    { idOf: (row) => row.activity_id },
  );

/** The class's AI watch; only for staff (`enabled`), as the server refuses students. */
export function useAiWatch(classId: string, enabled: boolean): LiveQueryResult<AiWatchRow> {
  return useLiveQuery(aiWatchQuery(classId), { enabled });
}

/** Marks a flagged exchange handled; the review's exchanges are read again. */
export function useMarkFlagHandled() {
  const { client } = useLive();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FlagHandledInput) => {
      if (!client) throw new Error(NOT_CONNECTED_MESSAGE);
      return client.moderation.markHandled.mutate(input);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['activities.exchanges'] }),
  });
}
