// Docs: docs/institutions.md#lti-13 — the tool's own RS256 key pair: made on first use, kept in the
// database so every node signs with the same key and publishes it at /lti/jwks.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../db/client';
import { ltiToolKeys } from '../db/schema';

export interface ToolKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const loaded = new WeakMap<Db, Promise<ToolKey>>();

async function loadOrCreate(db: Db): Promise<ToolKey> {
  let [row] = await db.select().from(ltiToolKeys).where(eq(ltiToolKeys.slot, 'current'));
  if (!row) {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: 'RS256' };
    // Two nodes may both make one: the first insert wins and both read it back.
    await db
      .insert(ltiToolKeys)
      .values({ kid, slot: 'current', private_jwk: privateJwk, public_jwk: publicJwk })
      .onConflictDoNothing();
    [row] = await db.select().from(ltiToolKeys).where(eq(ltiToolKeys.slot, 'current'));
    if (!row) throw new Error('the LTI tool key was not stored');
  }
  const privateKey = (await importJWK(row.private_jwk, 'RS256')) as CryptoKey;
  return { kid: row.kid, privateKey, publicJwk: row.public_jwk };
}

/** The tool's key, read (or made) once per database handle. */
export function toolKey(db: Db): Promise<ToolKey> {
  let key = loaded.get(db);
  if (!key) {
    key = loadOrCreate(db);
    // A failed read is not kept: the next call tries again.
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}
