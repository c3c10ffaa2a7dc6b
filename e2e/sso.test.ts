// Issue 35 part 1 in the browser (docs/institutions.md#single-sign-on-oidc): a real OpenID provider
// (`oidc-provider`, test-support/oidcProvider.ts, its own login and consent pages) started here,
// the built server configured with it through SSO_PROVIDERS. The sign-in page shows "Sign in with
// Example University"; clicking it goes through the provider's pages and lands signed in with an
// account made just in time. A domain a site admin requires (on the admin page's switch) refuses
// password sign-in with the words naming the provider. The admin page's "Test sign-in" shows what
// the provider asserted and signs nobody in. axe on the sign-in, admin and test result pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestOidcProvider, type TestOidcProvider } from '../test-support/oidcProvider';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, PASSWORD, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

const DOMAIN = 'uni.example.edu';
const LABEL = 'Example University';
const run = Date.now().toString(36);
const ADMIN_EMAIL = `sso-admin-${run}@example.org`;

let op: TestOidcProvider;
let server: RunningServer;
let browser: Browser;
let admin: Person;

beforeAll(async () => {
  // The provider first (its issuer goes into SSO_PROVIDERS), the redirect URI once the server's
  // port is known.
  op = await startTestOidcProvider([], { consent: true });
  server = await startServer({
    ADMIN_EMAILS: ADMIN_EMAIL,
    SEED_DEMO: '0',
    SSO_PROVIDERS: JSON.stringify([
      {
        type: 'oidc',
        id: 'uni',
        label: LABEL,
        domains: [DOMAIN],
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
      },
    ]),
  });
  op.setRedirectUris([`${server.url}/api/sso/uni/callback`]);
  browser = await launchBrowser();
  admin = await signUpPerson(browser, server, 'Admin, Alma', ADMIN_EMAIL);
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
  await op?.close();
});

/** A fresh browser on the sign-in page. The provider's pages import a web font: refused offline. */
async function signInPage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${server.url}/sign-in`);
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  return page;
}

describe('single sign-on in the browser', () => {
  it("signs a new person in through the provider's login and consent pages", async () => {
    const login = `ada-${run}`;
    const email = `ada-${run}@${DOMAIN}`;
    op.setAccount(login, { email, email_verified: true, name: 'Lovelace, Ada' });
    const page = await signInPage();
    const button = page.getByRole('link', { name: `Sign in with ${LABEL}` });
    await button.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await button.click();

    // The provider's own pages, on its own origin.
    await page.getByPlaceholder('Enter any login').fill(login);
    expect(new URL(page.url()).origin).toBe(op.issuer);
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back in Seminar, signed in as the account made just in time.
    await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
    expect(new URL(page.url()).origin).toBe(server.url);
    await page.getByRole('button', { name: 'Account' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(email).waitFor();
    await menu.getByText('Ada Lovelace').waitFor();
    await page.context().close();
  });

  it('refuses password sign-in for a domain the site admin requires, with clear words', async () => {
    // A person at the domain with a password account, made before the domain was required.
    const email = `bob-${run}@${DOMAIN}`;
    const bob = await signUpPerson(browser, server, 'Bob, Barker', email);
    await bob.context.close();

    const page = admin.page;
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Single sign-on', level: 2 }).waitFor();
    const rule = page.getByRole('switch', {
      name: `Addresses at ${DOMAIN} must use ${LABEL} (no password sign-in)`,
    });
    expect(await rule.isChecked()).toBe(false);
    // The switch shows the server's answer (it flips once the rule is stored), so a click, not check().
    await rule.click();
    await expect.poll(() => rule.isChecked()).toBe(true);
    await expect.poll(() => rule.isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The server holds the rule (read back over the live API, not from the switch).
    const api = await apiAs(server, admin);
    try {
      expect((await api.trpc.sso.admin.query()).requiredDomains).toEqual([DOMAIN]);
    } finally {
      await api.close();
    }

    const signIn = await signInPage();
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signIn
      .getByText(
        `Addresses at ${DOMAIN} sign in with ${LABEL}: use "Sign in with ${LABEL}" instead of a password.`,
      )
      .waitFor();
    expect(new URL(signIn.url()).pathname).toBe('/sign-in');
    expect(await axeViolations(signIn)).toEqual([]);
    await signIn.context().close();
  });

  it("runs the admin page's test sign-in, which shows what the provider said and signs nobody in", async () => {
    const login = `carol-${run}`;
    const email = `carol-${run}@${DOMAIN}`;
    op.setAccount(login, { email, email_verified: false, name: 'Cole, Carol' });
    const page = admin.page;
    await page
      .context()
      .route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
    await page.goto(`${server.url}/admin`);
    await page.getByRole('link', { name: `Test sign-in with ${LABEL}` }).click();
    await page.getByPlaceholder('Enter any login').fill(login);
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('heading', { name: `Test sign-in with ${LABEL} worked`, level: 1 })
      .waitFor();
    const said = await page.locator('main').textContent();
    expect(said).toContain('Nobody was signed in.');
    expect(said).toContain(`${email} — NOT verified by the provider`);
    expect(said).toContain('Cole, Carol');
    expect(await axeViolations(page)).toEqual([]);
    // Still the site admin in this browser: the test signed nobody in.
    await page.getByRole('link', { name: 'Back to the admin page' }).click();
    await page.getByRole('heading', { name: 'Site administration', level: 1 }).waitFor();
  });
});
