// Issue 30's "phone width and dark mode for each screen; axe on the new ones": every screen of the
// case-discussion room, on a phone (360×640) in dark mode, for the instructor and for a student —
// the channel with its brief, pinned bar, phase bar and a poll; the brief editor, the pinned list,
// the phase editor, the anonymity dialog, the poll dialog, the cold-call menu and its banner. Each
// fits the width (nothing scrolls sideways) and passes axe. The journeys in four browser contexts
// (case-brief-pins, case-phases, case-anonymity, polls, cold-call) check what the screens do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

const PHONE = { width: 360, height: 640 };

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let url: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Christensen, Clayton', 'clay@example.edu');
  student = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
  const classId = await classWithStudents(server, teacher, 'Strategy 501', [student]);
  const caseId = makeRecordId('channel', teacher.uid);
  const act = { class_id: classId, activity_id: makeRecordId('activity', teacher.uid) };
  const ref = { class_id: classId, channel_id: caseId };
  const api = await apiAs(server, teacher);
  try {
    await api.trpc.channels.create.mutate({ ...ref, name: 'tesla-case', is_public: true });
    await api.trpc.activities.save.mutate({
      ...act,
      title: 'Tesla Roadster, 2008',
      channel_id: caseId,
    });
    await api.trpc.activities.setBrief.mutate({
      ...act,
      body: '**Read first:** pages 1–12.\n\n- Should Tesla build the Roadster?\n- At what price?',
      attachment_ids: [],
    });
    await api.trpc.activities.setPhases.mutate({
      ...act,
      phases: [
        {
          id: 'alone',
          kind: 'individual_post_first',
          title: 'Think alone',
          timer_seconds: 600,
          at_zero: 'ask',
        },
        { id: 'all', kind: 'plenary', title: 'Discuss', timer_seconds: null, at_zero: 'end' },
      ],
    });
    const opener = await api.trpc.messages.send.mutate({
      id: makeRecordId('msg', teacher.uid),
      ...ref,
      body: 'Would you build the Roadster at a loss?',
    });
    await api.trpc.pins.set.mutate({ id: opener.id, on: true });
    await api.trpc.polls.create.mutate({
      id: makeRecordId('msg', teacher.uid),
      ...ref,
      question: 'Which price?',
      options: ['$92,000', '$109,000'],
    });
  } finally {
    await api.close();
  }
  url = `${server.url}/classes/${classId}?channel=${caseId}`;
  for (const person of [teacher, student]) {
    await person.page.setViewportSize(PHONE);
    await person.page.emulateMedia({ colorScheme: 'dark' });
  }
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const phaseBar = (page: Page) => page.getByRole('region', { name: 'Phase' });
const pollCard = (page: Page) => page.getByRole('group', { name: 'Poll: Which price?' });

/** The screen (or `part` of it) fits a phone: no sideways scroll, the part within the width. */
async function fits(page: Page, part?: Locator) {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  if (part) {
    await part.scrollIntoViewIfNeeded();
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
}

/** The page is drawn in the dark theme: the body's text is light (dark on the light theme). */
async function isDark(page: Page) {
  const rgb = await page.evaluate(() => getComputedStyle(document.body).color);
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  expect(Math.min(r ?? 0, g ?? 0, b ?? 0)).toBeGreaterThan(180);
}

/** A screen passes: fits, dark, axe clean. */
async function passes(page: Page, part?: Locator) {
  await fits(page, part);
  await isDark(page);
  expect(await axeViolations(page)).toEqual([]);
}

describe('the case-discussion room on a phone in dark mode', () => {
  it('fits and passes axe on every screen, the instructor’s and a student’s', async () => {
    const { page } = teacher;
    await page.goto(url);
    await messageLog(page).waitFor();
    await page.getByRole('region', { name: 'Case brief' }).getByText('Read first:').waitFor();
    await page.getByRole('region', { name: 'Pinned messages' }).waitFor();
    await phaseBar(page).getByText('2 phases, not started').waitFor();
    await pollCard(page).waitFor();
    await passes(page, phaseBar(page));

    // The brief's editor.
    await page.getByRole('button', { name: 'Edit brief' }).click();
    const briefEditor = page.getByRole('dialog', { name: 'Case brief: Tesla Roadster, 2008' });
    await briefEditor.getByRole('textbox', { name: 'Case brief' }).waitFor();
    await passes(page, briefEditor);
    await page.keyboard.press('Escape');
    await briefEditor.waitFor({ state: 'detached' });

    // The pinned list.
    await page.getByRole('button', { name: '1 pinned message' }).click();
    const pin = page.getByRole('button', { name: /Would you build the Roadster/ }).first();
    await pin.waitFor();
    await passes(page, pin);
    await page.keyboard.press('Escape');

    // The phases' editor.
    await phaseBar(page).getByRole('button', { name: 'Edit phases' }).click();
    const phaseEditor = page.getByRole('dialog', { name: 'Phases of Tesla Roadster, 2008' });
    await phaseEditor.getByLabel('Title of phase 1').waitFor();
    await passes(page, phaseEditor);
    await page.keyboard.press('Escape');
    await phaseEditor.waitFor({ state: 'detached' });

    // Anonymity: the dialog, then the chip.
    await page.getByRole('button', { name: 'Make anonymous' }).click();
    const anonymous = page.getByRole('dialog', { name: 'Make this activity anonymous?' });
    await anonymous.getByText('This cannot be undone').waitFor();
    await passes(page, anonymous);
    await anonymous.getByRole('button', { name: 'Make anonymous' }).click();
    await anonymous.waitFor({ state: 'detached' });
    await page.getByText('Anonymous to classmates').waitFor();

    // The phases start: the bar with its timer.
    await phaseBar(page).getByRole('button', { name: 'Start phases' }).click();
    await phaseBar(page).getByRole('timer', { name: 'Time left' }).waitFor();
    await passes(page, phaseBar(page));

    // A new poll's dialog.
    await page.getByRole('button', { name: 'New poll' }).click();
    const pollDialog = page.getByRole('dialog', { name: 'New poll' });
    await pollDialog.getByRole('textbox', { name: 'Question' }).waitFor();
    await passes(page, pollDialog);
    await page.keyboard.press('Escape');
    await pollDialog.waitFor({ state: 'detached' });

    // The student, on a phone too: the brief, the pins, the phase that hides classmates' posts.
    const mine = student.page;
    await mine.goto(url);
    await messageLog(mine).waitFor();
    await phaseBar(mine)
      .getByRole('status')
      .getByText(/appear once you have posted/)
      .waitFor();
    await mine.getByRole('region', { name: 'Case brief' }).getByText('Read first:').waitFor();
    await pollCard(mine).waitFor();
    await passes(mine, phaseBar(mine));
    await pollCard(mine).getByRole('radio', { name: '$92,000' }).check();
    await pollCard(mine).getByRole('button', { name: 'Vote' }).click();
    await pollCard(page).getByRole('progressbar', { name: '$92,000: 1 vote' }).waitFor();
    await passes(mine, pollCard(mine));

    // Cold-call: the menu, then the banner in both browsers.
    await page.getByRole('button', { name: 'Cold-call' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Pick someone' }).waitFor();
    await passes(page, menu);
    await menu.getByRole('menuitem', { name: 'Ada Lovelace' }).click();
    const banner = (on: Page) => on.getByRole('status', { name: 'Cold-call' });
    await banner(mine)
      .getByText(/waiting for your answer/)
      .waitFor();
    await passes(mine, banner(mine));
    await banner(page)
      .getByText(/Ada Lovelace/)
      .waitFor();
    await passes(page, banner(page));
  });
});
