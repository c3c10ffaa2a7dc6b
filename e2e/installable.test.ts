// Journey: the app is installable — a web app manifest with the configured name and icons, and a
// service worker that keeps the app shell, so the app opens with the network gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { signUpPerson } from './support/people';
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

/** Waits until the service worker (installed after the page loaded) controls the page. */
async function serviceWorkerControls(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true);
}

describe('installable app', () => {
  it('links a manifest with the app name and icons', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/sign-in`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href ?? '');
    expect(manifest).toMatchObject({ name: 'Physics Lab', display: 'standalone', start_url: '/' });
    for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
      const response = await page.request.get(`${server.url}${icon.src}`);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toContain(icon.type);
    }
    await page.close();
  });

  it('opens from the service worker when the network is gone', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The worker installs after the page has loaded, keeps the shell, and takes the page over.
    await serviceWorkerControls(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.title()).toContain('Physics Lab');
    // The API is never answered from the cache: it fails like the network does.
    const answered = await page.evaluate(async () => {
      try {
        await fetch('/api/time', { cache: 'no-store' });
        return true;
      } catch {
        return false;
      }
    });
    expect(answered).toBe(false);
    await context.setOffline(false);
    await context.close();
  });

  it('opens offline as the last signed-in user, says it is offline, and carries on online', async () => {
    const ada = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada.offline@example.edu');
    const { page, context } = ada;
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
    await serviceWorkerControls(page);

    await context.setOffline(true);
    await page.reload();
    // Not Sign in, which cannot work offline: the app as Ada, saying it is offline (the offline
    // notice stands for "Reconnecting…" while the browser is offline: docs/realtime.md#offline).
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Account' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);

    await context.setOffline(false);
    // Back online: the socket reconnects and the server confirms the session; the notices go.
    await page
      .getByRole('status')
      .filter({ hasText: 'You are offline.' })
      .waitFor({ state: 'detached' });
    await page
      .getByRole('alert')
      .filter({ hasText: 'Reconnecting' })
      .waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
    await banner.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menu').getByText('ada.offline@example.edu').waitFor();
    await context.close();
  });
});
