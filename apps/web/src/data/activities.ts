// Docs: docs/ARCHITECTURE.md#web-data, SPEC §7 "Activities" — the activities resource: a class's
// activities (live; students get enabled ones only) and the activity writes, each shown at once and
// reconciled by the server's row. The Activities tab and the catalogue's "Use in activity" both save
// through `useActivityActions`.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_AGENT_LIMITS,
  currentTutorVersion,
  makeRecordId,
  NO_PHASES,
  type Activity,
  type AgentLimits,
  type TutorMode,
  type ActivityInput,
  type ActivityPhases,
  type AiAgentCooperationMode,
} from '@seminar/shared';
import { useSession } from '../auth/session';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useOptimisticWrite } from '../live/optimistic';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { NOT_CONNECTED, NOT_CONNECTED_MESSAGE } from './connection';

const activityIdOf = (activity: Activity) => activity.activity_id;

/** By start date (undated last), then title. */
export function byStartThenTitle(a: Activity, b: Activity): number {
  const start = (a.start_date ?? '9999').localeCompare(b.start_date ?? '9999');
  return (
    start ||
    a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true }) ||
    a.activity_id.localeCompare(b.activity_id)
  );
}

export const activitiesQuery = (classId: string) =>
  liveQuery(
    'activities.live',
    { class_id: classId },
    { idOf: activityIdOf, sort: byStartThenTitle },
  );

export function useActivities(classId: string): LiveQueryResult<Activity> {
  return useLiveQuery(activitiesQuery(classId));
}

/**
 * An activity's agent usage and budget (instructors and class admins), read again every 15 s while
 * shown: the jobs table is not a live topic.
 */
export function useAgentUsage(classId: string, activityId: string, enabled: boolean) {
  const { client } = useLive();
  return useQuery({
    queryKey: ['activities.usage', { class_id: classId, activity_id: activityId }],
    queryFn: () =>
      client!.activities.usage.query({ class_id: classId, activity_id: activityId }),
    enabled: enabled && client !== null,
    refetchInterval: 15_000,
  });
}

/** An activity's exchanges with its agents (the instructors' review), optionally one person's. */
export function useAgentExchanges(classId: string, activityId: string, authorUid: string | null) {
  const { client } = useLive();
  const input = {
    class_id: classId,
    activity_id: activityId,
    ...(authorUid ? { author_uid: authorUid } : {}),
  };
  return useQuery({
    queryKey: ['activities.exchanges', input],
    queryFn: () => client!.activities.exchanges.query(input),
    enabled: client !== null,
    refetchInterval: 15_000,
  });
}

/** The viewer's own exchanges with AI agents in the class, per activity (docs/ai.md). */
export function useMyExchanges(classId: string) {
  const { client } = useLive();
  return useQuery({
    queryKey: ['activities.myExchanges', classId],
    queryFn: () => client!.activities.myExchanges.query({ class_id: classId }),
    enabled: client !== null,
  });
}

/** The activity writes of one class. */
/** A tutor mode as the instructor picks it (the instructions only for `custom`). */
export interface TutorChoice {
  mode: TutorMode;
  custom: string | null;
}

export function useActivityActions(classId: string) {
  const { client } = useLive();
  const { user } = useSession();
  const write = useOptimisticWrite();
  const uid = user?.id ?? '';
  const userName = user?.name ?? null;

  return useMemo(() => {
    const key = activitiesQuery(classId).key;
    return {
      /** Makes the id of a new activity. */
      newActivityId: () => makeRecordId('activity', uid),
      /**
       * Saves a new or edited activity (shown at once). Returns a message when it could not even
       * be sent; a refusal later goes to the shared error state.
       */
      save: (input: ActivityInput, previous: Activity | null): string | null => {
        if (!client) return NOT_CONNECTED_MESSAGE;
        const base: Pick<
          Activity,
          | 'deleted'
          | 'pending_deleted'
          | 'version'
          | 'ai_agent_modes'
          | 'ai_budget_answers'
          | 'ai_budget_tokens'
          | 'ai_limits'
          | 'ai_tutor'
          | 'brief'
          | 'brief_attachments'
          | 'anonymous'
          | keyof ActivityPhases
        > = previous ?? {
          ...NO_PHASES,
          deleted: false,
          pending_deleted: false,
          version: 0,
          ai_agent_modes: {},
          ai_budget_answers: null,
          ai_budget_tokens: null,
          ai_limits: DEFAULT_AGENT_LIMITS,
          ai_tutor: null,
          brief: '',
          brief_attachments: [],
          anonymous: false,
        };
        const row: Activity = {
          ...base,
          ...input,
          updated_at: Date.now(),
          updated_by: uid,
          updated_by_name: userName,
        };
        void write<Activity, Activity>({
          key,
          id: input.activity_id,
          row,
          mutate: () => client.activities.save.mutate(input),
          serverRow: (saved) => saved,
        });
        return null;
      },
      setEnabled: (activity: Activity, enabled: boolean) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<Activity, Activity>({
          key,
          id: activity.activity_id,
          row: { ...activity, enabled },
          mutate: () =>
            client.activities.setEnabled.mutate({
              class_id: classId,
              activity_id: activity.activity_id,
              enabled,
            }),
          serverRow: (saved) => saved,
        });
      },
      /** Instructors: one agent's mode in the activity (pause it, or let it answer again). */
      setAgentMode: (activity: Activity, agent: string, mode: AiAgentCooperationMode) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<Activity, Activity>({
          key,
          id: activity.activity_id,
          row: { ...activity, ai_agent_modes: { ...activity.ai_agent_modes, [agent]: mode } },
          mutate: () =>
            client.activities.setAgentMode.mutate({
              class_id: classId,
              activity_id: activity.activity_id,
              agent,
              mode,
            }),
          serverRow: (saved) => saved,
        });
      },
      /** Instructors: the activity's agent budget (null: no limit). */
      setAgentBudget: (activity: Activity, answers: number | null, tokens: number | null) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<Activity, Activity>({
          key,
          id: activity.activity_id,
          row: { ...activity, ai_budget_answers: answers, ai_budget_tokens: tokens },
          mutate: () =>
            client.activities.setAgentBudget.mutate({
              class_id: classId,
              activity_id: activity.activity_id,
              answers,
              tokens,
            }),
          serverRow: (saved) => saved,
        });
      },
      /** Instructors: per-student limits and the agents' schedule (docs/ai.md#limits-and-schedules). */
      setAgentLimits: (activity: Activity, limits: AgentLimits) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<Activity, Activity>({
          key,
          id: activity.activity_id,
          row: { ...activity, ai_limits: limits },
          mutate: () =>
            client.activities.setAgentLimits.mutate({
              class_id: classId,
              activity_id: activity.activity_id,
              limits,
            }),
          serverRow: (saved) => saved,
        });
      },
      /** Instructors: how the activity's LLM agents behave (docs/ai.md#tutor-modes). */
      setTutorMode: (activity: Activity, tutor: TutorChoice | null) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        const row: Activity = {
          ...activity,
          ai_tutor: tutor
            ? {
                mode: tutor.mode,
                version: currentTutorVersion(tutor.mode),
                custom: tutor.mode === 'custom' ? tutor.custom : null,
              }
            : null,
        };
        return write<Activity, Activity>({
          key,
          id: activity.activity_id,
          row,
          mutate: () =>
            client.activities.setTutorMode.mutate({
              class_id: classId,
              activity_id: activity.activity_id,
              tutor,
            }),
          serverRow: (saved) => saved,
        });
      },
      remove: (activity: Activity) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<Activity, void>({
          key,
          id: activity.activity_id,
          row: null,
          mutate: () =>
            client.activities.delete.mutate({
              class_id: classId,
              activity_id: activity.activity_id,
            }),
        });
      },
    };
  }, [client, write, classId, uid, userName]);
}

/**
 * The viewer's own pseudonym in an anonymous activity (docs/activities.md#anonymity), or nothing
 * (no activity given, staff, or none yet: a student gets one with their first post — asked again
 * every 5 s until then).
 */
export function useOwnPseudonym(classId: string, activityId: string | null) {
  const { client } = useLive();
  return useQuery({
    queryKey: ['activities.pseudonym', { class_id: classId, activity_id: activityId }],
    queryFn: () =>
      client!.activities.pseudonym.query({ class_id: classId, activity_id: activityId ?? '' }),
    enabled: activityId !== null && client !== null,
    refetchInterval: (query) => (query.state.data?.number == null ? 5_000 : false),
  });
}
