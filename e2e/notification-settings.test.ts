// Journey: a student opens "Notification settings" from the account menu, changes when missed
// mentions are e-mailed (with the mouse and with the keyboard) and mutes a class; a second tab of
// theirs follows each change live. The page is checked with axe in light and dark mode and at a
// phone's width (390 px), where nothing scrolls sideways. (The e-mails themselves are tested on the
// server: apps/server/test/awayNotifications.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const delay = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'E-mail me about missed mentions' }).getByRole('radio', {
    name,
  });
const checked = (page: Page, name: string) => delay(page, name).isChecked();
const mute = (page: Page, name: string) => page.getByRole('switch', { name: `Mute ${name}` });
const sideways = (page: Page) =>
  page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );

describe('notification settings', () => {
  let student: Person;

  beforeAll(async () => {
    const teacher = await signUpPerson(browser, server, 'Curie, Marie', 'marie@example.edu');
    student = await signUpPerson(browser, server, 'Turing, Alan', 'alan@example.edu');
    await classWithStudents(server, teacher, 'Logic 101', [student]);
  });

  it('changes the e-mail delay and mutes a class, live in a second tab', async () => {
    const first = student.page;
    await first.goto(server.url);
    await first.getByRole('button', { name: 'Account' }).click();
    await first.getByRole('menuitem', { name: 'Notification settings' }).click();
    await first.getByRole('heading', { name: 'Notification settings', level: 1 }).waitFor();
    await expect.poll(() => checked(first, 'After 10 minutes')).toBe(true);
    await mute(first, 'Logic 101').waitFor();
    expect(describeViolations(await axeViolations(first))).toEqual([]);

    const second = await student.context.newPage();
    await second.goto(`${server.url}/settings/notifications`);
    await expect.poll(() => checked(second, 'After 10 minutes')).toBe(true);

    // The mouse, in the first tab: the second follows.
    await delay(first, 'After 1 hour').click();
    await expect.poll(() => checked(second, 'After 1 hour'), { timeout: 10_000 }).toBe(true);
    // The keyboard, in the second tab: arrows move the choice within the group.
    await delay(second, 'After 1 hour').focus();
    await second.keyboard.press('ArrowUp');
    await expect.poll(() => checked(second, 'After 10 minutes')).toBe(true);
    await expect.poll(() => checked(first, 'After 10 minutes'), { timeout: 10_000 }).toBe(true);
    // A class muted in one tab is muted in the other; a reload keeps it (it is on the server).
    await mute(second, 'Logic 101').click();
    await expect.poll(() => mute(first, 'Logic 101').isChecked(), { timeout: 10_000 }).toBe(true);
    await first.reload();
    await expect.poll(() => mute(first, 'Logic 101').isChecked(), { timeout: 10_000 }).toBe(true);
    await second.close();
  });

  it('fits a phone and reads well in dark mode', async () => {
    const page = student.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => window.localStorage.setItem('seminar.colorMode', 'dark'));
    await page.goto(`${server.url}/settings/notifications`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.colorMode))
      .toBe('dark');
    await delay(page, 'Never').waitFor();
    expect(await sideways(page)).toBe(0);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await delay(page, 'Never').click();
    await expect.poll(() => checked(page, 'Never')).toBe(true);
  });
});
