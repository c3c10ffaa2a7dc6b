// Docs: docs/phases.md — an activity's phases on the web: the case channel's activity (from the
// live activities list, so a phase change arrives with the activity's new version) and the phase
// writes (set the list; start, next, end). The server decides; these only ask and report refusals.
import { useMemo } from 'react';
import type { Activity, Phase, PhaseAdvance } from '@seminar/shared';
import { useLive } from '../live/LiveProvider';
import { NOT_CONNECTED_MESSAGE } from './connection';
import { useActivities } from './activities';

/** The activity whose case channel this is (null: none, or not loaded yet). */
export function useCaseActivity(classId: string, channelId: string): Activity | null {
  const activities = useActivities(classId);
  return useMemo(
    () => activities.rows.find((activity) => activity.channel_id === channelId) ?? null,
    [activities.rows, channelId],
  );
}

/** What a phase write came to: null when done, else the words of the refusal. */
export type PhaseWriteResult = string | null;

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'That did not work. Try again.';

/** The phase writes of an activity (instructors and class admins). */
export function usePhaseActions(activity: Activity) {
  const { client } = useLive();
  return useMemo(() => {
    const ref = { class_id: activity.class_id, activity_id: activity.activity_id };
    return {
      setPhases: async (phases: Phase[]): Promise<PhaseWriteResult> => {
        if (!client) return NOT_CONNECTED_MESSAGE;
        try {
          await client.activities.setPhases.mutate({ ...ref, phases });
          return null;
        } catch (error) {
          return messageOf(error);
        }
      },
      /** Makes the activity anonymous to classmates (never undone: docs/activities.md#anonymity). */
      makeAnonymous: async (): Promise<PhaseWriteResult> => {
        if (!client) return NOT_CONNECTED_MESSAGE;
        try {
          await client.activities.setAnonymous.mutate(ref);
          return null;
        } catch (error) {
          return messageOf(error);
        }
      },
      advance: async (action: PhaseAdvance, fromPhaseId: string | null): Promise<PhaseWriteResult> => {
        if (!client) return NOT_CONNECTED_MESSAGE;
        try {
          await client.activities.advancePhase.mutate({ ...ref, action, from_phase_id: fromPhaseId });
          return null;
        } catch (error) {
          return messageOf(error);
        }
      },
    };
  }, [client, activity.class_id, activity.activity_id]);
}
