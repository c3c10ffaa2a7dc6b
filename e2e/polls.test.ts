// Journey (docs/polls.md): an instructor and three students, each in their own Chromium. The
// instructor posts a poll from "New poll"; it shows in every browser at its place in the channel;
// the students vote and one changes their vote, and the counts move live in every browser; the
// instructor sees who voted what (a named poll), closes it — live in every browser, no more votes —
// and downloads the results as CSV, which is parsed. The card at a phone's width in dark mode, and
// axe on the new screens.
import { readFile } from 'node:fs/promises';
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

const channelButton = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Channels' }).getByRole('button', { name });
const pollCard = (page: Page) => page.getByRole('group', { name: 'Poll: Which market first?' });
const bar = (page: Page, name: string) => pollCard(page).getByRole('progressbar', { name });

describe('polls', () => {
  let teacher: Person;
  let students: Person[];
  let classId: string;

  beforeAll(async () => {
    teacher = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
    students = [
      await signUpPerson(browser, server, 'Turing, Alan', 'alan@example.edu'),
      await signUpPerson(browser, server, 'Hopper, Grace', 'grace@example.edu'),
      await signUpPerson(browser, server, 'Shannon, Claude', 'claude@example.edu'),
    ];
    classId = await classWithStudents(server, teacher, 'Strategy 101', students);
    for (const person of [teacher, ...students]) {
      await person.page.goto(`${server.url}/classes/${classId}`);
      await channelButton(person.page, /^general/).click();
      await person.page.getByRole('log', { name: 'Messages' }).waitFor();
    }
  });

  afterAll(async () => {
    for (const person of [teacher, ...(students ?? [])]) await person?.context.close();
  });

  it('posts a poll, counts votes live everywhere, closes it live, and exports CSV', async () => {
    const [alan, grace, claude] = students as [Person, Person, Person];
    // Students have no poll controls.
    expect(await alan.page.getByRole('button', { name: 'New poll' }).count()).toBe(0);

    await teacher.page.getByRole('button', { name: 'New poll' }).click();
    const dialog = teacher.page.getByRole('dialog', { name: 'New poll' });
    await dialog.getByRole('textbox', { name: 'Question' }).fill('Which market first?');
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Brazil');
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('India');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: 'Option 3' }).fill('=Japan');
    expect(await axeViolations(teacher.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Post poll' }).click();
    await dialog.waitFor({ state: 'detached' });

    for (const person of [teacher, ...students]) await pollCard(person.page).waitFor();

    // Alan votes India: every browser sees the count.
    await pollCard(alan.page).getByRole('radio', { name: 'India' }).check();
    await pollCard(alan.page).getByRole('button', { name: 'Vote' }).click();
    for (const person of [teacher, grace, claude])
      await bar(person.page, 'India: 1 vote').waitFor();
    await pollCard(grace.page).getByRole('radio', { name: 'Brazil' }).check();
    await pollCard(grace.page).getByRole('button', { name: 'Vote' }).click();
    await pollCard(claude.page).getByRole('radio', { name: 'India' }).check();
    await pollCard(claude.page).getByRole('button', { name: 'Vote' }).click();
    await bar(teacher.page, 'India: 2 votes').waitFor();
    // Alan changes his mind.
    await pollCard(alan.page).getByRole('radio', { name: '=Japan' }).check();
    await pollCard(alan.page).getByRole('button', { name: 'Change vote' }).click();
    for (const person of [teacher, alan, grace, claude]) {
      await bar(person.page, 'India: 1 vote').waitFor();
      await bar(person.page, '=Japan: 1 vote').waitFor();
      await bar(person.page, 'Brazil: 1 vote').waitFor();
    }
    // A named poll: the instructor sees who voted what, students do not.
    await pollCard(teacher.page).getByText('Who voted what').click();
    await pollCard(teacher.page).getByText('Alan Turing: =Japan').waitFor();
    expect(await pollCard(grace.page).getByText('Who voted what').count()).toBe(0);
    expect(await axeViolations(teacher.page)).toEqual([]);

    // Close: live in every browser; no more voting.
    await pollCard(teacher.page).getByRole('button', { name: 'Close poll' }).click();
    for (const person of [alan, grace, claude]) {
      await pollCard(person.page).getByText('Closed', { exact: true }).waitFor();
      expect(await pollCard(person.page).getByRole('button', { name: /Vote/ }).count()).toBe(0);
      expect(await pollCard(person.page).getByRole('radio', { name: 'India' }).isDisabled()).toBe(
        true,
      );
    }

    const [file] = await Promise.all([
      teacher.page.waitForEvent('download'),
      pollCard(teacher.page).getByRole('button', { name: 'Download results (CSV)' }).click(),
    ]);
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'question,option,votes',
      'Which market first?,Brazil,1',
      'Which market first?,India,1',
      // The option that looks like a formula is defused.
      "Which market first?,'=Japan,1",
    ]);
    expect(lines).toContain("Alan Turing,'=Japan");
    expect(lines).toContain('Grace Hopper,Brazil');

    // A student's screen at a phone's width in dark mode: the card fits, and passes axe.
    const page = grace.page;
    const viewport = page.viewportSize()!;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 640 });
    await pollCard(page).scrollIntoViewIfNeeded();
    const box = (await pollCard(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
