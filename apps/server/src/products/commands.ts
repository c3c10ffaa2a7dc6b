// Docs: docs/catalogue.md — the write path of the catalogue (site admins only).
import { and, eq } from 'drizzle-orm';
import type { ProductInput, PublicProduct } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { auditFields, nextVersion, runCommand } from '../live/commands';

import { productsTopic } from './live';
import { canManageProducts } from './policies';
import { presentProduct } from './presenters';
import { forbidden, notFound } from '../errors';

const announce = (id: string) => ({ topic: productsTopic, key: 'all', ids: [id] });

function requireAdmin(config: Config, viewer: SessionUser): void {
  if (!canManageProducts(viewer, config.adminEmails))
    throw forbidden('Only site admins can change the catalogue.');
}

/** Creates or edits a catalogue entry. */
export async function productSaver(
  db: Db,
  config: Config,
  viewer: SessionUser,
  input: ProductInput,
): Promise<PublicProduct> {
  requireAdmin(config, viewer);
  const { product_id, ...fields } = input;
  return runCommand(db, async ({ tx, announce: say }) => {
    const [row] = await tx
      .insert(products)
      .values({
        product_id,
        ...fields,
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .onConflictDoUpdate({
        target: products.product_id,
        set: { ...fields, deleted: false, ...auditFields(viewer), version: nextVersion },
      })
      .returning();
    if (!row) throw new Error('write returned nothing');
    say(announce(product_id));
    return presentProduct(row);
  });
}

/** Enables or disables an entry (disabled ones leave the public list). */
export async function productEnabledSetter(
  db: Db,
  config: Config,
  viewer: SessionUser,
  productId: string,
  enabled: boolean,
): Promise<void> {
  requireAdmin(config, viewer);
  await runCommand(db, async ({ tx, announce: say }) => {
    const updated = await tx
      .update(products)
      .set({ enabled, ...auditFields(viewer), version: nextVersion })
      .where(and(eq(products.product_id, productId), eq(products.deleted, false)))
      .returning({ id: products.product_id });
    if (updated.length === 0) throw notFound('Product');
    say(announce(productId));
  });
}

/** Deletes an entry (soft). */
export async function productDeleter(
  db: Db,
  config: Config,
  viewer: SessionUser,
  productId: string,
): Promise<void> {
  requireAdmin(config, viewer);
  await runCommand(db, async ({ tx, announce: say }) => {
    const updated = await tx
      .update(products)
      .set({ deleted: true, ...auditFields(viewer), version: nextVersion })
      .where(and(eq(products.product_id, productId), eq(products.deleted, false)))
      .returning({ id: products.product_id });
    if (updated.length === 0) throw notFound('Product');
    say(announce(productId));
  });
}
