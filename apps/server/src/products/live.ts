// Docs: docs/catalogue.md — SPEC §7 "Public products": the entries enabled and not deleted, by seq;
// site admins also see disabled ones, to manage them.
import { asc, eq, inArray } from 'drizzle-orm';
import type { PublicProduct } from '@seminar/shared';
import { noInputSchema, type NoInput } from '../live/inputs';
import { products } from '../db/schema';
import type { CollectionTopic } from '../live/topic';
import { canManageProducts } from './policies';
import { presentProduct } from './presenters';

export const productsTopic: CollectionTopic<
  Record<string, never>,
  PublicProduct,
  { admin: boolean },
  NoInput
> = {
  name: 'products.live',
  kind: 'collection',
  input: noInputSchema,
  key: () => 'all',
  access: async (services, viewer) => ({
    admin: canManageProducts(viewer, services.config.adminEmails),
  }),
  classOf: () => '',
  async snapshot(services, viewer, _input, access) {
    const rows = await services.database.db
      .select()
      .from(products)
      .where(eq(products.deleted, false))
      .orderBy(asc(products.seq), asc(products.title));
    return rows.map(presentProduct).filter((row) => productsTopic.visible(row, viewer, access));
  },
  async load(services, _key, ids) {
    const rows = await services.database.db
      .select()
      .from(products)
      .where(inArray(products.product_id, ids));
    return rows.map(presentProduct);
  },
  visible: (row, _viewer, access) => !row.deleted && (row.enabled || access.admin),
  id: (row) => row.product_id,
};
