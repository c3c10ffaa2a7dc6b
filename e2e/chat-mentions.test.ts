// Journey: an instructor and a student, each in their own Chromium, react to each other's message
// (the reaction shows live in the other browser, with its count and whether one reacted) and
// mention each other through the composer's `@` picker (keyboard and mouse): the mention shows the
// person's name and is highlighted for them, their channel and the Chat tab get a mention badge
// apart from the unread one, the tab title counts unread, and with the page hidden (the
// notifications permission granted, `visibilityState` overridden) a mention raises a browser
// Notification — recorded by an init script that wraps window.Notification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
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
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

/**
 * Runs before the app: records every Notification made, and lets the test hide or show the page
 * (`visibilityState` and a `visibilitychange` event, as when the tab goes to the background).
 */
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
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
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

describe('chat reactions and mentions', () => {
  let teacher: Person;
  let student: Person;
  let classId: string;

  beforeAll(async () => {
    teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
    student = await signUpPerson(browser, server, 'Turing, Alan', 'alan@example.edu');
    classId = await classWithStudents(server, teacher, 'Logic 101', [student]);
    const api = await apiAsPerson(server, teacher);
    try {
      // A second channel, where the student's mention badge can show while general is open.
      await api.trpc.channels.create.mutate({
        class_id: classId,
        channel_id: makeRecordId('channel', teacher.uid),
        name: 'lab',
        is_public: true,
        channel_group: [],
      });
    } finally {
      await api.close();
    }
    for (const person of [teacher, student]) {
      await person.context.grantPermissions(['notifications'], { origin: server.url });
      await person.context.addInitScript(INIT_SCRIPT);
      await person.page.goto(`${server.url}/classes/${classId}`);
      await channelButton(person.page, /^general/).click();
      await messageLog(person.page).waitFor();
    }
  });

  afterAll(async () => {
    await teacher?.context.close();
    await student?.context.close();
  });

  it('shows a reaction live in the other browser, with its count and who reacted', async () => {
    await composer(teacher.page).fill('Read chapter 2 for Monday');
    await composer(teacher.page).press('Enter');
    const message = messageLog(student.page).locator('[data-message-id]', {
      hasText: 'Read chapter 2',
    });
    await message.waitFor();

    // The student reacts by keyboard: the picker is a menu.
    await message.hover();
    await message.getByRole('button', { name: 'Add reaction' }).click();
    await student.page.getByRole('menu', { name: 'Reactions' }).waitFor();
    await student.page.keyboard.press('ArrowDown');
    await student.page.keyboard.press('Enter');
    await message.getByRole('button', { name: '❤️ 1 reaction, including you' }).waitFor();

    // The teacher sees it live, not pressed, and adds theirs by clicking the chip.
    const chip = messageLog(teacher.page).getByRole('button', { name: /^❤️ 1 reaction$/ });
    await chip.waitFor();
    expect(await chip.getAttribute('aria-pressed')).toBe('false');
    await chip.click();
    await messageLog(student.page)
      .getByRole('button', { name: '❤️ 2 reactions, including you' })
      .waitFor();
    await messageLog(teacher.page)
      .getByRole('button', { name: '❤️ 2 reactions, including you' })
      .waitFor();

    // The student takes theirs back; the teacher sees the count drop.
    await message.getByRole('button', { name: '❤️ 2 reactions, including you' }).click();
    await messageLog(teacher.page)
      .getByRole('button', { name: '❤️ 1 reaction, including you' })
      .waitFor();
    // The chat page with reactions on it has no serious accessibility problem.
    expect(await axeViolations(teacher.page)).toEqual([]);
  });

  it('mentions through the @ picker: highlight, badges, title, and a notification when hidden', async () => {
    // The student mentions the teacher, picking with the keyboard.
    await composer(student.page).fill('Thanks @Ad');
    const picker = student.page.getByRole('listbox', { name: 'Mention someone' });
    await picker.getByRole('option', { name: 'Ada Lovelace' }).waitFor();
    expect(await composer(student.page).getAttribute('aria-activedescendant')).toBeTruthy();
    // …nor with the mention picker open.
    expect(await axeViolations(student.page)).toEqual([]);
    await composer(student.page).press('Enter');
    expect(await composer(student.page).inputValue()).toBe('Thanks @Ada Lovelace ');
    await composer(student.page).press('End');
    await composer(student.page).pressSequentially('for the notes');
    await composer(student.page).press('Enter');

    // The teacher sees the mention by name, highlighted as theirs.
    const mentioned = messageLog(teacher.page).locator('[data-mentions-me="true"]', {
      hasText: 'for the notes',
    });
    await mentioned.waitFor();
    expect(await mentioned.locator('[data-mention="me"]').textContent()).toBe('@Ada Lovelace');
    // The student's own copy shows the name but is not highlighted for them.
    await messageLog(student.page)
      .locator('[data-mention="other"]', { hasText: '@Ada Lovelace' })
      .waitFor();

    // The student goes to another channel and hides the page; the teacher mentions them there in
    // general, picking with the mouse.
    await channelButton(student.page, /^lab/).click();
    await student.page.getByRole('heading', { name: 'lab' }).waitFor();
    await setHidden(student.page, true);
    await composer(teacher.page).fill('Good question @Al');
    await teacher.page
      .getByRole('listbox', { name: 'Mention someone' })
      .getByRole('option', { name: 'Alan Turing' })
      .click();
    await composer(teacher.page).pressSequentially('see you Monday');
    await composer(teacher.page).press('Enter');

    // Who wrote, where, and the text with the mention as a name (docs/channels.md#notifications).
    await expect
      .poll(async () => await notifications(student.page), { timeout: 15_000 })
      .toContainEqual({
        title: 'Ada Lovelace mentioned you in general',
        body: 'Good question @Alan Turing see you Monday',
      });
    // The channel has a mention badge apart from its unread badge, the Chat tab one for the
    // class, and the tab title counts what is unread.
    await channelButton(student.page, /1 mention of you/).waitFor();
    await student.page.getByRole('tab', { name: /^Chat\W+1 mention of you$/ }).waitFor();
    await expect.poll(() => student.page.title()).toMatch(/^\(1\) Logic 101/);

    // Back: opening the channel reads it, and the badges go.
    await setHidden(student.page, false);
    await channelButton(student.page, /^general/).click();
    const forMe = messageLog(student.page).locator('[data-mentions-me="true"]', {
      hasText: 'see you Monday',
    });
    await forMe.waitFor();
    expect(await forMe.locator('[data-mention="me"]').textContent()).toBe('@Alan Turing');
    await expect
      .poll(() => student.page.getByTestId('mention-badge').count(), { timeout: 10_000 })
      .toBe(0);
    await expect.poll(() => student.page.title()).toMatch(/^Logic 101/);

    // In My classes the class's card counts mentions of the viewer too, live.
    await student.page.getByRole('banner').getByRole('link', { name: 'Seminar' }).click();
    const card = student.page.getByRole('article', { name: 'Logic 101' });
    await card.waitFor();
    expect(await card.getByText(/mentions? of you/).count()).toBe(0);
    await composer(teacher.page).fill('Also @Al');
    await teacher.page
      .getByRole('listbox', { name: 'Mention someone' })
      .getByRole('option', { name: 'Alan Turing' })
      .click();
    await composer(teacher.page).pressSequentially('bring the proofs');
    await composer(teacher.page).press('Enter');
    await card.getByText('1 mention of you').waitFor();
    await card.getByText('1 unread message').waitFor();
    // Back in the class, general open again (the next journeys start there).
    await card.getByRole('link').first().click();
    await channelButton(student.page, /^general/).click();
    await messageLog(student.page)
      .locator('[data-message-id]', { hasText: 'bring the proofs' })
      .waitFor();
  });

  it('refuses @channel to a student and offers it to the instructor', async () => {
    await composer(teacher.page).fill('@chan');
    await teacher.page
      .getByRole('listbox', { name: 'Mention someone' })
      .getByRole('option', { name: /@channel/ })
      .waitFor();
    await composer(teacher.page).press('Escape');
    await composer(teacher.page).fill('');
    // The student's picker opens on "@" (the channel's people)…
    const picker = student.page.getByRole('listbox', { name: 'Mention someone' });
    await composer(student.page).fill('@');
    await picker.waitFor();
    // …and closes as "chan" is typed: it has no @channel (and nobody is named so).
    await composer(student.page).pressSequentially('chan');
    await picker.waitFor({ state: 'hidden' });
    expect(await student.page.getByRole('option', { name: /@channel/ }).count()).toBe(0);
    await composer(student.page).fill('');
  });

  it('notifies only of mentions when the person chose so in the channel’s Notifications menu', async () => {
    await channelButton(student.page, /^general/).click();
    await messageLog(student.page).waitFor();
    await student.page.getByRole('button', { name: 'Notifications' }).click();
    const menu = student.page.getByRole('menu', { name: 'Notify me about' });
    expect(
      await menu
        .getByRole('menuitemradio', { name: 'All new messages' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await menu.getByRole('menuitemradio', { name: 'Only mentions of me' }).click();
    // Kept on the server: it comes back in the channel list, checked.
    await student.page.getByRole('button', { name: 'Notifications' }).click();
    await expect
      .poll(() =>
        menu
          .getByRole('menuitemradio', { name: 'Only mentions of me' })
          .getAttribute('aria-checked'),
      )
      .toBe('true');
    await student.page.keyboard.press('Escape');

    await channelButton(student.page, /^lab/).click();
    await student.page.getByRole('heading', { name: 'lab' }).waitFor();
    await student.page.evaluate(() => {
      (window as unknown as { __notifications: unknown[] }).__notifications.length = 0;
    });
    await setHidden(student.page, true);
    await composer(teacher.page).fill('A plain note for everyone');
    await composer(teacher.page).press('Enter');
    // The unread count moves, but a plain message raises nothing at this level: the mention sent
    // after it is, below, the only notification (the channel's messages reach the page in order).
    await channelButton(student.page, /1 unread message/).waitFor();
    await composer(teacher.page).fill('@Al');
    await teacher.page
      .getByRole('listbox', { name: 'Mention someone' })
      .getByRole('option', { name: 'Alan Turing' })
      .click();
    await composer(teacher.page).pressSequentially('one for you');
    await composer(teacher.page).press('Enter');
    await expect
      .poll(async () => (await notifications(student.page)).map((note) => note.title), {
        timeout: 15_000,
      })
      .toEqual(['Ada Lovelace mentioned you in general']);
    await setHidden(student.page, false);
  });
});
