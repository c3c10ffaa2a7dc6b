// Docs: docs/institutions.md#single-sign-on-oidc — a started sign-in's state: random, stored hashed,
// bound to the browser that started it, used once, expired after SSO_STATE_TTL_MS.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ssoStates, type StoredIdentity } from '../db/schema';

/** How long a started sign-in may take at the provider (a person typing a password and a code). */
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;

/** The cookie that binds a started sign-in to the browser (httpOnly, only sent to /api/sso). */
export const SSO_BROWSER_COOKIE = 'seminar_sso_browser';

export const randomToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string =>
  createHash('sha256').update(value).digest('base64url');

export interface StartedSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The value for the browser cookie (a new one unless the browser already had one). */
  browser: string;
}

/** Stores a new started sign-in and returns its secrets (only hashes of state and browser stored). */
export async function startSignIn(
  db: Db,
  input: { providerId: string; browser: string | undefined; test: boolean; requestId?: string },
): Promise<StartedSignIn> {
  const started = {
    state: randomToken(),
    nonce: randomToken(),
    codeVerifier: randomToken(),
    browser: input.browser && input.browser.length >= 32 ? input.browser : randomToken(),
  };
  // Old rows go as new ones come: the table holds at most the sign-ins of the last few minutes.
  await db.delete(ssoStates).where(lt(ssoStates.expiresAt, new Date()));
  await db.insert(ssoStates).values({
    stateHash: sha256(started.state),
    providerId: input.providerId,
    browserHash: sha256(started.browser),
    nonce: started.nonce,
    codeVerifier: started.codeVerifier,
    requestId: input.requestId ?? null,
    test: input.test,
    expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
  });
  return started;
}

/** Why a returning sign-in's state is refused. */
export type StateRefusal = 'missing' | 'unknown' | 'other-browser';

export type ConsumedState =
  | {
      ok: true;
      nonce: string;
      codeVerifier: string;
      requestId: string | null;
      test: boolean;
      identity: StoredIdentity | null;
    }
  | { ok: false; reason: StateRefusal };

/**
 * Takes a started sign-in back, once: the row is deleted in the same statement that reads it, so a
 * second use (or two at once, on two nodes) finds nothing. An unexpired row of this provider only,
 * and only in the browser that started it (login CSRF: an attacker's state in a victim's browser).
 */
export async function consumeState(
  db: Db,
  providerId: string,
  state: string | undefined,
  browser: string | undefined,
): Promise<ConsumedState> {
  if (!state || !browser) return { ok: false, reason: 'missing' };
  const [row] = await db
    .delete(ssoStates)
    .where(
      and(
        eq(ssoStates.stateHash, sha256(state)),
        eq(ssoStates.providerId, providerId),
        gt(ssoStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.browserHash !== sha256(browser)) return { ok: false, reason: 'other-browser' };
  return {
    ok: true,
    nonce: row.nonce,
    codeVerifier: row.codeVerifier,
    requestId: row.requestId,
    test: row.test,
    identity: row.identity,
  };
}

/**
 * SAML's ACS keeps the verified identity on the started sign-in whose AuthnRequest it answers (not
 * used up: only the starting browser's /finish may use it). False when there is no such sign-in.
 */
export async function attachIdentity(
  db: Db,
  providerId: string,
  state: string,
  requestId: string,
  identity: StoredIdentity,
): Promise<boolean> {
  const rows = await db
    .update(ssoStates)
    .set({ identity })
    .where(
      and(
        eq(ssoStates.stateHash, sha256(state)),
        eq(ssoStates.providerId, providerId),
        eq(ssoStates.requestId, requestId),
        isNull(ssoStates.identity),
        gt(ssoStates.expiresAt, new Date()),
      ),
    )
    .returning({ stateHash: ssoStates.stateHash });
  return rows.length > 0;
}
