// Docs: docs/ARCHITECTURE.md#web-data — the users resource: who the live connection is signed in as
// (`me`: uid, email, displayName, isSiteAdmin), for the site admin's catalogue controls.
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import type { LiveTrpcClient } from '../live/client';
import { useLive } from '../live/LiveProvider';

/** What `me` answers. */
export type Me = NonNullable<Awaited<ReturnType<LiveTrpcClient['me']['query']>>>;

/** The query of `me` for a user: key = procedure + the user it is for. */
export const meQuery = (client: LiveTrpcClient | null, uid: string | null) => ({
  queryKey: ['me', uid] as const,
  queryFn: async (): Promise<Me | null> => (client ? client.me.query() : null),
  enabled: client !== null && uid !== null,
  staleTime: 5 * 60_000,
});

/** Who the live connection is signed in as (null while unknown or signed out). */
export function useMe(): Me | null {
  const { client } = useLive();
  const { user } = useSession();
  const { data } = useQuery(meQuery(client, user?.id ?? null));
  return data ?? null;
}

/** True when the viewer manages the catalogue (ADMIN_EMAILS). */
export function useIsSiteAdmin(): boolean {
  return useMe()?.isSiteAdmin === true;
}
