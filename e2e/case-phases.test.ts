// Issue 30.2 (docs/phases.md): a case discussion run in phases, in real Chromium on the built app,
// with an instructor and three students in four browser contexts. The instructor sets up the phases
// in the editor and starts them; in the post-first phase a student sees classmates' posts only
// after posting their own (the others still do not); "Next phase" opens the discussion for all;
// its short timer ends it by itself in every browser, into a closed phase where a student's
// composer says why it is read-only. A phone-width, dark-mode student and axe on the phase bar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let ann: Person;
let ben: Person;
let cat: Person;
let classId: string;
let channelId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Socrates, Sam', 'sam@example.edu');
  ann = await signUpPerson(browser, server, 'Arendt, Ann', 'ann@example.edu');
  ben = await signUpPerson(browser, server, 'Bentham, Ben', 'ben@example.edu');
  cat = await signUpPerson(browser, server, 'Cavell, Cat', 'cat@example.edu');
  classId = await classWithStudents(server, teacher, 'Ethics 101', [ann, ben, cat]);
  const api = await apiAs(server, teacher);
  try {
    channelId = makeRecordId('channel', teacher.uid);
    await api.trpc.channels.create.mutate({
      channel_id: channelId,
      class_id: classId,
      name: 'trolley',
      is_public: true,
    });
    await api.trpc.activities.save.mutate({
      activity_id: makeRecordId('activity', teacher.uid),
      class_id: classId,
      title: 'The trolley problem',
      channel_id: channelId,
    });
  } finally {
    await api.close();
  }
  // Cat reads on a phone, in dark mode.
  await cat.page.setViewportSize({ width: 360, height: 640 });
  await cat.page.emulateMedia({ colorScheme: 'dark' });
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const open = async (page: Page) => {
  await page.goto(`${server.url}/classes/${classId}?channel=${channelId}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor();
};
const post = async (page: Page, text: string) => {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await log(page).getByText(text).waitFor();
};
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bar = (page: Page) => page.getByRole('region', { name: 'Phase' });
const shows = async (page: Page, text: string) => (await log(page).getByText(text).count()) > 0;

describe('a case discussion in phases', () => {
  it('post first: classmates’ posts appear to a student only after their own', async () => {
    const page = teacher.page;
    await open(page);
    await bar(page).getByText('No phases yet').waitFor();
    await bar(page).getByRole('button', { name: 'Set up phases' }).click();
    const editor = page.getByRole('dialog', { name: 'Phases of The trolley problem' });
    const add = async (n: number, title: string, kind: string, timer = '') => {
      await editor.getByRole('button', { name: 'Add phase' }).click();
      await editor.getByLabel(`Title of phase ${n}`).fill(title);
      await editor.getByRole('combobox', { name: `Kind of phase ${n}` }).click();
      await page.getByRole('option', { name: kind }).click();
      if (timer) await editor.getByLabel(`Timer of phase ${n} (seconds)`).fill(timer);
    };
    await add(1, 'Think alone', 'Individual, post first');
    await add(2, 'Discuss', 'Plenary', '8');
    await add(3, 'Wrap up', 'Closed');
    expect(await axeViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await bar(page).getByText('3 phases, not started').waitFor();
    await bar(page).getByRole('button', { name: 'Start phases' }).click();
    const first = 'Phase 1 of 3: Think alone · Individual, post first';
    await bar(page).getByText(first).waitFor();
    await post(page, 'Would you pull the lever?');

    for (const student of [ann, ben, cat]) {
      await open(student.page);
      await bar(student.page).getByText(first).waitFor();
      await bar(student.page)
        .getByRole('status')
        .getByText(/appear once you have posted/)
        .waitFor();
      await log(student.page).getByText('Would you pull the lever?').waitFor();
    }
    await post(ben.page, 'Ben: pull it, five outweigh one.');
    await log(page).getByText('Ben: pull it, five outweigh one.').waitFor();
    // A staff post after Ben's reaches Ann; Ben's does not.
    await post(page, 'Take your time.');
    await log(ann.page).getByText('Take your time.').waitFor();
    expect(await shows(ann.page, 'Ben: pull it')).toBe(false);

    await post(ann.page, 'Ann: never use a person as a means.');
    await log(ann.page).getByText('Ben: pull it, five outweigh one.').waitFor();
    await bar(ann.page).getByRole('status').waitFor({ state: 'detached' });
    await log(ben.page).getByText('Ann: never use a person as a means.').waitFor();
    // Cat has not posted: still only the staff's words.
    expect(await shows(cat.page, 'Ben: pull it')).toBe(false);
    expect(await shows(cat.page, 'Ann: never')).toBe(false);
    expect(await axeViolations(ann.page)).toEqual([]);
  });

  it('the timer ends the phase by itself in every browser', async () => {
    await bar(teacher.page).getByRole('button', { name: 'Next phase' }).click();
    const second = 'Phase 2 of 3: Discuss · Plenary';
    for (const person of [teacher, ann, ben, cat]) {
      await bar(person.page).getByText(second).waitFor();
      await bar(person.page).getByRole('timer', { name: 'Time left' }).waitFor();
    }
    // Moving on opened the discussion: Cat sees everyone's posts now.
    await log(cat.page).getByText('Ben: pull it, five outweigh one.').waitFor();
    await log(cat.page).getByText('Ann: never use a person as a means.').waitFor();
    expect(await axeViolations(cat.page)).toEqual([]);

    const third = 'Phase 3 of 3: Wrap up · Closed';
    for (const person of [teacher, ann, ben, cat])
      await bar(person.page).getByText(third).waitFor({ timeout: 20_000 });
    const note = cat.page.getByText(/The case channel is read-only for now|read-only for now/);
    await note.first().waitFor();
    expect(await cat.page.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    await bar(teacher.page).getByRole('button', { name: 'Finish' }).click();
    await bar(teacher.page).getByText('Phases finished').waitFor();
    await bar(cat.page).waitFor({ state: 'detached' });
  });
});
