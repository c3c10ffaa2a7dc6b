// Issue 38 "the conversation gets the screen on a laptop": in the Chat tab at 1280×720, 1366×768 and
// 1920×1080 the message list gets at least 65 % of the window's height (the class header is one line
// with the name, the role and the tabs; the panel fills the height; nothing scrolls but the list),
// the channel list and the members panel stay reachable with the keyboard, and the Activities tab
// keeps its full header. At 360×640 the phone's layout is unchanged (e2e/phone.test.ts holds it).
// Dark mode is checked at 1366×768 (axe's contrast rules run on it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, PASSWORD, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';
import { verifyOverHttp } from './support/verification';

/** Messages of three paragraphs: more than the tallest window shows, so the list has to scroll. */
const COUNT = 20;
const SIZES = [
  { width: 1280, height: 720, colorScheme: 'light' },
  { width: 1366, height: 768, colorScheme: 'dark' },
  { width: 1920, height: 1080, colorScheme: 'light' },
] as const;

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let classId: string;
let channelLink: string;

beforeAll(async () => {
  server = await startServer({ LIVE_MUTATIONS_PER_SECOND: '500', LIVE_MUTATION_BURST: '500' });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: SIZES[0], bypassCSP: true });
  const email = 'ada@example.edu';
  const response = await context.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers: { Origin: server.url },
    data: { name: 'Lovelace, Ada', email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await verifyOverHttp(server.url, email);
  const { user } = (await response.json()) as { user: { id: string } };
  teacher = { context, page: await context.newPage(), uid: user.id, email };
  const api = await apiAs(server, teacher);
  try {
    classId = makeRecordId('class', teacher.uid);
    await api.trpc.classes.request.mutate({ pending_class_id: classId, name: 'Biology 101' });
    const lab = makeRecordId('channel', teacher.uid);
    await api.trpc.channels.create.mutate({
      channel_id: lab,
      class_id: classId,
      name: 'lab',
      is_public: true,
    });
    for (let n = 1; n <= COUNT; n += 1) {
      await api.trpc.messages.send.mutate({
        id: makeRecordId('msg', teacher.uid),
        class_id: classId,
        channel_id: lab,
        body: `Observation ${n}: the kelp grew again.\n\nThe water was colder.\n\nNo otters today.`,
      });
    }
    channelLink = `${server.url}/classes/${classId}?channel=${lab}`;
  } finally {
    await api.close();
  }
  // The first load of a fresh server (its compression caches, the browser's code cache) is not what
  // the sizes below measure: it happens here, under the hook's longer timeout.
  await teacher.page.goto(channelLink);
  await composer(teacher.page).waitFor({ timeout: 100_000 });
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** How far the page itself scrolls, down and sideways (0 and 0: only the list inside scrolls). */
const pageScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const main = document.querySelector('main');
    return {
      down: Math.max(0, root.scrollHeight - root.clientHeight),
      sideways: Math.max(0, root.scrollWidth - root.clientWidth),
      main: main ? Math.max(0, main.scrollHeight - main.clientHeight) : -1,
    };
  });

/** Presses Tab until `matches` says the right element has focus (at most `limit` presses); whether it got there. */
async function tabTo(page: Page, matches: () => Promise<boolean>, limit: number) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if (await matches()) return true;
  }
  return false;
}

describe('the conversation gets the screen on a laptop', () => {
  for (const size of SIZES) {
    it(`gives the message list ≥ 65 % of ${size.width}×${size.height} (${size.colorScheme})`, async () => {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: size.colorScheme,
        bypassCSP: true,
      });
      await context.addCookies(await teacher.context.cookies(server.url));
      const page = await context.newPage();
      try {
        await page.goto(channelLink);
        await messageLog(page).getByText(`Observation ${COUNT}:`).waitFor();
        await composer(page).waitFor();
        // One line: the class's name (the page's only h1), the role and the tabs.
        const heading = page.getByRole('heading', { level: 1, name: 'Biology 101' });
        const tabs = page.getByRole('tablist', { name: 'Class sections' });
        const [headingBox, tabsBox] = await Promise.all([
          heading.boundingBox(),
          tabs.boundingBox(),
        ]);
        expect(headingBox && tabsBox).toBeTruthy();
        expect(
          Math.abs(headingBox!.y + headingBox!.height / 2 - (tabsBox!.y + tabsBox!.height / 2)),
        ).toBeLessThanOrEqual(4);
        expect(await page.getByText('Instructor', { exact: true }).first().isVisible()).toBe(true);

        const log = await messageLog(page).boundingBox();
        expect(log!.height / size.height).toBeGreaterThanOrEqual(0.65);
        const box = await composer(page).boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
        expect(await pageScroll(page)).toEqual({ down: 0, sideways: 0, main: 0 });
        // The list scrolls inside: its content is taller than its box.
        expect(
          await messageLog(page).evaluate((element) => {
            const scroller = element.querySelector('[data-virtuoso-scroller]') ?? element;
            return scroller.scrollHeight > scroller.clientHeight;
          }),
        ).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the channel list and the members panel reachable with the keyboard', async () => {
    const { page } = teacher;
    await page.setViewportSize(SIZES[0]);
    await page.goto(channelLink);
    await composer(page).waitFor();
    await page.getByRole('tab', { name: 'Chat' }).focus();
    const channel = page
      .getByRole('list', { name: 'Channels' })
      .getByRole('button', { name: /^lab/ });
    expect(
      await tabTo(page, () => channel.evaluate((el) => el === document.activeElement), 20),
    ).toBe(true);
    // The channel's tools are one Tab stop (a toolbar); the arrow keys move to "Members" in it.
    const tools = page.getByRole('toolbar', { name: 'Channel tools' });
    const members = tools.getByRole('button', { name: 'Members' });
    await members.waitFor();
    expect(
      await tabTo(page, () => tools.evaluate((el) => el.contains(document.activeElement)), 20),
    ).toBe(true);
    const onMembers = () => members.evaluate((el) => el === document.activeElement);
    for (let presses = 0; presses < 6 && !(await onMembers()); presses += 1)
      await page.keyboard.press('ArrowRight');
    expect(await onMembers()).toBe(true);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Members of lab' });
    await panel.getByRole('list', { name: 'Members of lab' }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  });

  it('keeps the Activities tab’s full header: the name as a large heading, the tabs below it', async () => {
    const { page } = teacher;
    await page.setViewportSize(SIZES[0]);
    await page.goto(channelLink);
    await composer(page).waitFor();
    await page.getByRole('tab', { name: 'Activities' }).click();
    await page.getByRole('tab', { name: 'Activities', selected: true }).waitFor();
    const heading = page.getByRole('heading', { level: 1, name: 'Biology 101' });
    const tabs = page.getByRole('tablist', { name: 'Class sections' });
    const [headingBox, tabsBox] = await Promise.all([heading.boundingBox(), tabs.boundingBox()]);
    expect(tabsBox!.y).toBeGreaterThanOrEqual(headingBox!.y + headingBox!.height);
    // MUI's h4: 2.125rem.
    expect(await heading.evaluate((el) => getComputedStyle(el).fontSize)).toBe('34px');
    // The page grows with its content again (the main area has no fixed height).
    expect(await page.evaluate(() => document.querySelector('.sm-fill-screen') !== null)).toBe(
      false,
    );
  });
});
