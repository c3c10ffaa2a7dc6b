// Docs: docs/debrief.md — an activity's debrief for the web: participation and unanswered questions
// (queries, refreshed), the rubric and grades and the AI summary (live), and their writes. A write
// resolves with null or the words of its refusal.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GradeSetWire, RubricSetWire } from '@seminar/shared';
import { describeError } from '../live/errors';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useLiveQuery } from '../live/useLiveQuery';
import { NOT_CONNECTED_MESSAGE } from './connection';

const byId = (row: { id: string }) => row.id;
/** The figures change with every post: refreshed this often while the page is open. */
const REFRESH_MS = 15_000;

export function useParticipation(classId: string, activityId: string) {
  const { client } = useLive();
  const input = { class_id: classId, activity_id: activityId };
  return useQuery({
    queryKey: ['debrief.participation', input],
    queryFn: () => client!.debrief.participation.query(input),
    enabled: client !== null,
    refetchInterval: REFRESH_MS,
  });
}

export function useUnanswered(classId: string, activityId: string) {
  const { client } = useLive();
  const input = { class_id: classId, activity_id: activityId };
  return useQuery({
    queryKey: ['debrief.unanswered', input],
    queryFn: () => client!.debrief.unanswered.query(input),
    enabled: client !== null,
    refetchInterval: REFRESH_MS,
  });
}

/** The rubric (id `rubric`) and the grades (id = uid), live (staff). */
export function useGrading(classId: string, activityId: string, enabled: boolean) {
  return useLiveQuery(
    liveQuery(
      'debrief.grading',
      { class_id: classId, activity_id: activityId },
      { idOf: byId },
    ),
    { enabled },
  );
}

/** The activity's AI summary (none, or one row), live (staff). */
export function useSummary(classId: string, activityId: string, enabled: boolean) {
  return useLiveQuery(
    liveQuery(
      'debrief.summary',
      { class_id: classId, activity_id: activityId },
      { idOf: byId },
    ),
    { enabled },
  );
}

async function attempt(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return describeError(error);
  }
}

/** The debrief's writes and the CSV, for one activity. */
export function useDebriefActions(classId: string, activityId: string) {
  const { client } = useLive();
  return useMemo(() => {
    const ref = { class_id: classId, activity_id: activityId };
    const guard = (run: () => Promise<unknown>) =>
      client ? attempt(run) : Promise.resolve(NOT_CONNECTED_MESSAGE);
    return {
      setRubric: (rubric: Omit<RubricSetWire, 'class_id' | 'activity_id'>) =>
        guard(() => client!.debrief.setRubric.mutate({ ...ref, ...rubric })),
      setGrade: (grade: Omit<GradeSetWire, 'class_id' | 'activity_id'>) =>
        guard(() => client!.debrief.setGrade.mutate({ ...ref, ...grade })),
      summarize: () => guard(() => client!.debrief.summarize.mutate(ref)),
      /** The gradebook CSV, or the refusal's words. */
      gradebook: async (): Promise<{ filename: string; csv: string } | { error: string }> => {
        if (!client) return { error: NOT_CONNECTED_MESSAGE };
        try {
          return await client.debrief.gradebook.query(ref);
        } catch (error) {
          return { error: describeError(error) };
        }
      },
    };
  }, [client, classId, activityId]);
}
