// Docs: docs/ARCHITECTURE.md#web-data, docs/catalogue.md — the products resource: the AI product
// catalogue (live, by seq: enabled and not deleted; site admins also get disabled ones) and the site
// admin's writes (save, enable/disable, delete), each shown at once and reconciled by the server's
// row; a refusal rolls back and is said in the shared error banner.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ProductInput, PublicProduct } from '@seminar/shared';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useOptimisticWrite, type OptimisticOutcome } from '../live/optimistic';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { bySeq } from '../features/catalogue/catalogue';
import { optimisticProduct } from '../features/catalogue/productForm';
import { NOT_CONNECTED } from './connection';

export const productIdOf = (product: PublicProduct) => product.product_id;

export const productsQuery = () =>
  liveQuery<PublicProduct, 'products.live'>('products.live', undefined, {
    idOf: productIdOf,
    sort: bySeq,
  });

export function useProducts(enabled = true): LiveQueryResult<PublicProduct> {
  return useLiveQuery(productsQuery(), { enabled });
}

/** The site admin's catalogue writes. */
export function useProductActions() {
  const { client } = useLive();
  const write = useOptimisticWrite();

  return useMemo(() => {
    const key = productsQuery().key;
    return {
      /** Saves a new or edited product (`previous`: the one edited, or null). */
      save: (
        input: ProductInput,
        previous: PublicProduct | null,
      ): Promise<OptimisticOutcome<unknown>> => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<PublicProduct, PublicProduct>({
          key,
          id: input.product_id,
          row: optimisticProduct(input, previous),
          mutate: () => client.products.save.mutate(input),
          serverRow: (saved) => saved,
        });
      },
      setEnabled: (product: PublicProduct, enabled: boolean) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<PublicProduct, void>({
          key,
          id: product.product_id,
          row: { ...product, enabled },
          mutate: () =>
            client.products.setEnabled.mutate({ product_id: product.product_id, enabled }),
        });
      },
      remove: (product: PublicProduct) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        return write<PublicProduct, void>({
          key,
          id: product.product_id,
          row: null,
          mutate: () => client.products.delete.mutate({ product_id: product.product_id }),
        });
      },
    };
  }, [client, write]);
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
