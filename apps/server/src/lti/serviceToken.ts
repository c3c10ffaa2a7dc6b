// Docs: docs/institutions.md#roster-and-grades — the LTI Advantage service token: OAuth 2 client
// credentials with a JWT assertion signed by the tool's key (RFC 7523), sent to the platform's token URL.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Db } from '../db/client';
import type { PlatformRow } from './platforms';
import { toolKey } from './keys';

/** A platform service call failed: the message is what staff read and the log keeps. */
export class ServiceError extends Error {}

/** How long we wait for any platform service answer. */
export const SERVICE_TIMEOUT_MS = 10_000;

export async function serviceToken(
  db: Db,
  platform: PlatformRow,
  scopes: string[],
): Promise<string> {
  const key = await toolKey(db);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.client_id)
    .setSubject(platform.client_id)
    .setAudience(platform.token_url)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(key.privateKey);
  const response = await fetch(platform.token_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }),
    signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
  });
  if (!response.ok)
    throw new ServiceError(`The platform refused the service token (HTTP ${response.status}).`);
  const body = (await response.json()) as { access_token?: unknown };
  if (typeof body.access_token !== 'string')
    throw new ServiceError('The platform answered the token request without a token.');
  return body.access_token;
}

/** A JSON call to a platform service with the bearer token. */
export async function serviceCall(
  url: string,
  token: string,
  init: { method?: 'GET' | 'POST'; accept: string; contentType?: string; body?: unknown },
): Promise<{ body: unknown; headers: Headers }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      accept: init.accept,
      ...(init.contentType ? { 'content-type': init.contentType } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
  });
  if (!response.ok)
    throw new ServiceError(
      `The platform answered ${new URL(url).pathname} with HTTP ${response.status}.`,
    );
  const text = await response.text();
  return { body: text === '' ? null : (JSON.parse(text) as unknown), headers: response.headers };
}
