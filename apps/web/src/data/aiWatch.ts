// Docs: docs/ai.md#moderation, docs/ai.md#the-spend-as-it-happens — the staff's AI watch of a class
// (per activity: unhandled flags and the spend so far, live) and marking a flag handled.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiWatchRow, FlagHandledInput, ModerationSettings } from '@seminar/shared';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { NOT_CONNECTED_MESSAGE } from './connection';

export const aiWatchQuery = (classId: string) =>
  liveQuery(
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

/** The class's moderation checks (staff), read when asked for (the dialog). */
export function useModerationSettings(classId: string, enabled: boolean) {
  const { client } = useLive();
  return useQuery({
    queryKey: ['moderation.settings', { class_id: classId }],
    queryFn: () => client!.moderation.settings.query({ class_id: classId }),
    enabled: enabled && client !== null,
  });
}

/** Saves the class's moderation checks. */
export function useSetModerationSettings(classId: string) {
  const { client } = useLive();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ModerationSettings) => {
      if (!client) throw new Error(NOT_CONNECTED_MESSAGE);
      return client.moderation.setSettings.mutate({ class_id: classId, settings });
    },
    onSuccess: (settings) =>
      queryClient.setQueryData(['moderation.settings', { class_id: classId }], settings),
  });
}
