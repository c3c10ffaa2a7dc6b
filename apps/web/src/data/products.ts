// Docs: docs/ARCHITECTURE.md#web-data, docs/catalogue.md — the products resource: the AI product
// catalogue (live, by seq: enabled and not deleted; site admins also get disabled ones) and the site
// admin's writes (save, enable/disable, delete), each shown at once and reconciled by the server's
// row; a refusal rolls back and is said in the shared error banner. The catalogue itself (the live
// query) is productsLive.ts, which the chat imports: it must stay free of zod.
import { useMemo } from 'react';
import type { ProductInput, PublicProduct } from '@seminar/shared';
import { productsQuery } from './productsLive';
import { useLive } from '../live/LiveProvider';
import { useOptimisticWrite, type OptimisticOutcome } from '../live/optimistic';
import { NOT_CONNECTED } from './connection';

export { productIdOf, productsQuery, useProducts, useLlmConfigured } from './productsLive';

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

/** The row a save shows at once, before the server answers (its version stays until then). */
function optimisticProduct(input: ProductInput, previous: PublicProduct | null): PublicProduct {
  return { ...input, deleted: false, version: previous?.version ?? 0 };
}
