// Journey: where a channel opens, in real Chromium (issue 33, points 1 and 2). A search result in
// another channel opens that channel at the found message, marked, on the first click — for staff and
// for a student, for a message far older than the newest page, and when the channel has unread
// messages (the search result wins over the first unread). A channel with unread messages opens at
// its "New" divider; sending a message there brings one's own message, and the answer after it,
// into view. "In view" is read from the boxes (the list is virtualized: rows just outside the view
// are in the DOM and count as visible for Playwright).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

/** More than five pages of 25: the found message is far above the page a channel opens with. */
const COUNT = 140;
/** The found message's place in the lab channel. */
const HIT = 5;
/** A found message within the newest page. */
const NEAR_HIT = COUNT - 12;

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let teacherApi: Awaited<ReturnType<typeof apiAs>>;
let studentApi: Awaited<ReturnType<typeof apiAs>>;
let classId: string;
let labId: string;

beforeAll(async () => {
  // The history is written through the API, faster than a person could.
  server = await startServer({ LIVE_MUTATIONS_PER_SECOND: '500', LIVE_MUTATION_BURST: '500' });
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
  student = await signUpPerson(browser, server, 'Babbage, Charles', 'charles@example.edu');
  teacherApi = await apiAs(server, teacher);
  studentApi = await apiAs(server, student);
  classId = makeRecordId('class', teacher.uid);
  await teacherApi.trpc.classes.request.mutate({ pending_class_id: classId, name: 'Biology 101' });
  await teacherApi.trpc.classes.addMembers.mutate({
    class_id: classId,
    role: 'student',
    people: [{ email: student.email, name: '' }],
  });
  labId = makeRecordId('channel', teacher.uid);
  await teacherApi.trpc.channels.create.mutate({
    channel_id: labId,
    class_id: classId,
    name: 'lab',
    is_public: true,
  });
  for (let n = 1; n <= COUNT; n += 1)
    await postToLab(n === HIT ? 'Kelp forests' : n === NEAR_HIT ? 'Sea otters' : `Message ${n}`);
});
afterAll(async () => {
  await teacherApi?.close();
  await studentApi?.close();
  await closeBrowser(browser);
  await server?.stop();
});

/** Messages in the lab channel: its newest seq. */
let labCount = 0;

function postToLab(body: string, api = teacherApi, uid = teacher.uid) {
  labCount += 1;
  return api.trpc.messages.send.mutate({
    id: makeRecordId('msg', uid),
    class_id: classId,
    channel_id: labId,
    body,
  });
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const row = (page: Page, body: string) =>
  log(page).locator('[data-message-id]', { has: page.getByText(body, { exact: true }) });

/** The message's row, marked as the one asked for (a search result). */
const marked = (page: Page, body: string) =>
  log(page).locator('[data-focused="true"]', { has: page.getByText(body, { exact: true }) });

/** The element's box lies within the message log's box (it is on screen, not just in the DOM). */
async function inView(page: Page, target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false;
  const [box, frame] = await Promise.all([target.boundingBox(), log(page).boundingBox()]);
  if (!box || !frame) return false;
  return box.y >= frame.y - 1 && box.y + box.height <= frame.y + frame.height + 1;
}

async function openChannel(page: Page, name: string) {
  await page
    .getByRole('list', { name: 'Channels' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  // That channel's own list: the one left may still be on screen for a moment after the click, and
  // messages arriving meanwhile would be read there.
  await page.getByRole('heading', { name, exact: true }).waitFor();
  await log(page).waitFor();
}

/** Reads the lab channel to its end (all read: it opens at the newest), then goes to general. */
async function readLabThenGoToGeneral(person: Person, newest: string) {
  const { page } = person;
  const api = person === teacher ? teacherApi : studentApi;
  await api.trpc.channels.markRead.mutate({ class_id: classId, channel_id: labId, seq: labCount });
  await page.goto(`${server.url}/classes/${classId}`);
  await openChannel(page, 'lab');
  await expect.poll(() => inView(page, row(page, newest)), { timeout: 10_000 }).toBe(true);
  await openChannel(page, 'general');
  // Read on the server (the channel list counts no unread message in it).
  await expect.poll(() => labButton(page).textContent(), { timeout: 10_000 }).not.toMatch(/unread/);
}

const labButton = (page: Page) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('button', { name: /^lab/ });

async function searchAndOpen(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Search messages' }).fill(query);
  const found = page.getByRole('list', { name: 'Messages found' }).getByRole('button');
  await expect.poll(() => found.count(), { timeout: 10_000 }).toBe(1);
  await found.click();
}

describe('opening a channel at a message', () => {
  it('opens a search result in another channel at the message, marked, on the first click', async () => {
    const { page } = teacher;
    await readLabThenGoToGeneral(teacher, `Message ${COUNT}`);
    // A fresh page on general: nothing of the lab channel is loaded yet.
    await page.reload();
    await log(page).waitFor();
    await searchAndOpen(page, 'kelp');
    const hit = row(page, 'Kelp forests');
    await expect.poll(() => inView(page, hit), { timeout: 10_000 }).toBe(true);
    expect(await marked(page, 'Kelp forests').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('channel')).toBe(labId);
    // Its neighbours are loaded around it.
    await row(page, `Message ${HIT + 1}`).waitFor({ state: 'attached' });
    expect(await axeViolations(page)).toEqual([]);

    // From general again, freshly loaded: a result within the newest page of the channel.
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
    await openChannel(page, 'general');
    await page.reload();
    await log(page).waitFor();
    await searchAndOpen(page, 'otters');
    const near = row(page, 'Sea otters');
    await expect.poll(() => inView(page, near), { timeout: 10_000 }).toBe(true);
    expect(await marked(page, 'Sea otters').count()).toBe(1);
  });

  it('wins over the first unread message for a student', async () => {
    const { page } = student;
    await readLabThenGoToGeneral(student, `Message ${COUNT}`);
    // Thirty messages the student has not read arrive while they are in general.
    for (let n = 1; n <= 30; n += 1) await postToLab(`Later ${n}`);
    await expect.poll(() => labButton(page).textContent(), { timeout: 10_000 }).toMatch(/unread/);
    await searchAndOpen(page, 'kelp');
    const hit = row(page, 'Kelp forests');
    await expect.poll(() => inView(page, hit), { timeout: 10_000 }).toBe(true);
    expect(await marked(page, 'Kelp forests').count()).toBe(1);
    // It stays there (the first unread does not take the view afterwards).
    await row(page, `Message ${HIT + 1}`).waitFor({ state: 'attached' });
    expect(await inView(page, hit)).toBe(true);
  });
});

describe('unread messages and sending', () => {
  it('opens at the "New" divider, and a sent message and its answer come into view', async () => {
    const { page } = student;
    await page.setViewportSize({ width: 1280, height: 700 });
    await readLabThenGoToGeneral(student, 'Later 30');
    // Unread messages arrive while the student is elsewhere in the class.
    for (let n = 1; n <= 30; n += 1) await postToLab(`Unread ${n}`);
    await expect.poll(() => labButton(page).textContent(), { timeout: 10_000 }).toMatch(/unread/);
    await openChannel(page, 'lab');
    const divider = log(page).getByRole('separator', { name: 'New messages below' });
    await expect.poll(() => inView(page, divider), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => inView(page, row(page, 'Unread 1')), { timeout: 10_000 }).toBe(true);
    expect(await inView(page, row(page, 'Unread 30'))).toBe(false);

    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('My question about kelp');
    await composer.press('Enter');
    await expect
      .poll(() => inView(page, row(page, 'My question about kelp')), { timeout: 10_000 })
      .toBe(true);
    await postToLab('The answer about kelp');
    await expect
      .poll(() => inView(page, row(page, 'The answer about kelp')), { timeout: 10_000 })
      .toBe(true);
    expect(await inView(page, row(page, 'My question about kelp'))).toBe(true);

    // At a phone's width, in dark mode: the channel still reads (axe).
    await page.setViewportSize({ width: 360, height: 640 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => inView(page, row(page, 'The answer about kelp')), { timeout: 10_000 })
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
