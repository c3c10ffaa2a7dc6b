// Journey: typing does not use up the right to send (issue 33, point 4), in real Chromium at the
// server's default limits. A student types and sends 3 messages a second for 10 seconds while the
// instructor answers as often: the page's own client interleaves typing notices, clearing them, read
// marks and online notices with the sends (counted on its socket), and none is refused. Then a flood
// of sends from the page (faster than 50 a second) is refused — the page says "Too many changes…" —
// and each refused send shows "Not sent." with its Retry, which sends it once the flood is over. The exact pace and the budgets' arithmetic are in
// apps/server/test/liveSignalBudget.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeRecordId, MESSAGE_RANGE_MAX } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let teacherApi: Awaited<ReturnType<typeof apiAs>>;
let classId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
  student = await signUpPerson(browser, server, 'Babbage, Charles', 'charles@example.edu');
  teacherApi = await apiAs(server, teacher);
  classId = makeRecordId('class', teacher.uid);
  await teacherApi.trpc.classes.request.mutate({ pending_class_id: classId, name: 'Biology 101' });
  await teacherApi.trpc.classes.addMembers.mutate({
    class_id: classId,
    role: 'student',
    people: [{ email: student.email, name: '' }],
  });
});
afterAll(async () => {
  await teacherApi?.close();
  await closeBrowser(browser);
  await server?.stop();
});

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const row = (page: Page, body: string) =>
  log(page).locator('[data-message-id]', { has: page.getByText(body, { exact: true }) });
const notSent = (page: Page) => log(page).getByRole('alert').filter({ hasText: 'Not sent.' });

/**
 * The mutations the page's live client sends, by procedure, and the refusals of any request for
 * going too fast that it receives (read from its WebSocket frames).
 */
function watchSocket(page: Page): {
  sent: Map<string, number>;
  tooMany: () => number;
  unansweredSends: () => number;
} {
  const sent = new Map<string, number>();
  let tooMany = 0;
  /** The ids of `messages.send` requests not answered yet. */
  const sends = new Set<number>();
  const parse = (payload: string | Buffer) =>
    typeof payload === 'string' && payload.startsWith('{')
      ? (JSON.parse(payload) as {
          t?: string;
          id?: number;
          p?: string;
          e?: { data?: { code?: string } };
        })
      : {};
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const frame = parse(payload);
      if (frame.t === 'm' && frame.p) sent.set(frame.p, (sent.get(frame.p) ?? 0) + 1);
      if (frame.t === 'm' && frame.p === 'messages.send' && frame.id) sends.add(frame.id);
    });
    socket.on('framereceived', ({ payload }) => {
      const frame = parse(payload);
      if (frame.e?.data?.code === 'TOO_MANY_REQUESTS') tooMany += 1;
      if (frame.t === 'r' && frame.id) sends.delete(frame.id);
    });
  });
  return { sent, tooMany: () => tooMany, unansweredSends: () => sends.size };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sending at a lively pace', () => {
  it('refuses none of 3 messages a second for 10 seconds; a flood is refused and keeps its Retry', async () => {
    const { page } = student;
    const socket = watchSocket(page);
    const mutations = socket.sent;
    await page.goto(`${server.url}/classes/${classId}`);
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^general/ })
      .click();
    await log(page).waitFor();
    const channelId = new URL(page.url()).searchParams.get('channel') ?? '';
    const answer = (body: string) =>
      teacherApi.trpc.messages.send.mutate({
        id: makeRecordId('msg', teacher.uid),
        class_id: classId,
        channel_id: channelId,
        body,
      });

    const composer = page.getByRole('textbox', { name: 'Message' });
    const answers: Promise<unknown>[] = [];
    const started = Date.now();
    for (let n = 1; n <= 30; n += 1) {
      await pause(Math.max(0, started + ((n - 1) * 1000) / 3 - Date.now()));
      // Typed key by key, as a person does (the composer tells the channel they are typing).
      await composer.pressSequentially(`Point ${n}`);
      await composer.press('Enter');
      answers.push(answer(`Reply ${n}`));
    }
    await Promise.all(answers);
    await row(page, 'Point 30').waitFor();
    await row(page, 'Reply 30').waitFor();
    await expect
      .poll(() => log(page).getByRole('status').filter({ hasText: 'Sending…' }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
    expect(await notSent(page).count()).toBe(0);
    // No request of the page was refused for going too fast (sends, typing, read marks).
    expect(socket.tooMany()).toBe(0);
    // The page's client did interleave its signals with the sends.
    expect(mutations.get('messages.send')).toBe(30);
    // (A clear waits for its typing notice's answer: the last may still be on its way.)
    const count = (path: string) => () => mutations.get(path) ?? 0;
    await expect.poll(count('channels.notify')).toBeGreaterThanOrEqual(30);
    await expect.poll(count('channels.clearTyping')).toBeGreaterThanOrEqual(30);
    await expect.poll(count('channels.markRead')).toBeGreaterThanOrEqual(15);
    expect(socket.tooMany()).toBe(0);

    // A flood from the page itself, 100 sends as fast as the page takes them (50 a second and
    // more: a script typing into the composer and pressing Enter, faster than Playwright's steps
    // could): refused beyond the budget.
    await page.evaluate(async () => {
      const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      if (!box || !setValue) throw new Error('no composer');
      for (let n = 1; n <= 100; n += 1) {
        setValue.call(box, `Flood ${n}`);
        box.dispatchEvent(new Event('input', { bubbles: true }));
        // The composer has drawn the text before Enter sends it (as between a person's keys).
        await new Promise((resolve) => setTimeout(resolve, 0));
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      }
    });
    await expect.poll(count('messages.send')).toBe(130);
    await expect.poll(() => socket.tooMany()).toBeGreaterThan(0);
    // The budget of changes refused some (the page says so), and the socket's 32 requests in flight
    // others ("Too many requests at once."): each refused send is shown "Not sent." with its Retry.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many changes in a short time. Wait a moment and try again.' })
      .first()
      .waitFor({ timeout: 15_000 });
    await notSent(page).first().waitFor({ timeout: 15_000 });
    // Counted once every send of the flood has its answer (read from the socket's frames):
    // refusals still on their way would raise the count after it was read, and the Retries below
    // could then not bring it under.
    await expect.poll(socket.unansweredSends, { timeout: 30_000 }).toBe(0);
    const shown = await notSent(page).count();
    expect(await notSent(page).getByRole('button', { name: 'Retry' }).count()).toBe(shown);
    expect(await axeViolations(page)).toEqual([]);
    // The flood is over: Retry sends a refused one (pressed again while the budget refills, as a
    // person would), and its "Not sent." goes. Followed by that row: the list draws only the rows
    // near the view, so a count of every "Not sent." changes as the list scrolls.
    const refusedId = await log(page)
      .locator('[data-message-id]', {
        has: page.getByRole('alert').filter({ hasText: 'Not sent.' }),
      })
      .last()
      .getAttribute('data-message-id');
    const retried = log(page).locator(`[data-message-id="${refusedId}"]`);
    // Whether the server has it (once sent it moves above the refused ones, maybe out of the drawn
    // rows, so the server says).
    const onServer = async () => {
      const newest = await teacherApi.trpc.messages.range.query({
        class_id: classId,
        channel_id: channelId,
        // The channel holds fewer messages than that: 30 points, 30 replies, some of 100 floods.
        fromSeq: 1,
        beforeSeq: 1 + MESSAGE_RANGE_MAX,
      });
      return newest.some((message) => message.id === refusedId);
    };
    await expect
      .poll(
        async () => {
          if (await onServer()) return 'sent';
          await retried
            .getByRole('alert')
            .filter({ hasText: 'Not sent.' })
            .getByRole('button', { name: 'Retry' })
            .click({ timeout: 2_000 })
            .catch(() => undefined);
          return 'not sent';
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('sent');
    // Sent once, and no longer shown as refused.
    await expect.poll(() => retried.getByRole('alert').count(), { timeout: 10_000 }).toBe(0);
    // Ten seconds of sending, a flood and its refusals drawn: more than the default minute on a
    // loaded machine.
  }, 180_000);
});
