// Docs: SPEC §7 "Public products", docs/catalogue.md — the catalogue's live query (products.live:
// enabled and not deleted, by seq; site admins also get disabled ones) and who the viewer is
// (`me`, for the site admin's catalogue controls).
import { useQuery } from '@tanstack/react-query';
import type { PublicProduct, RosterEntry } from '@seminar/shared';
import { useSession } from '../../auth/session';
import type { LiveTrpcClient } from '../../live/client';
import { useLive } from '../../live/LiveProvider';
import { useLiveQuery, type LiveQueryResult } from '../../live/useLiveQuery';
import { rosterKey } from '../classes/queries';
import { bySeq } from './catalogue';

/** The catalogue's rows are cached under ['live', ...PRODUCTS_KEY]. */
export const PRODUCTS_KEY = ['products'] as const;

export const productIdOf = (product: PublicProduct) => product.product_id;

/** The AI product catalogue, live, by seq. */
export function useProducts(enabled = true): LiveQueryResult<PublicProduct> {
  return useLiveQuery<PublicProduct>({
    key: PRODUCTS_KEY,
    idOf: productIdOf,
    sort: bySeq,
    enabled,
    subscribe: (handlers, { trpc }) => trpc.products.live.subscribe(undefined, handlers),
  });
}

/** What `me` answers: uid, email, displayName and isSiteAdmin. */
export type Me = NonNullable<Awaited<ReturnType<LiveTrpcClient['me']['query']>>>;

/** Who the live connection is signed in as (null while unknown or signed out). */
export function useMe(): Me | null {
  const { client } = useLive();
  const { user } = useSession();
  const uid = user?.id ?? null;
  const { data } = useQuery({
    queryKey: ['me', uid],
    queryFn: async (): Promise<Me | null> => {
      if (!client) return null;
      return client.me.query();
    },
    enabled: client !== null && uid !== null,
    staleTime: 5 * 60_000,
  });
  return data ?? null;
}

/** True when the viewer manages the catalogue (ADMIN_EMAILS). */
export function useIsSiteAdmin(): boolean {
  return useMe()?.isSiteAdmin === true;
}

const rosterIdOf = (entry: RosterEntry) => entry.id;

/** A class's roster, live (the People tab's query and cache); null: not subscribed. */
export function useClassRoster(classId: string | null): LiveQueryResult<RosterEntry> {
  return useLiveQuery<RosterEntry>({
    key: rosterKey(classId ?? ''),
    idOf: rosterIdOf,
    enabled: classId !== null,
    subscribe: (handlers, { trpc }) =>
      trpc.classes.roster.subscribe({ class_id: classId ?? '' }, handlers),
  });
}
