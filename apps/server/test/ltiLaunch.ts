// A launch as a browser makes it (docs/institutions.md#lti-13): the LMS's login initiation link,
// the platform stand-in's auth endpoint (its auto-posted form), then the form post of the id_token
// to the tool with the state cookie the login set. Shared by the LTI server tests.
import { expect } from 'vitest';
import type { LtiPlatformStandIn } from '../../../test-support/ltiPlatform';
import type { Services } from '../src/services';
import { callerFor } from './callers';
import type { TestUser } from './fixtures';

/** Registers the platform stand-in through the site admin's own procedure; the platform's id. */
export async function registerPlatform(
  services: Services,
  admin: TestUser,
  platform: LtiPlatformStandIn,
  name: string,
): Promise<string> {
  const added = await callerFor(services, admin).lti.addPlatform({
    name,
    issuer: platform.issuer,
    client_id: platform.clientId,
    deployment_ids: [platform.deploymentId],
    auth_login_url: platform.urls.authLogin,
    token_url: platform.urls.token,
    jwks_url: platform.urls.jwks,
  });
  return added.id;
}

export interface LaunchResult {
  status: number;
  location: string | null;
  body: string;
  session: string | null;
}

/** The hidden inputs of an auto-posted form page, unescaped. */
export const hiddenInputs = (html: string): Record<string, string> =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      match[1]!,
      match[2]!.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))),
    ]),
  );

/** Login initiation → the platform's auth endpoint → the form post of the id_token, as a browser. */
export async function launchAs(
  toolUrl: string,
  platform: LtiPlatformStandIn,
  hint: string,
  options: { replay?: string; dropStateCookie?: boolean } = {},
): Promise<LaunchResult> {
  const login = new URL('/lti/login', toolUrl);
  login.search = new URLSearchParams({
    iss: platform.issuer,
    login_hint: hint,
    target_link_uri: new URL('/lti/launch', toolUrl).href,
    client_id: platform.clientId,
  }).toString();
  const started = await fetch(login, { redirect: 'manual' });
  expect(started.status).toBe(302);
  const stateCookie = started.headers.getSetCookie()[0]!.split(';')[0]!;
  const auth = await fetch(started.headers.get('location')!);
  expect(auth.status).toBe(200);
  const form = hiddenInputs(await auth.text());
  const response = await fetch(new URL('/lti/launch', toolUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.dropStateCookie ? {} : { cookie: stateCookie }),
    },
    body: new URLSearchParams({ id_token: options.replay ?? form.id_token!, state: form.state! }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.includes('session_token'));
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
    session: session ?? null,
  };
}
