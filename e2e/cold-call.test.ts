// Journey (docs/polls.md#cold-call): an instructor and a student, each in their own Chromium. The
// instructor picks someone (the student is the one online): both see the banner "Alan Turing, your
// turn"; the instructor clears it. With the student's page hidden (the notifications permission
// granted, `visibilityState` overridden) the instructor cold-calls them by name: a browser
// Notification reaches them — recorded by an init script that wraps window.Notification. The
// student comes back and answers: the banner clears in the instructor's browser. Phone width, dark
// mode and axe on the banner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
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

/** Records every Notification made, and lets the test hide or show the page (as chat-mentions does). */
const INIT_SCRIPT = `(() => {
  const Real = window.Notification;
  window.__notifications = [];
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notifications.push({ title, body: options && options.body });
    }
  }
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  Recorded.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Recorded;
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { get: () => hidden });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();`;

const channelButton = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('button', { name });
const banner = (page: Page) => page.getByRole('status', { name: 'Cold-call' });
const notifications = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __notifications: Array<{ title: string; body: string }> })
        .__notifications,
  );
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    (window as unknown as { __setHidden: (hidden: boolean) => void }).__setHidden(value);
  }, hidden);

describe('cold-call', () => {
  let teacher: Person;
  let student: Person;

  beforeAll(async () => {
    teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
    student = await signUpPerson(browser, server, 'Turing, Alan', 'alan@example.edu');
    const classId = await classWithStudents(server, teacher, 'Logic 101', [student]);
    for (const person of [teacher, student]) {
      await person.context.grantPermissions(['notifications'], { origin: server.url });
      await person.context.addInitScript(INIT_SCRIPT);
      await person.page.goto(`${server.url}/classes/${classId}`);
      await channelButton(person.page, /^general/).click();
      await person.page.getByRole('log', { name: 'Messages' }).waitFor();
    }
  });

  afterAll(async () => {
    await teacher?.context.close();
    await student?.context.close();
  });

  it('reaches the picked student: the banner, a notification when hidden, cleared by their post', async () => {
    expect(await student.page.getByRole('button', { name: 'Cold-call' }).count()).toBe(0);
    // "Pick someone": the student is the one online.
    await teacher.page.getByRole('button', { name: 'Cold-call' }).click();
    await teacher.page.getByRole('menuitem', { name: 'Pick someone' }).click();
    await banner(teacher.page).getByText('Alan Turing, your turn').waitFor();
    await banner(student.page).getByText('Alan Turing, your turn').waitFor();
    await banner(student.page)
      .getByText(/waiting for your answer/)
      .waitFor();
    expect(await axeViolations(student.page)).toEqual([]);

    // At a phone's width in dark mode the banner fits and passes axe.
    const viewport = student.page.viewportSize()!;
    await student.page.emulateMedia({ colorScheme: 'dark' });
    await student.page.setViewportSize({ width: 390, height: 800 });
    const box = (await banner(student.page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await axeViolations(student.page)).toEqual([]);
    await student.page.setViewportSize(viewport);
    await student.page.emulateMedia({ colorScheme: 'light' });

    // The instructor clears it: gone in both browsers.
    await banner(teacher.page).getByRole('button', { name: 'Clear cold-call' }).click();
    await banner(student.page).waitFor({ state: 'detached' });
    await banner(teacher.page).waitFor({ state: 'detached' });

    // The student's tab goes to the background; the instructor calls them by name.
    await setHidden(student.page, true);
    await teacher.page.getByRole('button', { name: 'Cold-call' }).click();
    await teacher.page.getByRole('menuitem', { name: 'Alan Turing' }).click();
    await banner(teacher.page).getByText('Alan Turing, your turn').waitFor();
    await expect
      .poll(async () => await notifications(student.page), { timeout: 15_000 })
      .toContainEqual({ title: 'Your turn in general', body: 'Alan Turing, your turn' });

    // Back, the student answers: the banner clears for the instructor.
    await setHidden(student.page, false);
    await banner(student.page).getByText('Alan Turing, your turn').waitFor();
    const composer = student.page.getByRole('textbox', { name: 'Message' });
    await composer.fill('I think the proof fails at step 3');
    await composer.press('Enter');
    await banner(teacher.page).waitFor({ state: 'detached' });
    await banner(student.page).waitFor({ state: 'detached' });
  });
});
