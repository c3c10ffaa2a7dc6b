// Docs: docs/institutions.md#what-a-launch-checks — a launch's id_token is accepted only when every
// check holds: the state came back to the browser that started the login, the token is signed by a
// key of the platform's JWKS, iss/aud/azp name this registration, exp/iat are within a bounded skew,
// the nonce is the login's and was never used before (kept in the database: it holds across nodes),
// and the deployment id is one the site admin registered.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../db/client';
import { ltiLoginStates, ltiPlatforms, ltiUsedNonces } from '../db/schema';
import { CLAIM } from './claims';
import type { PlatformRow } from './platforms';

/** Clock skew allowed between the platform and us on exp and iat. */
export const CLOCK_SKEW_S = 60;
/** The oldest id_token accepted (by iat), whatever its exp says. */
export const MAX_TOKEN_AGE_S = 10 * 60;
/** How long a login waits for its launch. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

/** A refused launch: the words the person reads on the error page, and the log's kind. */
export class LaunchRefusal extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
    readonly platform: PlatformRow | null = null,
    readonly issuer: string | null = null,
  ) {
    super(message);
  }
}

/** One remote key set per URL and process: jose caches the keys and refetches on an unknown kid. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

export interface VerifiedLaunch {
  platform: PlatformRow;
  claims: JWTPayload & Record<string, unknown>;
  deploymentId: string;
}

/** Takes the login state (once): it must be the cookie's, unexpired and unused. */
async function takeState(db: Db, formState: string, cookieState: string | undefined) {
  if (!cookieState || cookieState !== formState)
    throw new LaunchRefusal(
      'This launch did not start in this browser (its state does not match). Open Seminar from your course again.',
      401,
    );
  const [taken] = await db
    .delete(ltiLoginStates)
    .where(and(eq(ltiLoginStates.state, formState), gt(ltiLoginStates.expires_at, new Date())))
    .returning();
  if (!taken)
    throw new LaunchRefusal(
      'This launch has expired or was already used. Open Seminar from your course again.',
      401,
    );
  return taken;
}

export async function verifyLaunch(
  db: Db,
  input: { idToken: string; state: string; cookieState: string | undefined },
): Promise<VerifiedLaunch> {
  const state = await takeState(db, input.state, input.cookieState);
  const [platform] = await db
    .select()
    .from(ltiPlatforms)
    .where(eq(ltiPlatforms.id, state.platform_id));
  if (!platform || !platform.enabled)
    throw new LaunchRefusal('This learning platform is not enabled in Seminar.', 403);
  let claims: JWTPayload & Record<string, unknown>;
  try {
    const verified = await jwtVerify(input.idToken, keySet(platform.jwks_url), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
      clockTolerance: CLOCK_SKEW_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
    });
    claims = verified.payload as JWTPayload & Record<string, unknown>;
  } catch (error) {
    throw new LaunchRefusal(tokenProblem(error), 401, platform, platform.issuer);
  }
  // With several audiences the authorized party must be us (OIDC Core 3.1.3.7).
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== platform.client_id)
    throw new LaunchRefusal('The launch was issued to another tool (azp).', 401, platform);
  const nonce = String(claims.nonce);
  const [fresh] = await db
    .insert(ltiUsedNonces)
    .values({
      platform_id: platform.id,
      nonce,
      expires_at: new Date(Date.now() + (MAX_TOKEN_AGE_S + CLOCK_SKEW_S) * 1000 * 2),
    })
    .onConflictDoNothing()
    .returning();
  // Nonces past every token's lifetime are dropped: a token that old is refused by iat anyway.
  await db.delete(ltiUsedNonces).where(lt(ltiUsedNonces.expires_at, sql`now()`));
  if (!fresh)
    throw new LaunchRefusal(
      'This launch was already used (its nonce was seen before). Open Seminar from your course again.',
      401,
      platform,
    );
  if (nonce !== state.nonce)
    throw new LaunchRefusal('The launch does not belong to this login (nonce).', 401, platform);
  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !platform.deployment_ids.includes(deploymentId))
    throw new LaunchRefusal(
      `Unknown deployment id "${String(deploymentId).slice(0, 100)}": a site admin must add it to this platform in Seminar.`,
      403,
      platform,
    );
  if (claims[CLAIM.version] !== '1.3.0')
    throw new LaunchRefusal('Only LTI 1.3 launches are accepted.', 400, platform);
  return { platform, claims, deploymentId };
}

function tokenProblem(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The launch token has expired.';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return "The launch token's signature is not the platform's.";
  if (error instanceof joseErrors.JWKSNoMatchingKey)
    return "The launch token is signed with a key the platform's JWKS does not have.";
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The launch token's ${error.claim} claim is not valid here (${error.reason}).`;
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JOSEError)
    return `The launch token could not be checked (${error.code}).`;
  return 'The launch token could not be checked.';
}
