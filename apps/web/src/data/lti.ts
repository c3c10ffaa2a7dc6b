// Docs: docs/institutions.md#the-admin-page — the LTI platform registry and launch log (site admins).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LtiPlatformFields, LtiPlatformUpdate } from '@seminar/shared';
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
