// Docs: docs/catalogue.md — the site admin's catalogue writes (products.save, setEnabled, delete),
// each shown at once in the live catalogue and reconciled by the server's row; a refusal rolls back
// and is said in the shared error banner.
import { useCallback } from 'react';
import type { ProductInput, PublicProduct } from '@seminar/shared';
import { useLive } from '../../live/LiveProvider';
import { useOptimisticWrite, type OptimisticOutcome } from '../../live/optimistic';
import { NOT_CONNECTED_MESSAGE } from '../classes/classActions';
import { optimisticProduct } from './productForm';
import { PRODUCTS_KEY } from './queries';

const NOT_CONNECTED: OptimisticOutcome<never> = {
  ok: false,
  error: new Error('not connected'),
  message: NOT_CONNECTED_MESSAGE,
};

export function useProductActions() {
  const { client } = useLive();
  const write = useOptimisticWrite();

  const save = useCallback(
    (input: ProductInput, previous: PublicProduct | null): Promise<OptimisticOutcome<unknown>> => {
      if (!client) return Promise.resolve(NOT_CONNECTED);
      return write<PublicProduct, PublicProduct>({
        key: PRODUCTS_KEY,
        id: input.product_id,
        row: optimisticProduct(input, previous),
        mutate: () => client.products.save.mutate(input),
        serverRow: (saved) => saved,
      });
    },
    [client, write],
  );

  const setEnabled = useCallback(
    (product: PublicProduct, enabled: boolean) => {
      if (!client) return Promise.resolve(NOT_CONNECTED);
      return write<PublicProduct, void>({
        key: PRODUCTS_KEY,
        id: product.product_id,
        row: { ...product, enabled },
        mutate: () =>
          client.products.setEnabled.mutate({ product_id: product.product_id, enabled }),
      });
    },
    [client, write],
  );

  const remove = useCallback(
    (product: PublicProduct) => {
      if (!client) return Promise.resolve(NOT_CONNECTED);
      return write<PublicProduct, void>({
        key: PRODUCTS_KEY,
        id: product.product_id,
        row: null,
        mutate: () => client.products.delete.mutate({ product_id: product.product_id }),
      });
    },
    [client, write],
  );

  return { save, setEnabled, remove };
}
