// Accessibility: every page — sign in, create account, forgot password (both steps), my classes, a
// class page's tabs (Chat, Activities, People, Settings), the AI product catalogue and a product's
// detail (with "Use in activity" and the site admin's product form), "Page not found", and the
// chat with each app bar and channel menu open (then also axe's landmark rule) — in
// light and dark mode has no serious or critical axe-core violation. Signed-in pages are seen as the
// demo instructor (the server seeds the demo in tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const DEMO_INSTRUCTOR = 'marie.curie@demo.seminar.test';
const DEMO_PASSWORD = 'seminar-demo-2026';
const DEMO_CLASS = 'Business Analytics (demo)';
const DEMO_CLASS_PATH = '/classes/class_demo_seminar';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The demo instructor is also a site admin here, so the catalogue's admin controls are checked.
  server = await startServer({ ADMIN_EMAILS: DEMO_INSTRUCTOR });
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

type Mode = 'light' | 'dark';

async function newContext(mode: Mode): Promise<BrowserContext> {
  // bypassCSP: axe is injected as an inline script, which the app's CSP would refuse.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    colorScheme: mode,
    bypassCSP: true,
  });
  // The colour mode the app stores (SPEC §2), so the page opens in that mode.
  await context.addInitScript((stored) => {
    window.localStorage.setItem('seminar.colorMode', stored);
  }, mode);
  return context;
}

/** Waits for the page to be in `mode`, then checks it; returns readable violation lines. */
async function check(page: Page, mode: Mode): Promise<string[]> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.colorMode))
    .toBe(mode);
  return describeViolations(await axeViolations(page));
}

/**
 * With a menu open: also the landmark rules (axe's `region`, impact moderate), since a menu is
 * drawn in a layer of its own at the end of the page.
 */
async function checkOpenMenu(page: Page, mode: Mode): Promise<string[]> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.colorMode))
    .toBe(mode);
  const all = await axeViolations(page, { impacts: ['moderate', 'serious', 'critical'] });
  return describeViolations(all);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(DEMO_INSTRUCTOR);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account' }).waitFor();
}

describe.each<Mode>(['light', 'dark'])('accessibility in %s mode', (mode) => {
  it('has no serious or critical violations on the signed-out pages', async () => {
    const context = await newContext(mode);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};

    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    found['sign in'] = await check(page, mode);

    await page.goto(`${server.url}/sign-up`);
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    found['create account'] = await check(page, mode);

    await page.goto(`${server.url}/forgot-password`);
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    found['forgot password: e-mail'] = await check(page, mode);

    await page.getByLabel('Email').fill('nobody@example.edu');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code').waitFor();
    found['forgot password: code'] = await check(page, mode);

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
    await context.close();
  });

  it('has no serious or critical violations on the signed-in pages', async () => {
    const context = await newContext(mode);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    await signIn(page);

    // Home: my classes (nothing selected yet, so the list shows).
    await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
    await page.getByRole('article', { name: DEMO_CLASS }).waitFor();
    found['my classes'] = await check(page, mode);

    await page.goto(`${server.url}/public-classes`);
    await page.getByRole('heading', { name: 'Find a class', level: 1 }).waitFor();
    await page
      .getByRole('heading', { name: 'No public classes right now' })
      .or(page.getByRole('article').first())
      .waitFor();
    found['find a class'] = await check(page, mode);

    const classPage = async (tab: string) => {
      await page.goto(`${server.url}${DEMO_CLASS_PATH}${tab}`);
      await page.getByRole('heading', { name: DEMO_CLASS, level: 1 }).waitFor();
    };
    await classPage('');
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /general/ })
      .click();
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText(/Introduce yourself/)
      .waitFor();
    found['class: chat'] = await check(page, mode);

    // Open menus, with landmark rules too (impact moderate): a popup must sit in a landmark.
    const menus: Array<[string, () => Promise<void>]> = [
      ['notifications', () => page.getByRole('button', { name: 'Notifications' }).click()],
      ['account', () => page.getByRole('button', { name: 'Account' }).click()],
      ['colour mode', () => page.getByRole('button', { name: 'Colour mode' }).click()],
    ];
    for (const [name, open] of menus) {
      await open();
      await page.getByRole('menu').waitFor();
      found[`class: chat, ${name} menu open`] = await checkOpenMenu(page, mode);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }

    await classPage('/activities');
    await page.getByRole('article', { name: 'Pricing the premium tier' }).waitFor();
    found['class: activities'] = await check(page, mode);

    await classPage('/people');
    await page.getByText('Ada Lovelace').first().waitFor();
    found['class: people'] = await check(page, mode);

    await classPage('/settings');
    await page.getByRole('tabpanel').getByRole('button').first().waitFor();
    found['class: settings'] = await check(page, mode);

    // The catalogue for the demo class (as its "AI products" link opens it), with its costs.
    await page.goto(`${server.url}/catalogue?class=class_demo_seminar`);
    await page.getByRole('heading', { name: 'AI products', level: 1 }).waitFor();
    await page.getByRole('article', { name: 'Data Analyst Bot' }).waitFor();
    found['catalogue'] = await check(page, mode);

    await page
      .getByRole('article', { name: 'Data Analyst Bot' })
      .getByRole('link', { name: 'Details' })
      .click();
    await page.getByRole('dialog', { name: 'Data Analyst Bot' }).waitFor();
    found['catalogue detail'] = await check(page, mode);

    await page.getByRole('button', { name: 'Use in activity' }).click();
    await page.getByRole('dialog', { name: 'New activity' }).waitFor();
    found['catalogue: use in activity'] = await check(page, mode);
    await page
      .getByRole('dialog', { name: 'New activity' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New product' }).click();
    await page
      .getByRole('dialog', { name: 'New product' })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByText('Enter a title').waitFor();
    found['catalogue: new product (with errors)'] = await check(page, mode);
    await page
      .getByRole('dialog', { name: 'New product' })
      .getByRole('button', { name: 'Cancel' })
      .click();

    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    found['not found'] = await check(page, mode);

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
    await context.close();
  });
});
