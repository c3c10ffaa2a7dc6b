// Docs: docs/institutions.md#the-admin-page — the LTI platform registry and launch log (site admins);
// a class's LMS link and its staff's roster sync and grade posting (#roster-and-grades).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LtiClassLink, LtiPlatformFields, LtiPlatformUpdate } from '@seminar/shared';
import { describeError } from '../live/errors';
import { useLive } from '../live/LiveProvider';
import { NOT_CONNECTED_MESSAGE } from './connection';

/** The registered platforms (refetched after each change). */
export function useLtiPlatforms() {
  const { client } = useLive();
  return useQuery({
    queryKey: ['lti', 'platforms'],
    queryFn: () => client!.lti.platforms.query(),
    enabled: client !== null,
  });
}

/** The last launches and errors. */
export function useLtiLaunches() {
  const { client } = useLive();
  return useQuery({
    queryKey: ['lti', 'launches'],
    queryFn: () => client!.lti.launches.query(),
    enabled: client !== null,
  });
}

/** Adds or saves a platform: null when done, else the refusal's words. */
export function useLtiPlatformActions() {
  const { client } = useLive();
  const queryClient = useQueryClient();
  const run = async (call: () => Promise<unknown>): Promise<string | null> => {
    if (!client) return NOT_CONNECTED_MESSAGE;
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: ['lti'] });
      return null;
    } catch (error) {
      return describeError(error);
    }
  };
  return {
    add: (fields: LtiPlatformFields) => run(() => client!.lti.addPlatform.mutate(fields)),
    update: (platform: LtiPlatformUpdate) => run(() => client!.lti.updatePlatform.mutate(platform)),
  };
}

/**
 * The class's LMS link (staff only: `staff` false asks nothing — a student is refused anyway).
 * Null data: the class is not linked to an LMS course, or its platform is disabled.
 */
export function useLtiClassLink(classId: string, staff: boolean) {
  const { client } = useLive();
  return useQuery({
    queryKey: ['lti', 'classLink', classId],
    queryFn: (): Promise<LtiClassLink | null> => client!.lti.classLink.query({ class_id: classId }),
    enabled: client !== null && staff,
  });
}

/** "Sync roster": the course's learners from the LMS now (NRPS); its counts when done. */
export function useSyncRoster(classId: string) {
  const { client } = useLive();
  return useMutation({
    mutationFn: () => {
      if (!client) throw new Error(NOT_CONNECTED_MESSAGE);
      return client.lti.syncRoster.mutate({ class_id: classId });
    },
  });
}

/** "Send grades": the activity's rubric totals to the LMS gradebook (AGS); its counts when done. */
export function usePostGrades(classId: string, activityId: string) {
  const { client } = useLive();
  return useMutation({
    mutationFn: () => {
      if (!client) throw new Error(NOT_CONNECTED_MESSAGE);
      return client.lti.postGrades.mutate({ class_id: classId, activity_id: activityId });
    },
  });
}
