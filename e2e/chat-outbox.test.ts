// Journey: a message sent while the live socket is cut is kept in the local outbox, survives a
// reload, and arrives exactly once — in the other person's browser and after another reload — when
// the socket is back (the socket is cut with Playwright's WebSocket routing, so the page itself
// still loads over HTTP). Then: opening a channel with unread messages opens it at the first
// unread one, below a "New" divider, instead of at the newest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, WebSocketRoute } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { closeBrowser, launchBrowser } from './support/browser';
import {
  apiAs as apiAsPerson,
  classWithStudents,
  signUpPerson,
  type Person,
} from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Forty messages are posted at once below: past the default mutation rate.
  server = await startServer({ LIVE_MUTATIONS_PER_SECOND: '500', LIVE_MUTATION_BURST: '500' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const channelButton = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('button', { name });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const copies = (log: Locator, text: string) => log.locator('p', { hasText: text }).count();
/** Sends `text` from `page` and waits until it shows there and on `others` (messages arrive in order). */
async function sendAndSee(page: Page, text: string, others: Page[] = []): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  for (const shown of [page, ...others])
    await messageLog(shown).locator('p', { hasText: text }).waitFor({ timeout: 30_000 });
}
const outboxOf = (page: Page, uid: string) =>
  page.evaluate((key) => window.localStorage.getItem(key), `seminar.outbox.${uid}`);

describe('chat outbox and first unread', () => {
  let teacher: Person;
  let student: Person;
  let classId: string;
  let generalId: string;
  /** While true, the student's live sockets are closed as soon as they open. */
  let cut = false;
  const open: WebSocketRoute[] = [];

  beforeAll(async () => {
    teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
    student = await signUpPerson(browser, server, 'Turing, Alan', 'alan@example.edu');
    classId = await classWithStudents(server, teacher, 'Logic 101', [student]);
    await student.context.routeWebSocket(/\/api\/live/, (ws) => {
      if (cut) {
        void ws.close({ code: 1001, reason: 'cut by the test' });
        return;
      }
      open.push(ws);
      ws.connectToServer();
    });
    for (const person of [teacher, student]) {
      await person.page.goto(`${server.url}/classes/${classId}`);
      await channelButton(person.page, /^general/).click();
      await messageLog(person.page).waitFor();
    }
    generalId = new URL(teacher.page.url()).searchParams.get('channel') ?? '';
    expect(generalId).not.toBe('');
  });

  afterAll(async () => {
    await teacher?.context.close();
    await student?.context.close();
  });

  it('keeps a message sent without a connection across a reload and sends it once', async () => {
    const text = 'Written with the socket down';
    cut = true;
    for (const ws of open.splice(0)) await ws.close({ code: 1001, reason: 'cut by the test' });

    await composer(student.page).fill(text);
    await composer(student.page).press('Enter');
    await messageLog(student.page).getByText('Sending…').waitFor();
    expect(await outboxOf(student.page, student.uid)).toContain(text);

    // A reload while still cut: the message is kept, and nothing reached the teacher.
    await student.page.reload();
    await student.page.waitForLoadState('domcontentloaded');
    expect(await outboxOf(student.page, student.uid)).toContain(text);
    // …and shown at once from the outbox, with its state, before the channel's messages are there.
    const kept = messageLog(student.page).getByText(text);
    await kept.waitFor({ timeout: 15_000 });
    await messageLog(student.page).getByText('Sending when the connection is back…').waitFor();
    // A message the teacher sends now shows for the teacher; the student's does not.
    await sendAndSee(teacher.page, 'Anyone there?');
    expect(await copies(messageLog(teacher.page), text)).toBe(0);

    // The socket is back: the outbox sends it, once.
    cut = false;
    await messageLog(teacher.page).getByText(text).waitFor({ timeout: 45_000 });
    await messageLog(student.page).getByText(text).waitFor({ timeout: 45_000 });
    await expect.poll(() => outboxOf(student.page, student.uid), { timeout: 15_000 }).toBeNull();
    // The outbox is empty: a second copy would have been stored before the teacher's next message.
    await sendAndSee(teacher.page, 'Got it', [student.page]);
    expect(await copies(messageLog(teacher.page), text)).toBe(1);
    expect(await copies(messageLog(student.page), text)).toBe(1);
    await student.page.reload();
    await messageLog(student.page).getByText(text).waitFor({ timeout: 30_000 });
    expect(await copies(messageLog(student.page), text)).toBe(1);
  }, 120_000);

  it('opens a channel with unread messages at the first unread one', async () => {
    // The student reads general, goes elsewhere; 40 messages come meanwhile.
    await student.page.goto(`${server.url}/classes/${classId}/activities`);
    await student.page.getByRole('tab', { name: 'Activities', selected: true }).waitFor();
    const api = await apiAsPerson(server, teacher);
    try {
      for (let index = 1; index <= 40; index += 1) {
        await api.trpc.messages.send.mutate({
          id: makeRecordId('msg', teacher.uid),
          class_id: classId,
          channel_id: generalId,
          body: `Unread number ${index}`,
        });
      }
    } finally {
      await api.close();
    }
    await student.page.goto(`${server.url}/classes/${classId}`);
    await channelButton(student.page, /40 unread messages/).click();
    const log = messageLog(student.page);
    await log.waitFor();
    // The "New" divider and the first unread message are in view; the newest is not.
    const divider = log.getByRole('separator', { name: 'New messages below' });
    await divider.waitFor();
    const first = log.locator('p', { hasText: /^Unread number 1$/ });
    await first.waitFor();
    const box = await log.boundingBox();
    const firstBox = await first.boundingBox();
    expect(box && firstBox).toBeTruthy();
    expect(firstBox!.y).toBeGreaterThanOrEqual(box!.y - 1);
    expect(firstBox!.y).toBeLessThan(box!.y + box!.height);
    expect(await log.locator('p', { hasText: /^Unread number 40$/ }).isVisible()).toBe(false);
  }, 90_000);
});
