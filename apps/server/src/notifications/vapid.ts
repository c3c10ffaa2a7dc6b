// Docs: docs/channels.md#vapid — the key pair that signs Web Push requests (RFC 8292): from
// VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or made once and kept in the database (as the auth secret is),
// so every node signs with the same key and a browser's subscription — tied to the public key —
// outlives restarts.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const storedSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/** The configured pair, else the installation's stored pair (made on first start). */
export async function vapidKeys(db: Db, configured: VapidKeys | null): Promise<VapidKeys> {
  if (configured) return configured;
  const made = webpush.generateVAPIDKeys();
  // Two nodes starting at once: the first insert wins and both read it.
  await db
    .insert(appSecrets)
    .values({ name: 'vapid', value: JSON.stringify(made) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'vapid'));
  if (!row) throw new Error('could not read the stored VAPID keys');
  const stored = storedSchema.parse(JSON.parse(row.value));
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
