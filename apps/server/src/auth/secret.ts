// Docs: docs/accounts.md#secret — AUTH_SECRET, or one made once and kept in the database so every
// node of an installation signs cookies with the same key without extra configuration.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/** Returns AUTH_SECRET when set, else the installation's stored secret (made on first start). */
export async function authSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'auth', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'auth'));
  if (!row) throw new Error('could not read the stored auth secret');
  return row.value;
}
