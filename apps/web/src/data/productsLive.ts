// Docs: docs/ARCHITECTURE.md#first-load, docs/catalogue.md — the AI product catalogue as a live
// query, and whether the server runs LLM agents. Apart from the site admin's writes (products.ts),
// which reach zod through the product form: the chat reads the catalogue for the mention picker's
// agents, and the class page's first load carries no zod.
import { useQuery } from '@tanstack/react-query';
import type { PublicProduct } from '@seminar/shared';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { bySeq } from './productOrder';

export const productIdOf = (product: PublicProduct) => product.product_id;

export const productsQuery = () =>
  liveQuery('products.live', undefined, {
    idOf: productIdOf,
    sort: bySeq,
  });

export function useProducts(enabled = true): LiveQueryResult<PublicProduct> {
  return useLiveQuery(productsQuery(), { enabled });
}

/**
 * Whether the server runs LLM agents (`products.agentsStatus`); null while unknown. Agents other
 * than DataAnalystBot answer only where it does.
 */
export function useLlmConfigured(): boolean | null {
  const { client } = useLive();
  const { data } = useQuery({
    queryKey: ['products.agentsStatus'],
    queryFn: () => client!.products.agentsStatus.query(),
    enabled: client !== null,
    staleTime: 5 * 60_000,
  });
  return data ? data.llmConfigured : null;
}
