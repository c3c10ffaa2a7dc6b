// Docs: docs/institutions.md#single-sign-on-oidc — OpenID Connect's authorization code flow with
// PKCE, state and nonce, written with `jose`: the ID token is verified against the provider's JWKS
// (createRemoteJWKSet fetches it again when a token names a key it does not know: key rotation).
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { OidcProviderConfig } from './config';

/** The provider's discovery document, as far as Seminar reads it. */
const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

interface Discovered {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  fetchedAt: number;
}

/** How long a discovery document is reused before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** A provider that does not answer within this is reported as down, not waited on. */
const PROVIDER_TIMEOUT_MS = 10_000;
/** Clock difference tolerated between the provider and this server (exp, iat, nbf). */
export const OIDC_CLOCK_TOLERANCE_S = 60;

/** A failure of the provider or of its answer, worded for the person on the error page. */
export class OidcError extends Error {
  override name = 'OidcError';
  constructor(
    readonly code: 'PROVIDER_UNAVAILABLE' | 'TOKEN_REFUSED' | 'MISSING_EMAIL',
    message: string,
  ) {
    super(message);
  }
}

const cache = new Map<string, Discovered>();

async function discover(provider: OidcProviderConfig): Promise<Discovered> {
  const key = `${provider.id}\n${provider.issuer}`;
  const cached = cache.get(key);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
  const url = `${provider.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let document: z.infer<typeof discoverySchema>;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    document = discoverySchema.parse(await response.json());
  } catch {
    throw new OidcError(
      'PROVIDER_UNAVAILABLE',
      `${provider.label} did not answer. Try again later.`,
    );
  }
  // The document must speak for the configured issuer (OpenID Connect Discovery §4.3).
  if (document.issuer !== provider.issuer)
    throw new OidcError('PROVIDER_UNAVAILABLE', `${provider.label} is not set up correctly here.`);
  const discovered: Discovered = {
    authorizationEndpoint: document.authorization_endpoint,
    tokenEndpoint: document.token_endpoint,
    // cooldownDuration 0: a token naming an unknown key fetches the JWKS again at once. ID tokens
    // come only from the provider's token endpoint over the back channel, never from the browser,
    // so nobody else can make this server refetch; a rotated key works on its first use.
    jwks: createRemoteJWKSet(new URL(document.jwks_uri), {
      cooldownDuration: 0,
      timeoutDuration: PROVIDER_TIMEOUT_MS,
    }),
    fetchedAt: Date.now(),
  };
  cache.set(key, discovered);
  return discovered;
}

/** The redirect URI registered with the provider. */
export const oidcRedirectUri = (publicUrl: string, providerId: string): string =>
  `${publicUrl}/api/sso/${providerId}/callback`;

/** The provider's sign-in URL for a started sign-in (S256 PKCE challenge of the verifier). */
export async function authorizationUrl(
  provider: OidcProviderConfig,
  publicUrl: string,
  started: { state: string; nonce: string; codeVerifier: string },
): Promise<string> {
  const { authorizationEndpoint } = await discover(provider);
  const url = new URL(authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', oidcRedirectUri(publicUrl, provider.id));
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', started.state);
  url.searchParams.set('nonce', started.nonce);
  url.searchParams.set(
    'code_challenge',
    createHash('sha256').update(started.codeVerifier).digest('base64url'),
  );
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** The claims Seminar takes from a verified ID token. */
export interface OidcClaims {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

/** Verifies an ID token: signature by the provider's JWKS, issuer, audience, azp, expiry, nonce. */
export async function verifyIdToken(
  provider: OidcProviderConfig,
  idToken: string,
  nonce: string,
): Promise<OidcClaims> {
  const { jwks } = await discover(provider);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, {
      issuer: provider.issuer,
      audience: provider.clientId,
      // Asymmetric algorithms only: a provider's key set is public.
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'],
      clockTolerance: OIDC_CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch {
    throw new OidcError('TOKEN_REFUSED', `${provider.label}'s answer could not be verified.`);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (
    payload.nonce !== nonce ||
    (audiences.length > 1 && payload.azp !== provider.clientId) ||
    (payload.azp !== undefined && payload.azp !== provider.clientId)
  )
    throw new OidcError('TOKEN_REFUSED', `${provider.label}'s answer could not be verified.`);
  if (typeof payload.email !== 'string' || !payload.email.includes('@'))
    throw new OidcError(
      'MISSING_EMAIL',
      `${provider.label} did not say which e-mail address is yours.`,
    );
  return {
    subject: String(payload.sub),
    email: payload.email,
    // Only the boolean true counts: "true" as text, or a missing claim, is not an assertion.
    emailVerified: payload.email_verified === true,
    name: typeof payload.name === 'string' ? payload.name : undefined,
  };
}

/** Trades the authorization code (with the PKCE verifier) for tokens and verifies the ID token. */
export async function redeemCode(
  provider: OidcProviderConfig,
  publicUrl: string,
  code: string,
  started: { nonce: string; codeVerifier: string },
): Promise<OidcClaims> {
  const { tokenEndpoint } = await discover(provider);
  let idToken: unknown;
  try {
    const response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(
          `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`,
        ).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: oidcRedirectUri(publicUrl, provider.id),
        code_verifier: started.codeVerifier,
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    idToken = ((await response.json()) as { id_token?: unknown }).id_token;
  } catch {
    throw new OidcError('TOKEN_REFUSED', `${provider.label} refused to finish the sign-in.`);
  }
  if (typeof idToken !== 'string')
    throw new OidcError('TOKEN_REFUSED', `${provider.label} sent no ID token.`);
  return verifyIdToken(provider, idToken, started.nonce);
}
