// Journey: someone opens the app — it loads with the configured name, colour mode switches and
// survives a reload, the first screen (logo and name) is there before any script, dark on a dark
// system, and the keep-alive request goes out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ APP_NAME: 'Physics Lab' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

describe('the app shell', () => {
  it('loads, signed out, with APP_NAME in the title and description', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForURL('**/sign-in');
    await expect.poll(() => page.title()).toContain('Physics Lab');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toContain('Physics Lab');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.close();
  });

  it('shows its first screen, dark, before any script has run when the system is dark', async () => {
    // Scripts off: what a slow phone shows while they are still on their way.
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.url}/classes/class_anything?channel=general`);
    // #121212: the dark background, before any script could set the colour mode.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 18, 18)');
    // index.html's first screen: the logo and APP_NAME (filled in by the server), in the dark
    // mode's text colour, and the spinner that shows if the wait lasts.
    const name = page.locator('#root .sm-logo-name');
    expect(await name.textContent()).toBe('Physics Lab');
    expect(await name.isVisible()).toBe(true);
    expect(await name.evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(255, 255, 255)',
    );
    await page.getByRole('progressbar', { name: 'Loading' }).waitFor();
    await context.close();
  });

  it('switches colour mode and keeps it across a reload', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    const mode = () => page.evaluate(() => document.documentElement.dataset.colorMode);
    await expect.poll(mode).toBe('light');

    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(mode).toBe('dark');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkBackground = await background();

    await page.reload();
    await expect.poll(mode).toBe('dark');
    expect(await background()).toBe(darkBackground);

    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(mode).toBe('light');
    // #fafafa, SPEC §2's default background.
    await expect.poll(background).toBe('rgb(250, 250, 250)');
    await context.close();
  });

  it('follows the system colour scheme in System mode', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.colorMode))
      .toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.colorMode))
      .toBe('light');
    await context.close();
  });

  it('sends the keep-alive HEAD /favicon.svg at once', async () => {
    const page = await browser.newPage();
    const keepAlive = page.waitForRequest(
      (request) =>
        request.method() === 'HEAD' && new URL(request.url()).pathname === '/favicon.svg',
    );
    await page.goto(`${server.url}/sign-in`);
    const request = await keepAlive;
    const response = await request.response();
    expect(response?.status()).toBe(200);
    expect(await response?.headerValue('cache-control')).toBe('no-cache');
    await page.close();
  });
});
