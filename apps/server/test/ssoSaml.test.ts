// SAML 2.0 single sign-on against an IdP stand-in (samlify on the IdP side, started here over real
// HTTP, signing real assertions with a key and certificate made for this run). Signed assertions
// required, audience and recipient checked, replays refused through the database (so on every node).
// PGlite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  startTestSamlIdp,
  type SamlVariant,
  type TestSamlIdp,
} from '../../../test-support/samlIdp';
import { sessionFromCookie } from '../src/auth/session';
import type { Database } from '../src/db/client';
import { ssoSamlAssertions, users } from '../src/db/schema';
import type { Services } from '../src/services';
import { createTestDatabase } from './database';
import { makeApp } from './factories';
import { signUpUser } from './fixtures';

const PUBLIC_URL = 'http://localhost:3000';
const DOMAIN = 'college.example.ac.uk';
let idp: TestSamlIdp;
let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;

const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@${DOMAIN}`;

beforeAll(async () => {
  idp = await startTestSamlIdp(
    async () => (await made.app.inject({ url: '/api/sso/college/metadata' })).body,
  );
  database = await createTestDatabase();
  made = await makeApp(database, {
    PUBLIC_URL,
    SSO_PROVIDERS: JSON.stringify([
      {
        type: 'saml',
        id: 'college',
        label: 'Example College',
        domains: [DOMAIN],
        entityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        certificate: idp.certificate,
      },
    ]),
  });
  services = made.runtime.services!;
});
afterAll(async () => {
  await made.app.close();
  await database.close();
  await idp.close();
});

type Jar = Map<string, string>;
const header = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
function keep(jar: Jar, lines: string[] | string | undefined) {
  for (const line of lines === undefined ? [] : Array.isArray(lines) ? lines : [lines]) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

/** A browser starts signing in: its cookies, the IdP URL, the AuthnRequest's ID and the state. */
async function start() {
  const jar: Jar = new Map();
  const response = await made.app.inject({ url: '/api/sso/college/start' });
  expect(response.statusCode).toBe(302);
  keep(jar, response.headers['set-cookie']);
  const url = new URL(String(response.headers.location));
  expect(url.origin + url.pathname).toBe(idp.ssoUrl);
  const request = inflateRawSync(
    Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64'),
  ).toString();
  const requestId = /\sID="([^"]+)"/.exec(request)![1]!;
  return { jar, url: url.toString(), requestId, relayState: url.searchParams.get('RelayState')! };
}

function postAcs(samlResponse: string, relayState: string) {
  return made.app.inject({
    method: 'POST',
    url: '/api/sso/college/acs',
    // A cross-site form POST from the IdP: the browser sends no Lax cookie with it.
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
}

async function finish(jar: Jar, location: string) {
  const response = await made.app.inject({ url: location, headers: { cookie: header(jar) } });
  keep(jar, response.headers['set-cookie']);
  const token = [...jar].find(([name]) => name.includes('session_token'));
  return { response, cookie: token ? `${token[0]}=${token[1]}` : undefined };
}

/** Signs in through the IdP's own /sso page (its self-posting form), as a browser would. */
async function signInThroughIdp(email: string) {
  idp.setUser({ email });
  const started = await start();
  const page = await (await fetch(started.url)).text();
  const field = (name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`)
      .exec(page)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
  const acs = await postAcs(field('SAMLResponse'), field('RelayState'));
  expect(acs.statusCode).toBe(303);
  return finish(started.jar, String(acs.headers.location));
}

async function refusedVariant(variant: SamlVariant) {
  const started = await start();
  const response = await idp.response(
    (await made.app.inject({ url: '/api/sso/college/metadata' })).body,
    { requestId: started.requestId, email: address(variant), variant },
  );
  return postAcs(response, started.relayState);
}

describe('SAML sign-in', () => {
  it('publishes SP metadata at a stable URL, asking for signed assertions', async () => {
    const response = await made.app.inject({ url: '/api/sso/college/metadata' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('samlmetadata+xml');
    expect(response.body).toContain(`entityID="${PUBLIC_URL}/api/sso/college/metadata"`);
    expect(response.body).toContain(`Location="${PUBLIC_URL}/api/sso/college/acs"`);
    expect(response.body).toContain('WantAssertionsSigned="true"');
  });

  it('signs in with a signed assertion, creating the account just in time, then finding it', async () => {
    const email = address('ada');
    const { response, cookie } = await signInThroughIdp(email);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    const session = await sessionFromCookie(services, cookie);
    expect(session?.user).toMatchObject({ email, emailVerified: true });
    const again = await signInThroughIdp(email);
    expect((await sessionFromCookie(services, again.cookie))?.user.uid).toBe(session!.user.uid);
  });

  it('links an existing account of the address', async () => {
    const email = address('linked');
    const existing = await signUpUser(made.app, PUBLIC_URL, 'Linked, Lin', email);
    const { cookie } = await signInThroughIdp(email);
    expect((await sessionFromCookie(services, cookie))?.user.uid).toBe(existing.uid);
  });

  it.each([
    ['unsigned', 'without a valid signature'],
    ['envelope-only', 'without a valid signature'],
    ['wrong-audience', 'meant for another service (audience)'],
    ['wrong-recipient', 'meant for another address (recipient)'],
  ] as const)('refuses an assertion that is %s', async (variant, words) => {
    const response = await refusedVariant(variant);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(words);
    expect(response.headers.location).toBeUndefined();
  });

  it('refuses a signed assertion whose content was changed', async () => {
    const started = await start();
    const signed = await idp.response(
      (await made.app.inject({ url: '/api/sso/college/metadata' })).body,
      { requestId: started.requestId, email: address('honest') },
    );
    const xml = Buffer.from(signed, 'base64').toString();
    const forged = xml.replace(/(<saml:NameID[^>]*>)[^<]+/, `$1${address('victim')}`);
    expect(forged).not.toBe(xml);
    const response = await postAcs(Buffer.from(forged).toString('base64'), started.relayState);
    expect(response.statusCode).toBe(403);
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, address('victim')));
    expect(row).toBeUndefined();
  });

  it('refuses a replayed assertion, before and after the sign-in finished', async () => {
    const email = address('replay');
    const started = await start();
    const signed = await idp.response(
      (await made.app.inject({ url: '/api/sso/college/metadata' })).body,
      { requestId: started.requestId, email },
    );
    const first = await postAcs(signed, started.relayState);
    expect(first.statusCode).toBe(303);
    const replay = await postAcs(signed, started.relayState);
    expect(replay.statusCode).toBe(403);
    expect(replay.body).toContain('already used');
    const done = await finish(started.jar, String(first.headers.location));
    expect(done.response.statusCode).toBe(303);
    const late = await postAcs(signed, started.relayState);
    expect(late.statusCode).toBe(403);
    // Kept in the database (every node sees it), until the assertion expires.
    const kept = await database.db.select().from(ssoSamlAssertions);
    expect(kept.every((row) => row.expiresAt.getTime() > Date.now())).toBe(true);
    expect(kept.length).toBeGreaterThan(0);
  });

  it("finishes only in the browser that started (an attacker's answer posted into another)", async () => {
    const started = await start();
    const signed = await idp.response(
      (await made.app.inject({ url: '/api/sso/college/metadata' })).body,
      { requestId: started.requestId, email: address('attacker') },
    );
    const acs = await postAcs(signed, started.relayState);
    expect(acs.statusCode).toBe(303);
    const victim = await start();
    const { response, cookie } = await finish(victim.jar, String(acs.headers.location));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('started in another browser');
    expect(cookie).toBeUndefined();
  });

  it('refuses an answer to another sign-in request', async () => {
    const one = await start();
    const two = await start();
    const signed = await idp.response(
      (await made.app.inject({ url: '/api/sso/college/metadata' })).body,
      { requestId: one.requestId, email: address('mixed') },
    );
    const response = await postAcs(signed, two.relayState);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('expired or was already used');
  });
});
