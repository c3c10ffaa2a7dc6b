// Journey (issue 30.3, docs/activities.md#anonymity): an instructor and three students in four
// browser contexts, all in an activity's case channel. The instructor makes the activity anonymous
// (a dialog says it cannot be undone); every student sees that it is, live. A student posts and
// another types: the other students see a pseudonym ("Participant 1", a generated avatar) and
// "Someone is typing", never the name; the instructor sees the name beside the pseudonym. At a
// phone's width and in dark mode the channel fits; axe on the dialog and the channel.
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
let students: Person[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Christensen, Clayton', 'clay@example.edu');
  students = [
    await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu'),
    await signUpPerson(browser, server, 'Hopper, Grace', 'grace@example.edu'),
    await signUpPerson(browser, server, 'Turing, Alan', 'alan@example.edu'),
  ];
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
/** The author groups of the message log, by their accessible names ("Author, time"). */
const groupNames = (page: Page) =>
  messageLog(page)
    .locator('section[aria-label]')
    .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')));
const sideways = (page: Page) =>
  page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );

describe('an anonymous case discussion', () => {
  it('shows students pseudonyms and the instructor names, live', async () => {
    const [ada, grace, alan] = students as [Person, Person, Person];
    const classId = await classWithStudents(server, teacher, 'Strategy 501', students);
    const caseId = makeRecordId('channel', teacher.uid);
    const api = await apiAs(server, teacher);
    try {
      await api.trpc.channels.create.mutate({
        channel_id: caseId,
        class_id: classId,
        name: 'tesla-case',
        is_public: true,
      });
      const activityId = makeRecordId('activity', teacher.uid);
      await api.trpc.activities.save.mutate({
        activity_id: activityId,
        class_id: classId,
        title: 'Tesla Roadster, 2008',
        channel_id: caseId,
      });
      // One plenary phase, not started: anonymity is switched on before the first phase starts.
      await api.trpc.activities.setPhases.mutate({
        class_id: classId,
        activity_id: activityId,
        phases: [
          { id: 'p1', kind: 'plenary', title: 'Discussion', timer_seconds: null, at_zero: 'end' },
        ],
      });
    } finally {
      await api.close();
    }
    for (const person of [teacher, ...students]) {
      await person.page.goto(`${server.url}/classes/${classId}?channel=${caseId}`);
      await messageLog(person.page).waitFor();
    }

    // The instructor makes it anonymous; the dialog warns that it cannot be undone.
    await teacher.page.getByRole('button', { name: 'Make anonymous' }).click();
    const dialog = teacher.page.getByRole('dialog', { name: 'Make this activity anonymous?' });
    await dialog.getByText('This cannot be undone').waitFor();
    expect(await axeViolations(teacher.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Make anonymous' }).click();
    await teacher.page.getByText('Anonymous to classmates').waitFor();
    expect(await teacher.page.getByRole('button', { name: 'Make anonymous' }).count()).toBe(0);
    // The discussion starts: every student sees the phase, and that it is anonymous.
    await teacher.page.getByRole('button', { name: 'Start phases' }).click();
    for (const student of students)
      await student.page.getByText('Anonymous: classmates see a pseudonym').waitFor();

    // Ada posts; Grace and Alan see a pseudonym and its generated avatar, never her name.
    await composer(ada.page).fill('Margins first: the Roadster loses money on every car.');
    await composer(ada.page).press('Enter');
    for (const reader of [grace, alan]) {
      await messageLog(reader.page).getByText('Margins first').waitFor();
      const names = await groupNames(reader.page);
      expect(names).toContainEqual(expect.stringMatching(/^Participant \d+, /));
      const shown = await messageLog(reader.page).innerText();
      expect(shown).not.toMatch(/Ada|Lovelace/);
      expect(shown).toMatch(/P\d+/); // the avatar's initials
    }
    // The instructor sees who wrote it, beside the pseudonym.
    await messageLog(teacher.page).getByText('Margins first').waitFor();
    expect(await groupNames(teacher.page)).toContainEqual(
      expect.stringMatching(/^Ada Lovelace \(Participant \d+\), /),
    );

    // Alan types: the others see that someone is typing, not who.
    await composer(alan.page).pressSequentially('I disagree', { delay: 20 });
    const typingLine = grace.page.getByText(/Someone is typing/);
    await typingLine.waitFor();
    expect(await grace.page.getByText(/Alan|Turing/).count()).toBe(0);
    await composer(alan.page).press('Enter');
    await messageLog(grace.page).getByText('I disagree').waitFor();
    expect(await messageLog(grace.page).innerText()).not.toMatch(/Alan|Turing/);
    // Two students, two pseudonyms.
    const pseudonyms = new Set(
      (await groupNames(grace.page))
        .map((name) => /^Participant \d+/.exec(name ?? '')?.[0])
        .filter(Boolean),
    );
    expect(pseudonyms.size).toBe(2);

    // The mention picker offers no classmates in an anonymous case channel.
    await composer(grace.page).fill('@');
    const suggestions = grace.page.getByRole('listbox');
    if ((await suggestions.count()) > 0)
      expect(await suggestions.innerText()).not.toMatch(/Ada|Alan|Lovelace|Turing/);
    await composer(grace.page).fill('');
    expect(await axeViolations(grace.page)).toEqual([]);

    // At a phone's width, in dark mode: the channel fits and still shows only pseudonyms.
    const phone = await grace.context.newPage();
    await phone.emulateMedia({ colorScheme: 'dark' });
    await phone.setViewportSize({ width: 360, height: 640 });
    await phone.goto(`${server.url}/classes/${classId}?channel=${caseId}`);
    await messageLog(phone).getByText('Margins first').waitFor();
    expect(await sideways(phone)).toBeLessThanOrEqual(0);
    expect(await messageLog(phone).innerText()).not.toMatch(/Ada|Lovelace|Alan|Turing/);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();
  }, 120_000);
});
