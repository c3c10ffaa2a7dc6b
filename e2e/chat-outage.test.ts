// Journey: a student sends a message while offline for longer than the live socket's keep-alive
// allows — both ends give the socket up, the pending send fails with it — and the message arrives
// exactly once when the network is back. Neither end's give-up is waited out on the wall clock:
// this spec's server pings every LIVE_PING_MS = 2 s (the test waits until its /metrics says it
// cut the student's socket for an unanswered ping), and the student's page runs on Playwright's
// clock, moved a minute on so its keep-alive (a ping every 20 s, dropped after 30 s unheard) fires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;

beforeAll(async () => {
  // Short enough that the server gives an unanswering socket up within seconds; the browsers'
  // sockets answer pings on their own, so nothing else in the spec notices.
  server = await startServer({ LIVE_PING_MS: '2000', SEED_DEMO: '0' });
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
  student = await signUpPerson(browser, server, 'Hopper, Grace', 'grace@example.edu');
  const classId = await classWithStudents(server, teacher, 'Chemistry 101', [student]);
  // The student's page keeps time by Playwright's clock (flowing as usual until moved on below):
  // installed before the app loads, so the live connection's keep-alive timer is the clock's.
  await student.page.clock.install();
  // The page's sockets, kept where the test can read their state: offline, a socket the page closes
  // stays CLOSING (its close handshake cannot finish), which is what "the page gave it up" looks like.
  await student.context.addInitScript(() => {
    const Native = window.WebSocket;
    const sockets: WebSocket[] = [];
    (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        sockets.push(this);
      }
    };
  });
  for (const person of [teacher, student]) {
    await person.page.goto(`${server.url}/classes/${classId}`);
    await channelButton(person.page, /^general/).click();
    await messageLog(person.page).waitFor();
  }
});
afterAll(async () => {
  await teacher?.context.close();
  await student?.context.close();
  await closeBrowser(browser);
  await server?.stop();
});

const channelButton = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('button', { name });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** Sends `text` from `page` and waits until it shows there and on `others` (messages come in order). */
async function sendAndSee(page: Page, text: string, others: Page[] = []): Promise<void> {
  await send(page, text);
  for (const shown of [page, ...others])
    await messageLog(shown).locator('p', { hasText: text }).waitFor({ timeout: 30_000 });
}

/** How many times exactly `text` shows as a message body. */
const copies = (log: Locator, text: string) => log.locator('p', { hasText: text }).count();

const WEBSOCKET_OPEN = 1;
const WEBSOCKET_CLOSING = 2;

/** The readyState of every WebSocket the page has made, oldest first. */
const socketStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __sockets: WebSocket[] }).__sockets.map((socket) => socket.readyState),
  );

/** Live sockets the server has cut because they did not answer its ping (its own /metrics). */
async function pingCuts(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((row) => row.startsWith('seminar_live_sockets_cut_total{reason="ping_timeout"} '));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('a long outage', () => {
  it('sends the message exactly once though the connection was dropped on both ends', async () => {
    // Both see each other's messages: the sockets are up before the outage.
    await sendAndSee(teacher.page, 'Before the tunnel', [student.page]);
    const cutsBefore = await pingCuts();
    expect(await socketStates(student.page)).toEqual([WEBSOCKET_OPEN]);

    const text = 'Written in the tunnel';
    await student.context.setOffline(true);
    await send(student.page, text);
    await messageLog(student.page).getByText('Sending…').waitFor();
    // The server's end: the student's socket missed a ping and was cut (the teacher's answered).
    await expect.poll(pingCuts, { timeout: 30_000 }).toBe(cutsBefore + 1);
    // The browser's end: a minute on its clock — at least one keep-alive tick past 30 s unheard —
    // and the page closes the socket itself (it stays CLOSING while offline: no handshake).
    await student.page.clock.runFor(60_000);
    expect(await socketStates(student.page)).toEqual([WEBSOCKET_CLOSING]);
    expect(await copies(messageLog(teacher.page), text)).toBe(0);

    // The socket was given up: a new one opens when the network is back.
    const reconnected = student.page.waitForEvent('websocket', { timeout: 30_000 });
    await student.context.setOffline(false);
    await reconnected;
    await messageLog(teacher.page).getByText(text).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => messageLog(student.page).getByRole('status').count(), { timeout: 30_000 })
      .toBe(0);
    expect(await student.page.getByText('Not sent.').count()).toBe(0);
    await sendAndSee(teacher.page, 'Out of the tunnel', [student.page]);
    expect(await copies(messageLog(teacher.page), text)).toBe(1);
    expect(await copies(messageLog(student.page), text)).toBe(1);
  }, 120_000);
});
