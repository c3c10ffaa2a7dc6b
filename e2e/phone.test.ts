// Issue 16 "a phone is a first-class screen", at 360×640: an open channel fills the screen below the
// app bar (the class header and tabs collapse, "Back to channels" brings them back), the composer
// stays in the visible height when it shrinks (an on-screen keyboard), and no page scrolls sideways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { connectLive } from '../test-support/liveClient';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { verifyOverHttp } from './support/verification';

const PASSWORD = 'correct horse battery staple';
const PHONE = { width: 360, height: 640 };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let classId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
  const response = await context.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers: { Origin: server.url },
    data: { name: 'Hopper, Grace', email: 'grace@example.edu', password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await verifyOverHttp(server.url, 'grace@example.edu');
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = (await context.cookies(server.url))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const client = connectLive(server.url, { cookie });
  try {
    classId = makeRecordId('class', user.id);
    await client.trpc.classes.request.mutate({
      pending_class_id: classId,
      name: 'Introduction to Compiler Construction and Program Analysis',
    });
  } finally {
    await client.close();
  }
  page = await context.newPage();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

/** How far the page scrolls sideways (0: it fits). */
const sideways = (target: Page) =>
  target.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );

const messageLog = () => page.getByRole('log', { name: 'Messages' });
const composer = () => page.getByRole('textbox', { name: 'Message' });

describe('a phone is a first-class screen (360×640)', () => {
  it('gives an open channel the screen below the app bar, and the class header back on Back', async () => {
    await page.goto(`${server.url}/classes/${classId}`);
    await page.getByRole('tab', { name: 'Chat' }).waitFor();
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^general/ })
      .click();
    await messageLog().waitFor();
    await composer().waitFor();
    // The class header and tabs collapse; the class name stays the page's heading for readers.
    expect(await page.getByRole('tab', { name: 'Chat' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const log = await messageLog().boundingBox();
    expect(log?.height).toBeGreaterThanOrEqual(450);
    const box = await composer().boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);

    // The visible height shrinks (an on-screen keyboard): the composer stays in it.
    await page.setViewportSize({ width: 360, height: 400 });
    await expect
      .poll(async () => {
        const shrunk = await composer().boundingBox();
        return (shrunk?.y ?? Infinity) + (shrunk?.height ?? 0);
      })
      .toBeLessThanOrEqual(400);
    await page.setViewportSize(PHONE);

    // The members panel is a full-screen dialog on a phone.
    await page.getByRole('button', { name: 'Members' }).click();
    const panel = page.getByRole('dialog', { name: 'Members of general' });
    await panel.getByRole('list', { name: 'Members of general' }).waitFor();
    const panelBox = await panel.boundingBox();
    expect([panelBox?.width, panelBox?.height]).toEqual([PHONE.width, PHONE.height]);
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });

    // Back to the channel list: the class header and tabs are back.
    await page.getByRole('button', { name: 'Back to channels' }).click();
    await page.getByRole('tab', { name: 'Chat' }).waitFor();
    expect(await messageLog().count()).toBe(0);
  });

  it('opens a link to a channel onto the channel: messages first, then its controls, nothing moving', async () => {
    await page.goto(`${server.url}/classes/${classId}`);
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^general/ })
      .click();
    await composer().fill('Parse first, then check the types.');
    await composer().press('Enter');
    await messageLog().getByText('Parse first, then check the types.').waitFor();
    const link = page.url();

    const opened = await context.newPage();
    try {
      // What the page showed, and when, from its first node (shell/firstContent.ts).
      await opened.addInitScript(() => {
        const seen = { list: false, messageAt: 0, membersAt: 0, shift: 0 };
        Object.assign(window, { firstLoadSeen: seen });
        new MutationObserver(() => {
          if (document.querySelector('nav[aria-label="Channels of this class"]')) seen.list = true;
          if (!seen.messageAt && document.querySelector('[role="log"] .chat-p'))
            seen.messageAt = performance.now();
          if (!seen.membersAt && document.querySelector('button[aria-label="Members"]'))
            seen.membersAt = performance.now();
        }).observe(document, { childList: true, subtree: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            seen.shift += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The HTML names the session and the page's chunks (apps/server/src/http/web.ts).
      const sessionRequests: string[] = [];
      opened.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/auth/get-session')
          sessionRequests.push(request.resourceType());
      });
      const opening = await opened.goto(link);
      const html = (await opening?.text()) ?? '';
      expect(html).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">',
      );
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ClassPage-/);
      await opened.getByRole('button', { name: 'Members' }).waitFor();
      await opened.getByRole('banner').getByRole('combobox', { name: 'Class' }).waitFor();
      await opened.getByRole('button', { name: 'Notifications' }).waitFor();
      const seen = await opened.evaluate(
        () =>
          (window as unknown as { firstLoadSeen: Record<string, number | boolean> }).firstLoadSeen,
      );
      // No channel list drawn and replaced while the channels loaded.
      expect(seen.list).toBe(false);
      expect(seen.messageAt).toBeGreaterThan(0);
      expect(seen.membersAt).toBeGreaterThanOrEqual(seen.messageAt as number);
      // The controls came into space kept for them (0.1 is "good" for a whole page load).
      expect(seen.shift).toBeLessThan(0.05);
      expect(await axeViolations(opened)).toEqual([]);
      // One request for the session: the app's own took the preloaded answer.
      expect(sessionRequests).toHaveLength(1);
    } finally {
      await opened.close();
    }
  });

  it('scrolls no page sideways', async () => {
    const pages = [
      ['My classes', '/'],
      ['Find a class', '/public-classes'],
      ['class chat', `/classes/${classId}`],
      ['class activities', `/classes/${classId}/activities`],
      ['class people', `/classes/${classId}/people`],
      ['class settings', `/classes/${classId}/settings`],
      ['catalogue', '/catalogue'],
    ] as const;
    for (const [name, path] of pages) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('main').waitFor();
      await page.waitForLoadState('networkidle');
      expect({ name, sideways: await sideways(page) }).toEqual({ name, sideways: 0 });
    }
    // Signed out: the sign-in page.
    const visitor = await browser.newContext({ viewport: PHONE });
    try {
      const signIn = await visitor.newPage();
      await signIn.goto(`${server.url}/sign-in`);
      await signIn.getByRole('button', { name: 'Sign in' }).waitFor();
      expect({ name: 'sign-in', sideways: await sideways(signIn) }).toEqual({
        name: 'sign-in',
        sideways: 0,
      });
    } finally {
      await visitor.close();
    }
  });
});
