// Journey: a long channel in real Chromium — it opens at the newest message with only the rows near
// the view in the DOM (virtualized), scrolling to the top loads older pages without moving the
// messages in view, until the start of the channel; a message that arrives while the reader is up in
// the history offers "New messages", one's own message sticks to the bottom, and so does a list that a
// growing composer shrinks.
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
/** Four pages of 25. */
const COUNT = 100;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: { trpc: TRPCClient<AppRouter>; close: () => Promise<void> | void };

beforeAll(async () => {
  // The history is written through the API, faster than a person could.
  server = await startServer({ LIVE_MUTATIONS_PER_SECOND: '500', LIVE_MUTATION_BURST: '500' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await api?.close();
  await closeBrowser(browser);
  await server?.stop();
});

const messageLog = () => page.getByRole('log', { name: 'Messages' });
const row = (n: number) => messageLog().locator('p', { hasText: new RegExp(`^Message ${n}$`) });

describe('a long channel', () => {
  let uid: string;
  let classId: string;
  let channelId: string;
  const send = (body: string) =>
    api.trpc.messages.send.mutate({
      id: makeRecordId('msg', uid),
      class_id: classId,
      channel_id: channelId,
      body,
    });

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const response = await context.request.post(`${server.url}/api/auth/sign-up/email`, {
      headers: { Origin: server.url },
      data: { name: 'Lovelace, Ada', email: 'ada@example.edu', password: PASSWORD },
    });
    expect(response.status()).toBe(200);
    await verifyOverHttp(server.url, 'ada@example.edu');
    uid = ((await response.json()) as { user: { id: string } }).user.id;
    const cookie = (await context.cookies(server.url))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    const client = connectLive(server.url, { cookie });
    api = { trpc: client.trpc, close: () => client.close() };
    classId = makeRecordId('class', uid);
    await api.trpc.classes.request.mutate({ pending_class_id: classId, name: 'Chemistry 101' });

    page = await context.newPage();
    await page.goto(`${server.url}/classes/${classId}`);
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^general/ })
      .click();
    await messageLog().waitFor();
    channelId = new URL(page.url()).searchParams.get('channel') ?? '';
    expect(channelId).not.toBe('');
    for (let n = 1; n <= COUNT; n += 1) await send(`Message ${n}`);
  });

  it('opens at the newest, loads older pages in place, and follows new messages', async () => {
    await page.reload();
    await row(COUNT).waitFor();
    expect(await row(COUNT).isVisible()).toBe(true);

    // Scrolling to the top loads the page before, and the messages in view stay where they were.
    const oldestLoaded = COUNT - 24;
    await row(oldestLoaded).waitFor();
    await messageLog().evaluate((el) => (el.scrollTop = 0));
    // Where the row is once scrolled; under load the list can be re-rendering at the first reading
    // (no box for a moment), so read until there is one.
    let before = NaN;
    await expect
      .poll(async () => {
        before = (await row(oldestLoaded).boundingBox())?.y ?? NaN;
        return Number.isFinite(before);
      })
      .toBe(true);
    await row(oldestLoaded - 1).waitFor({ state: 'attached' });
    // The list settles its measurements over a few frames (longer on a busy machine): wait for the
    // row to be back where it was, rather than reading it once after a fixed pause.
    await expect
      .poll(async () => {
        const y = (await row(oldestLoaded).boundingBox())?.y;
        return y === undefined ? Infinity : Math.abs(y - before);
      })
      .toBeLessThan(40);

    // On to the start of the channel.
    // Each pull to the top loads an older page: keep pulling until the first message is in.
    await expect
      .poll(
        async () => {
          await messageLog().evaluate((el) => (el.scrollTop = 0));
          return row(1).count();
        },
        { timeout: 30_000, interval: 400 },
      )
      .toBeGreaterThan(0);
    await messageLog().evaluate((el) => (el.scrollTop = 0));
    await row(1).waitFor();
    await page.getByText('This is the start of the channel.').waitFor();
    // Virtualized: far fewer rows in the DOM than messages loaded.
    expect(await messageLog().locator('[data-message-id]').count()).toBeLessThan(COUNT / 2);

    // Up in the history, a new message offers the way down instead of moving the view.
    await send('Message from elsewhere');
    const down = page.getByRole('button', { name: 'New messages' });
    await down.waitFor();
    expect(await row(1).isVisible()).toBe(true);
    await down.click();
    await messageLog().getByText('Message from elsewhere').waitFor({ state: 'visible' });

    // One's own message sticks to the bottom.
    await page.getByRole('textbox', { name: 'Message' }).fill('My own reply');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect
      .poll(() => messageLog().getByText('My own reply').isVisible(), { timeout: 5_000 })
      .toBe(true);

    // A growing composer (a long draft) shrinks the list, which keeps its bottom in view.
    await page.getByRole('textbox', { name: 'Message' }).fill('line\n'.repeat(7) + 'last line');
    await expect
      .poll(() => messageLog().getByText('My own reply').isVisible(), { timeout: 5_000 })
      .toBe(true);
  });
});
