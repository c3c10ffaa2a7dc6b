// Journey: an instructor signs up, creates a class (pending, then ready), adds a student by e-mail
// (no account yet → invitation); the student signs up (on a phone-sized screen) and finds the class;
// an activity the instructor creates shows for the student, and goes when the instructor disables
// it; the instructor deletes the class and it leaves both screens live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { verifyInPage } from './support/verification';

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

const run = Date.now().toString(36);
const PASSWORD = 'Quasar-Lantern-4471';

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  return context.newPage();
}

/** Every accessibility violation axe finds on the page, whatever its impact (this journey is strict). */
const allViolations = (page: Page) =>
  axeViolations(page, { impacts: ['minor', 'moderate', 'serious', 'critical'] });

/** Creates an account through the "Create account" page and verifies it; ends on the home page. */
async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto(`${server.url}/sign-up`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await verifyInPage(page, server.url, email);
  await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
}

/**
 * Holds the class request on its way to the server until `release()`, so the journey can see the
 * class while it is pending (the server answers within milliseconds).
 */
async function holdClassRequests(page: Page) {
  let holding = true;
  const held: Array<() => void> = [];
  await page.routeWebSocket(/\/api\/live$/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((message) => {
      const send = () => upstream.send(message);
      if (holding && typeof message === 'string' && message.includes('"classes.request"')) {
        held.push(send);
      } else {
        send();
      }
    });
    upstream.onMessage((message) => ws.send(message));
  });
  return {
    heldCount: () => held.length,
    release() {
      holding = false;
      for (const send of held.splice(0)) send();
    },
  };
}

describe('classes, rosters and activities', () => {
  it('runs from class creation to deletion across an instructor and a student', async () => {
    const className = `Physics ${run}`;
    const studentEmail = `student-${run}@example.edu`;

    // --- The instructor signs up and creates a class: pending first, then ready.
    const instructor = await newPage();
    const hold = await holdClassRequests(instructor);
    await signUp(instructor, 'Curie, Marie', `instructor-${run}@example.edu`);
    await instructor
      .getByText('You have no classes yet — create one or find a public class.')
      .waitFor();

    await instructor.getByRole('button', { name: 'Create class' }).click();
    const createDialog = instructor.getByRole('dialog', { name: 'Create class' });
    await createDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await createDialog.getByText('Enter a class name').waitFor();
    await createDialog.getByLabel(/^Name/).fill(className);
    await createDialog.getByLabel('Course code').fill('PHYS 101');
    await createDialog.getByLabel('Term').fill('Spring 2026');
    await createDialog.getByLabel('Disciplines').fill('Physics, Maths');
    await createDialog.getByRole('switch', { name: 'Public' }).check();
    await createDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await createDialog.waitFor({ state: 'detached' });

    const card = instructor.getByRole('article', { name: className });
    await card.getByText('Setting up…').waitFor();
    expect(await allViolations(instructor)).toEqual([]);
    expect(await card.getByRole('link').count()).toBe(0);
    await expect.poll(() => hold.heldCount()).toBe(1);
    hold.release();
    await card.getByText('Setting up…').waitFor({ state: 'detached' });
    await card.getByRole('link').click();
    await instructor.getByRole('heading', { name: className, level: 1 }).waitFor();
    await expect
      .poll(() => instructor.getByRole('combobox', { name: 'Class' }).textContent())
      .toBe(className);

    // --- The instructor adds a student who has no account yet: an invitation.
    expect(await allViolations(instructor)).toEqual([]);
    await instructor.getByRole('tab', { name: 'People' }).click();
    await instructor.getByRole('button', { name: 'Add people' }).click();
    const addDialog = instructor.getByRole('dialog', { name: 'Add people' });
    await addDialog.getByLabel('Email addresses').fill(`${studentEmail}\nnot an address`);
    await addDialog.getByText('Line 2: “not an address” has no email address').waitFor();
    expect(await allViolations(instructor)).toEqual([]);
    await addDialog.getByRole('button', { name: 'Add 1 person' }).click();
    const added = instructor.getByRole('dialog', { name: 'People added' });
    await expect.poll(() => added.getByRole('status').textContent()).toContain('1 invited');
    await added.getByRole('button', { name: 'Done' }).click();
    // The invitation reaches the live roster with its chip.
    await instructor.getByText(studentEmail).waitFor();
    await instructor.getByText('Invited', { exact: true }).first().waitFor();

    // --- The student signs up (phone width) and finds the class in their list, live.
    const student = await newPage({ width: 360, height: 740 });
    await signUp(student, 'Lovelace, Ada', studentEmail);
    const studentCard = student.getByRole('article', { name: className });
    await studentCard.getByText('Student').waitFor();
    await studentCard.getByRole('link').click();
    await student.getByRole('heading', { name: className, level: 1 }).waitFor();
    expect(await student.getByRole('tab', { name: 'Settings' }).count()).toBe(0);
    // Nothing at phone width is wider than the screen.
    expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await student.getByRole('tab', { name: 'Activities' }).click();
    await student.getByText('No activities yet').waitFor();
    expect(await allViolations(student)).toEqual([]);

    // The invitation turned into a membership: the instructor's roster says so, live.
    await instructor
      .getByRole('list', { name: 'Students' })
      .getByRole('listitem')
      .filter({ hasText: 'Ada Lovelace' })
      .waitFor();

    // --- An activity the instructor creates shows for the student.
    await instructor.getByRole('tab', { name: 'Activities' }).click();
    await instructor.getByRole('button', { name: 'New activity' }).click();
    const activityDialog = instructor.getByRole('dialog', { name: 'New activity' });
    await activityDialog.getByLabel(/^Title/).fill('Pricing case');
    await activityDialog.getByLabel('Description').fill('Read the case before Monday.');
    await activityDialog.getByRole('combobox', { name: 'Case channel' }).click();
    await instructor.getByRole('option', { name: 'general' }).click();
    expect(await allViolations(instructor)).toEqual([]);
    await activityDialog.getByRole('button', { name: 'Save' }).click();
    await activityDialog.waitFor({ state: 'detached' });
    const instructorActivity = instructor.getByRole('article', { name: 'Pricing case' });
    await instructorActivity.getByText('general case').waitFor();

    const studentActivity = student.getByRole('article', { name: 'Pricing case' });
    await studentActivity.getByText('Read the case before Monday.').waitFor();
    await studentActivity.getByText('general case').waitFor();

    // --- Disabled: the student no longer sees it; the instructor sees it marked.
    // (The switch follows the live list, which updates a moment after the click.)
    const enabledSwitch = instructorActivity.getByRole('switch', { name: 'Enabled' });
    await enabledSwitch.click();
    await expect.poll(() => enabledSwitch.isChecked()).toBe(false);
    await instructorActivity.getByText('Disabled').waitFor();
    expect(await allViolations(instructor)).toEqual([]);
    await studentActivity.waitFor({ state: 'detached' });
    await student.getByText('No activities yet').waitFor();

    // --- The instructor deletes the class: it leaves both screens.
    await instructor.getByRole('tab', { name: 'Settings' }).click();
    expect(await allViolations(instructor)).toEqual([]);
    await instructor.getByRole('button', { name: 'Delete class' }).click();
    const confirm = instructor.getByRole('dialog', { name: 'Delete class?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await instructor.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
    await instructor.getByRole('article', { name: className }).waitFor({ state: 'detached' });
    await instructor
      .getByText('You have no classes yet — create one or find a public class.')
      .waitFor();

    await student.getByRole('heading', { name: 'This class is not available' }).waitFor();
    await student.getByRole('combobox', { name: 'Class' }).click();
    expect(await student.getByRole('option', { name: className }).count()).toBe(0);
    await student.keyboard.press('Escape');
  }, 120_000);
});
