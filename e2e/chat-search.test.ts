// Journey: searching a class's messages in real Chromium — "Search messages" finds an old message
// (its word highlighted, the message's own markup shown as text, never run), and the result opens
// its channel at that message with the history around it loaded, though it lies far above the newest
// page; a student's search never shows a message of a channel they cannot see. axe on the results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let api: Awaited<ReturnType<typeof apiAs>>;

beforeAll(async () => {
  // The history is written through the API, faster than a person could.
  server = await startServer({ LIVE_MUTATIONS_PER_SECOND: '500', LIVE_MUTATION_BURST: '500' });
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
  student = await signUpPerson(browser, server, 'Babbage, Charles', 'charles@example.edu');
  api = await apiAs(server, teacher);
});
afterAll(async () => {
  await api?.close();
  await closeBrowser(browser);
  await server?.stop();
});

describe('message search', () => {
  it('finds an old message and opens its channel there, with the history around it', async () => {
    const { page } = teacher;
    const classId = makeRecordId('class', teacher.uid);
    await api.trpc.classes.request.mutate({ pending_class_id: classId, name: 'Biology 101' });
    await page.goto(`${server.url}/classes/${classId}`);
    await page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^general/ })
      .click();
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    const channelId = new URL(page.url()).searchParams.get('channel') ?? '';
    expect(channelId).not.toBe('');
    const send = (body: string) =>
      api.trpc.messages.send.mutate({
        id: makeRecordId('msg', teacher.uid),
        class_id: classId,
        channel_id: channelId,
        body,
      });
    // Message 7 of 120: four pages above the newest one the channel opens with.
    for (let n = 1; n <= 120; n += 1) {
      await send(
        n === 7
          ? 'Photosynthesis needs light <img src=x onerror="window.__injected=1"> and water'
          : `Message ${n}`,
      );
    }
    await page.reload();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Message 120', { exact: true }).waitFor();

    await page.getByRole('searchbox', { name: 'Search messages' }).fill('photosynth');
    const found = page.getByRole('list', { name: 'Messages found' }).getByRole('button');
    await expect.poll(() => found.count(), { timeout: 10_000 }).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    const mark = found.locator('mark');
    expect(await mark.textContent()).toBe('Photosynthesis');
    expect(await found.textContent()).toContain('<img src=x onerror="window.__injected=1">');

    await found.click();
    const target = log.getByText(/^Photosynthesis needs light/);
    await expect.poll(() => target.isVisible(), { timeout: 10_000 }).toBe(true);
    // The found message is marked, and its neighbours are loaded around it.
    await log
      .locator('[data-focused="true"]')
      .getByText(/^Photosynthesis/)
      .waitFor();
    await log.getByText('Message 6', { exact: true }).waitFor({ state: 'attached' });
    await log.getByText('Message 8', { exact: true }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBe(
      undefined,
    );

    // The history between it and the newest messages is there (no gap): scroll down to the end.
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
    for (let tries = 0; tries < 40; tries += 1) {
      await log.evaluate((el) => (el.scrollTop = el.scrollHeight));
      if (await log.getByText('Message 120', { exact: true }).isVisible()) break;
      await page.waitForTimeout(100);
    }
    await log.getByText('Message 120', { exact: true }).waitFor();

    // A student finds the general channel's message, never the staff room's.
    await api.trpc.classes.addMembers.mutate({
      class_id: classId,
      role: 'student',
      people: [{ email: student.email, name: '' }],
    });
    const staffId = makeRecordId('channel', teacher.uid);
    await api.trpc.channels.create.mutate({
      channel_id: staffId,
      class_id: classId,
      name: 'staff room',
      is_public: false,
    });
    await api.trpc.messages.send.mutate({
      id: makeRecordId('msg', teacher.uid),
      class_id: classId,
      channel_id: staffId,
      body: 'Photosynthesis exam answers',
    });
    const asTeacher = await api.trpc.messages.search.query({
      class_id: classId,
      query: 'photosynthesis',
    });
    expect(asTeacher.results).toHaveLength(2);
    await student.page.goto(`${server.url}/classes/${classId}`);
    await student.page.getByRole('searchbox', { name: 'Search messages' }).fill('photosynthesis');
    const theirs = student.page.getByRole('list', { name: 'Messages found' }).getByRole('button');
    await expect.poll(() => theirs.count(), { timeout: 10_000 }).toBe(1);
    expect(await theirs.textContent()).toContain('#general');
    expect(await theirs.textContent()).not.toContain('exam answers');
  });
});
