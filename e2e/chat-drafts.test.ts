// Journey: a person starts a message, switches to another channel and back, reloads the page, and
// finds the unsent text still in the composer of the channel it was written in; sending it forgets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TRPCClient } from '@trpc/client';
import { makeRecordId } from '@seminar/shared';
import type { AppRouter } from '../apps/server/src/router';
import { connectLive } from '../test-support/liveClient';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { verifyOverHttp } from './support/verification';

const PASSWORD = 'correct horse battery staple';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const channelButton = (name: string | RegExp) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('button', { name });
const composer = () => page.getByRole('textbox', { name: 'Message' });
const messageLog = () => page.getByRole('log', { name: 'Messages' });

/**
 * Opens a channel and waits until its view shows (its header names it): right after the click the
 * previous channel's view, and its composer, may still be on screen.
 */
async function openChannel(title: 'general' | 'Lab'): Promise<void> {
  await channelButton(new RegExp(`^${title}`)).click();
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
  await messageLog().waitFor();
}

describe('chat drafts', () => {
  let classId: string;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const response = await context.request.post(`${server.url}/api/auth/sign-up/email`, {
      headers: { Origin: server.url },
      data: { name: 'Lovelace, Ada', email: 'ada@example.edu', password: PASSWORD },
    });
    expect(response.status()).toBe(200);
    await verifyOverHttp(server.url, 'ada@example.edu');
    const { user } = (await response.json()) as { user: { id: string } };
    const cookie = (await context.cookies(server.url))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    const client = connectLive(server.url, { cookie });
    try {
      const trpc: TRPCClient<AppRouter> = client.trpc;
      classId = makeRecordId('class', user.id);
      await trpc.classes.request.mutate({ pending_class_id: classId, name: 'Chemistry 101' });
    } finally {
      await client.close();
    }
    page = await context.newPage();
    await page.goto(`${server.url}/classes/${classId}`);
    await channelButton(/^general/).waitFor();
  });

  it('keeps an unsent message across a channel switch and a reload, and forgets it once sent', async () => {
    await openChannel('general');
    await composer().fill('Half-written **notes** for general');

    // Another channel: its composer is empty; typing there keeps a draft of its own.
    await page.getByRole('button', { name: 'Create channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create channel' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lab');
    await dialog.getByRole('button', { name: 'Create channel' }).click();
    await page.getByRole('heading', { name: 'Lab' }).waitFor();
    await messageLog().waitFor();
    expect(await composer().inputValue()).toBe('');
    await composer().fill('A question for the lab');

    // Back in general, its draft is there.
    await openChannel('general');
    await expect.poll(() => composer().inputValue()).toBe('Half-written **notes** for general');

    // A reload (the URL keeps the open channel) brings it back too, and the lab's.
    await page.reload();
    await messageLog().waitFor();
    await expect.poll(() => composer().inputValue()).toBe('Half-written **notes** for general');
    await openChannel('Lab');
    await expect.poll(() => composer().inputValue()).toBe('A question for the lab');

    // Sending the draft forgets it: gone after a switch and a reload.
    await openChannel('general');
    await expect.poll(() => composer().inputValue()).toBe('Half-written **notes** for general');
    await composer().press('Enter');
    await messageLog().locator('p', { hasText: 'Half-written notes for general' }).waitFor();
    expect(await composer().inputValue()).toBe('');
    await openChannel('Lab');
    await expect.poll(() => composer().inputValue()).toBe('A question for the lab');
    await openChannel('general');
    expect(await composer().inputValue()).toBe('');
    await page.reload();
    await messageLog().waitFor();
    await messageLog().locator('p', { hasText: 'Half-written notes for general' }).waitFor();
    expect(await composer().inputValue()).toBe('');
  });
});
