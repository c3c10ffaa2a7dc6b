// Journey (docs/polls.md#cold-call), issue 30's check: an instructor and three students in four
// Chromium contexts (a browser notification recorded by an init script that wraps
// window.Notification; `visibilityState` overridden to hide a tab). Called by name, the student sees it is their turn and the two others see who
// was called; the instructor clears it (moving on) everywhere. "Pick someone" among the three online
// names one student in every browser, and that student's answer clears it in all four. With the
// called student's tab hidden, the browser notification reaches them and nobody else, and a
// classmate's post does not clear their turn. One student reads on a phone (360×640) in dark mode;
// axe on the banner there and on a desktop.
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

/** Records every Notification made, and lets the test hide or show the page (as cold-call does). */
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
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const turns = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { __notifications: Array<{ title: string; body: string }> }
    ).__notifications.filter((notification) => notification.title.startsWith('Your turn')),
  );
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    (window as unknown as { __setHidden: (hidden: boolean) => void }).__setHidden(value);
  }, hidden);

async function callByName(teacher: Person, name: string) {
  await teacher.page.getByRole('button', { name: 'Cold-call' }).click();
  await teacher.page.getByRole('menuitem', { name }).click();
}

async function post(person: Person, body: string) {
  const composer = person.page.getByRole('textbox', { name: 'Message' });
  await composer.fill(body);
  await composer.press('Enter');
}

describe('cold-call in a class of three', () => {
  let teacher: Person;
  let students: Array<{ person: Person; name: string }>;

  /** Every browser shows `name`'s turn; only the called student is told the class waits for them. */
  async function everyoneSees(name: string) {
    for (const page of [teacher.page, ...students.map(({ person }) => person.page)])
      await banner(page).getByText(`${name}, your turn`).waitFor();
    for (const student of students) {
      const waiting = banner(student.person.page).getByText(/waiting for your answer/);
      if (student.name === name) await waiting.waitFor();
      else expect(await waiting.count()).toBe(0);
    }
  }

  async function nobodySees() {
    for (const page of [teacher.page, ...students.map(({ person }) => person.page)])
      await banner(page).waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
    students = [
      {
        person: await signUpPerson(browser, server, 'Turing, Alan', 'alan@example.edu'),
        name: 'Alan Turing',
      },
      {
        person: await signUpPerson(browser, server, 'Hopper, Grace', 'grace@example.edu'),
        name: 'Grace Hopper',
      },
      {
        person: await signUpPerson(browser, server, 'Liskov, Barbara', 'barbara@example.edu'),
        name: 'Barbara Liskov',
      },
    ];
    const classId = await classWithStudents(
      server,
      teacher,
      'Computing 101',
      students.map(({ person }) => person),
    );
    // Barbara reads on a phone, in dark mode.
    const barbara = students[2]!.person.page;
    await barbara.setViewportSize({ width: 360, height: 640 });
    await barbara.emulateMedia({ colorScheme: 'dark' });
    for (const person of [teacher, ...students.map((student) => student.person)]) {
      await person.context.grantPermissions(['notifications'], { origin: server.url });
      await person.context.addInitScript(INIT_SCRIPT);
      await person.page.goto(`${server.url}/classes/${classId}`);
      // On a phone the channel list is the first screen; the channel then fills it.
      await channelButton(person.page, /^general/).click();
      await messages(person.page).waitFor();
    }
  });

  afterAll(async () => {
    for (const person of [teacher, ...(students ?? []).map((student) => student.person)])
      await person?.context.close();
  });

  it('called by name: the student sees their turn, the others see who; clearing moves on', async () => {
    for (const { person } of students)
      expect(await person.page.getByRole('button', { name: 'Cold-call' }).count()).toBe(0);
    await callByName(teacher, 'Grace Hopper');
    await everyoneSees('Grace Hopper');
    // Only staff may clear it.
    for (const { person } of students)
      expect(
        await banner(person.page).getByRole('button', { name: 'Clear cold-call' }).count(),
      ).toBe(0);

    expect(await axeViolations(students[1]!.person.page)).toEqual([]);
    // On the phone, in dark mode: the banner fits the width and passes axe.
    const phone = students[2]!.person.page;
    const box = (await banner(phone).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await axeViolations(phone)).toEqual([]);

    // Grace has nothing to say yet: the instructor moves on.
    await banner(teacher.page).getByRole('button', { name: 'Clear cold-call' }).click();
    await nobodySees();
  });

  it('"Pick someone" names one student everywhere, and their answer clears it in all four', async () => {
    await teacher.page.getByRole('button', { name: 'Cold-call' }).click();
    await teacher.page.getByRole('menuitem', { name: 'Pick someone' }).click();
    const shown = await banner(teacher.page)
      .getByText(/, your turn$/)
      .textContent();
    const picked = students.find((student) => shown === `${student.name}, your turn`);
    expect(picked, `the banner names one of the three: ${shown}`).toBeDefined();
    await everyoneSees(picked!.name);

    await post(picked!.person, 'Because the loop never ends');
    await messages(teacher.page).getByText('Because the loop never ends').waitFor();
    await nobodySees();
  });

  it('reaches the called student with the tab hidden, and only their own answer clears it', async () => {
    const [alan, grace] = students;
    await setHidden(alan!.person.page, true);
    await callByName(teacher, 'Alan Turing');
    await banner(teacher.page).getByText('Alan Turing, your turn').waitFor();
    await expect
      .poll(() => turns(alan!.person.page), { timeout: 15_000 })
      .toContainEqual({ title: 'Your turn in general', body: 'Alan Turing, your turn' });
    await everyoneSees('Alan Turing');
    // The others were never told it was their turn.
    for (const { person } of students.slice(1)) expect(await turns(person.page)).toEqual([]);

    // A classmate speaks up: still Alan's turn.
    await post(grace!.person, 'Can I add something?');
    await messages(teacher.page).getByText('Can I add something?').waitFor();
    await messages(alan!.person.page).getByText('Can I add something?').waitFor();
    await banner(teacher.page).getByText('Alan Turing, your turn').waitFor();

    // Alan comes back and answers: cleared in every browser.
    await setHidden(alan!.person.page, false);
    await post(alan!.person, 'The halting problem is undecidable');
    await nobodySees();
  });
});
