// OIDC single sign-on against a real OpenID provider (`oidc-provider`, started here): the whole
// authorization code flow over real HTTP — the provider's login form, its token endpoint, its
// RS256 ID tokens and JWKS. Accounts created just in time or linked only by a verified address,
// state bound to the browser and used once, key rotation, SSO-required domains. PGlite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestOidcProvider, type TestOidcProvider } from '../../../test-support/oidcProvider';
import { sessionFromCookie } from '../src/auth/session';
import type { Database } from '../src/db/client';
import { accounts, sessions, users } from '../src/db/schema';
import type { Services } from '../src/services';
import { authClient, GOOD_PASSWORD } from './authClient';
import { callerFor } from './callers';
import { createTestDatabase } from './database';
import { makeApp } from './factories';
import { signUpUser } from './fixtures';

const PUBLIC_URL = 'http://localhost:3000';
const DOMAIN = 'uni.example.edu';
const adminEmail = `admin-${randomBytes(4).toString('hex')}@${DOMAIN}`;
let op: TestOidcProvider;
let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;

const address = (label: string, domain = DOMAIN) =>
  `${label}-${randomBytes(4).toString('hex')}@${domain}`;

beforeAll(async () => {
  op = await startTestOidcProvider([`${PUBLIC_URL}/api/sso/uni/callback`]);
  database = await createTestDatabase();
  made = await makeApp(database, {
    PUBLIC_URL,
    ADMIN_EMAILS: adminEmail,
    SSO_PROVIDERS: JSON.stringify([
      {
        type: 'oidc',
        id: 'uni',
        label: 'Example University',
        domains: [DOMAIN],
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
      },
    ]),
  });
  services = made.runtime.services!;
});
afterAll(async () => {
  await made.app.close();
  await database.close();
  await op.close();
});

interface Browser {
  /** The cookie of the app (its origin), as a Cookie header. */
  appCookies: Map<string, string>;
}

const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

function keep(jar: Map<string, string>, setCookies: string[] | string | undefined | null) {
  const list =
    setCookies === undefined || setCookies === null
      ? []
      : Array.isArray(setCookies)
        ? setCookies
        : [setCookies];
  for (const line of list) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

/** Goes from the provider's sign-in URL to the app's callback URL, logging in as `login`. */
async function atProvider(start: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  let form: URLSearchParams | undefined;
  for (let hops = 0; hops < 12; hops += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      method: form ? 'POST' : 'GET',
      headers: {
        cookie: cookieHeader(jar),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    form = undefined;
    keep(jar, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === PUBLIC_URL) return next.pathname + next.search;
      url = next.toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !html.includes('name="login"'))
      throw new Error(
        `unexpected page at the provider (${response.status}): ${html.slice(0, 300)}`,
      );
    url = new URL(action, url).toString();
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('too many redirects at the provider');
}

/** Starts a sign-in in a browser (its cookies), returns the provider URL and the browser. */
async function startSignIn(test = false): Promise<{ browser: Browser; providerUrl: string }> {
  const browser: Browser = { appCookies: new Map() };
  const response = await made.app.inject({ url: `/api/sso/uni/start${test ? '?test=1' : ''}` });
  expect(response.statusCode).toBe(302);
  keep(browser.appCookies, response.headers['set-cookie']);
  return { browser, providerUrl: String(response.headers.location) };
}

async function callback(browser: Browser, path: string) {
  const response = await made.app.inject({
    url: path,
    headers: { cookie: cookieHeader(browser.appCookies) },
  });
  keep(browser.appCookies, response.headers['set-cookie']);
  return response;
}

/** The whole sign-in as `login`; returns the callback's answer and the browser's session cookie. */
async function signInAs(login: string) {
  const { browser, providerUrl } = await startSignIn();
  const back = await atProvider(providerUrl, login);
  const response = await callback(browser, back);
  const token = [...browser.appCookies].find(([name]) => name.includes('session_token'));
  return { response, cookie: token ? `${token[0]}=${token[1]}` : undefined };
}

async function userByEmail(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('OIDC sign-in', () => {
  it('lists the provider for the sign-in page, without secrets', async () => {
    const response = await made.app.inject({ url: '/api/sso/providers' });
    expect(response.json()).toEqual({
      providers: [{ id: 'uni', label: 'Example University', startUrl: '/api/sso/uni/start' }],
    });
  });

  it('creates an account just in time for a verified address and signs it in', async () => {
    const email = address('jit');
    op.setAccount('jit-1', { email, email_verified: true, name: 'Noether, Emmy' });
    const { response, cookie } = await signInAs('jit-1');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    const session = await sessionFromCookie(services, cookie);
    expect(session?.user).toMatchObject({
      email,
      displayName: 'Noether, Emmy',
      emailVerified: true,
    });
    const links = await database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, session!.user.uid), eq(accounts.providerId, 'sso:uni')));
    expect(links.map((link) => link.accountId)).toEqual(['jit-1']);
    // Again: the same account, found by the provider's subject.
    const again = await signInAs('jit-1');
    expect((await sessionFromCookie(services, again.cookie))?.user.uid).toBe(session!.user.uid);
  });

  it('links an existing verified account by its address', async () => {
    const email = address('linked');
    const existing = await signUpUser(made.app, PUBLIC_URL, 'Hopper, Grace', email);
    op.setAccount('linked-1', { email, email_verified: true, name: 'Someone Else' });
    const { cookie } = await signInAs('linked-1');
    const session = await sessionFromCookie(services, cookie);
    expect(session?.user.uid).toBe(existing.uid);
    expect(session?.user.displayName).toBe('Hopper, Grace');
    // The password still works: linking took nothing away from a proved account.
    const client = authClient(made.app, PUBLIC_URL);
    expect((await client.signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("takes an unproved account's address back: its password and sessions end, it is verified", async () => {
    const email = address('squatted');
    const squatter = await signUpUser(made.app, PUBLIC_URL, 'Squatter', email, { verified: false });
    op.setAccount('owner-1', { email, email_verified: true, name: 'Owner, Real' });
    const { cookie } = await signInAs('owner-1');
    const session = await sessionFromCookie(services, cookie);
    expect(session?.user).toMatchObject({ uid: squatter.uid, emailVerified: true });
    expect(await sessionFromCookie(services, squatter.cookie)).toBeNull();
    const client = authClient(made.app, PUBLIC_URL);
    expect((await client.signIn(email, GOOD_PASSWORD)).status).toBe(401);
  });

  it.each([
    ['false', false],
    ['the text "true"', 'true'],
    ['absent', undefined],
  ] as const)(
    'refuses an address the provider does not assert as verified (%s)',
    async (_label, verified) => {
      const email = address('unverified');
      const existing = await signUpUser(made.app, PUBLIC_URL, 'Lovelace, Ada', email);
      op.setAccount(`unverified-${String(verified)}`, {
        email,
        ...(verified === undefined ? {} : { email_verified: verified }),
      });
      const before = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, existing.uid));
      const { response, cookie } = await signInAs(`unverified-${String(verified)}`);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('did not confirm that');
      expect(cookie).toBeUndefined();
      const after = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, existing.uid));
      expect(after.length).toBe(before.length);
      const links = await database.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, existing.uid));
      expect(links.map((link) => link.providerId)).toEqual(['credential']);
    },
  );

  it('creates no account for an unverified address nobody has', async () => {
    const email = address('nobody');
    op.setAccount('nobody-1', { email, email_verified: false });
    const { response } = await signInAs('nobody-1');
    expect(response.statusCode).toBe(403);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses an address outside the provider's domains, verified or not", async () => {
    const email = address('outsider', 'elsewhere.example.org');
    const victim = await signUpUser(made.app, PUBLIC_URL, 'Victim', email);
    op.setAccount('outsider-1', { email, email_verified: true });
    const { response, cookie } = await signInAs('outsider-1');
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(`signs in addresses at ${DOMAIN} only`);
    expect(cookie).toBeUndefined();
    const links = await database.db.select().from(accounts).where(eq(accounts.userId, victim.uid));
    expect(links.map((link) => link.providerId)).toEqual(['credential']);
  });

  it('refuses a disabled account', async () => {
    const email = address('disabled');
    const user = await signUpUser(made.app, PUBLIC_URL, 'Gone, Gail', email);
    await database.db.update(users).set({ disabled: true }).where(eq(users.id, user.uid));
    op.setAccount('disabled-1', { email, email_verified: true });
    const { response, cookie } = await signInAs('disabled-1');
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('This account has been disabled.');
    expect(cookie).toBeUndefined();
  });

  it('a test sign-in shows what the provider asserted and signs nobody in', async () => {
    const email = address('tester');
    op.setAccount('tester-1', { email, email_verified: true, name: 'Test, Tina' });
    const { browser, providerUrl } = await startSignIn(true);
    const response = await callback(browser, await atProvider(providerUrl, 'tester-1'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Test sign-in with Example University worked');
    expect(response.body).toContain(email);
    expect([...browser.appCookies.keys()].some((name) => name.includes('session_token'))).toBe(
      false,
    );
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe('OIDC state', () => {
  it('is used once', async () => {
    op.setAccount('once-1', { email: address('once'), email_verified: true });
    const { browser, providerUrl } = await startSignIn();
    const back = await atProvider(providerUrl, 'once-1');
    expect((await callback(browser, back)).statusCode).toBe(303);
    const again = await callback(browser, back);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('expired or was already used');
  });

  it('is good only in the browser that started the sign-in (login CSRF)', async () => {
    op.setAccount('csrf-1', { email: address('csrf'), email_verified: true });
    const attacker = await startSignIn();
    const back = await atProvider(attacker.providerUrl, 'csrf-1');
    // The victim's browser: its own (other) sign-in cookie, or none at all.
    const victim = await startSignIn();
    const withOther = await callback(victim.browser, back);
    expect(withOther.statusCode).toBe(400);
    expect(withOther.body).toContain('started in another browser');
    const bare = await made.app.inject({ url: back });
    expect(bare.statusCode).toBe(400);
    expect(bare.headers['set-cookie'] ?? []).not.toContainEqual(
      expect.stringContaining('session_token'),
    );
  });

  it('refuses an unknown or changed state, and a provider error, with a page', async () => {
    const { browser } = await startSignIn();
    const forged = await callback(browser, '/api/sso/uni/callback?code=abc&state=forged');
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Back to sign in');
    expect(forged.body).not.toMatch(/at .*\.ts:\d+/);
    const unknownProvider = await made.app.inject({ url: '/api/sso/nope/start' });
    expect(unknownProvider.statusCode).toBe(404);
    expect(unknownProvider.body).toContain('no such sign-in provider');
  });
});

describe('OIDC signing keys', () => {
  it('keeps working when the provider rotates its key, and refuses a key it does not publish', async () => {
    const email = address('rotation');
    op.setAccount('rotation-1', { email, email_verified: true });
    const first = await signInAs('rotation-1');
    expect(first.response.statusCode).toBe(303);
    const kidsBefore = op.publishedKids();

    await op.rotate();
    expect(op.publishedKids()).not.toEqual(kidsBefore);
    const afterRotation = await signInAs('rotation-1');
    expect(afterRotation.response.statusCode).toBe(303);
    expect((await sessionFromCookie(services, afterRotation.cookie))?.user.email).toBe(email);

    await op.signWithUnpublishedKey();
    const unknownKey = await signInAs('rotation-1');
    expect(unknownKey.response.statusCode).toBe(403);
    expect(unknownKey.response.body).toContain('could not be verified');
    expect(unknownKey.cookie).toBeUndefined();
    await op.rotate();
  });
});

describe('SSO-required domains', () => {
  it('refuses password sign-in, sign-up and reset for the domain; SSO still signs in', async () => {
    const admin = await signUpUser(made.app, PUBLIC_URL, 'Admin, Ada', adminEmail);
    const email = address('required');
    const member = await signUpUser(made.app, PUBLIC_URL, 'Member, May', email);
    const outside = address('free', 'other.example.org');
    await signUpUser(made.app, PUBLIC_URL, 'Free, Fay', outside);

    // Only site admins may, and only for a domain a provider serves.
    await expect(
      callerFor(services, member).sso.setDomainRequired({ domain: DOMAIN, required: true }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      callerFor(services, admin).sso.setDomainRequired({
        domain: 'other.example.org',
        required: true,
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await callerFor(services, admin).sso.setDomainRequired({ domain: DOMAIN, required: true });
    expect(await callerFor(services, admin).sso.admin()).toMatchObject({
      requiredDomains: [DOMAIN],
      providers: [
        {
          id: 'uni',
          type: 'oidc',
          issuer: op.issuer,
          testUrl: '/api/sso/uni/start?test=1',
          callbackUrl: `${PUBLIC_URL}/api/sso/uni/callback`,
        },
      ],
    });
    expect(JSON.stringify(await callerFor(services, admin).sso.admin())).not.toContain(
      op.clientSecret,
    );

    const client = authClient(made.app, PUBLIC_URL);
    const signIn = await client.signIn(email.toUpperCase(), GOOD_PASSWORD);
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ code: 'SSO_REQUIRED' });
    expect(signIn.body?.message).toContain('Sign in with Example University');
    const signUp = await client.signUp('New, Ned', address('newcomer'), GOOD_PASSWORD);
    expect(signUp.body).toMatchObject({ code: 'SSO_REQUIRED' });
    const reset = await client.requestReset(email);
    expect(reset.body).toMatchObject({ code: 'SSO_REQUIRED' });
    const otherRoute = await client.call('POST', '/api/auth/email-otp/request-password-reset', {
      email,
    });
    expect(otherRoute.body).toMatchObject({ code: 'SSO_REQUIRED' });
    const resetWithCode = await client.call('POST', '/api/auth/email-otp/reset-password', {
      email,
      otp: '123456',
      password: 'a whole new password',
    });
    expect(resetWithCode.body).toMatchObject({ code: 'SSO_REQUIRED' });
    // Other domains keep their passwords.
    expect((await client.signIn(outside, GOOD_PASSWORD)).status).toBe(200);

    op.setAccount('required-1', { email, email_verified: true });
    const sso = await signInAs('required-1');
    expect((await sessionFromCookie(services, sso.cookie))?.user.uid).toBe(member.uid);

    // Lifted: passwords work again.
    await callerFor(services, admin).sso.setDomainRequired({ domain: DOMAIN, required: false });
    expect((await client.signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });
});
