// Issue 32.4–5 in real Chromium on the built app, two browsers: a student's question with a phone
// number gets one neutral reply and never an answer, while the instructor's open Activities tab shows
// the flag's badge live; the review lists it with its category, marks it handled, and its CSV has
// the flag's columns. The spend line on the card follows an answer live (its share of the budget).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BOT_NAME, flaggedQuestionReply } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import {
  apiAs,
  activityWithChannel,
  classWithStudents,
  signUpPerson,
  type Person,
} from './support/people';
import { startServer, type RunningServer } from './support/server';

const PRODUCT_ID = 'product_data_analyst_bot';

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let classId: string;
let channelId: string;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '0' });
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Nightingale, Florence', 'florence@example.edu');
  student = await signUpPerson(browser, server, 'Snow, John', 'john@example.edu');
  classId = await classWithStudents(server, teacher, 'Statistics 101', [student]);
  const made = await activityWithChannel(server, teacher, {
    classId,
    channel: 'cholera',
    title: 'Broad Street pump',
    productId: PRODUCT_ID,
  });
  channelId = made.channelId;
  const api = await apiAs(server, teacher);
  try {
    await api.trpc.activities.setAgentBudget.mutate({
      class_id: classId,
      activity_id: made.activityId,
      answers: 4,
      tokens: null,
    });
  } finally {
    await api.close();
  }
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

describe('moderation alerts and the spend, live', () => {
  it('a flagged question raises the instructor’s badge live; the spend follows an answer', async () => {
    const staff = teacher.page;
    await staff.goto(`${server.url}/classes/${classId}/activities`);
    const card = staff.getByRole('article', { name: 'Broad Street pump' });
    // The seeded DataAnalystBot is billed per seat: $4.50 × the one student.
    await card
      .getByText('AI spend so far: $4.50 (per-seat price × students) · 0 % of the budget')
      .waitFor();

    const page = student.page;
    await page.goto(`${server.url}/classes/${classId}?channel=${channelId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
    const replies = log.getByRole('region', { name: new RegExp(`^${BOT_NAME} \\(AI agent\\)`) });
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(
      [`@${BOT_NAME} summary of deaths`, 'street,deaths', 'Broad,12', 'Cambridge,3'].join('\n'),
    );
    await composer.press('Enter');
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(1);
    // One answer of a budget of 4, on the instructor's card without a reload.
    await card
      .getByText('AI spend so far: $4.50 (per-seat price × students) · 25 % of the budget')
      .waitFor({ timeout: 20_000 });

    await composer.fill(`@${BOT_NAME} my number is (555) 123-4567, text me the mean`);
    await composer.press('Enter');
    await replies.nth(1).getByText(flaggedQuestionReply(BOT_NAME)).waitFor({ timeout: 20_000 });
    expect(await log.getByText(/flag/i).count()).toBe(0);

    // The instructor's badge, live, leads to the review.
    const badge = card.getByRole('link', {
      name: '1 flagged exchange to review in Broad Street pump',
    });
    await badge.waitFor({ timeout: 20_000 });
    expect(await axeViolations(staff)).toEqual([]);
    await badge.click();
    const table = staff.getByRole('table', { name: 'Exchanges' });
    const flagged = table.getByRole('row').nth(1);
    await flagged.getByText('Personal data').waitFor();
    await flagged.getByText('Found: a phone number').waitFor();
    await flagged.getByRole('button', { name: 'Mark handled: Personal data, John Snow' }).click();
    await flagged.getByText(/Handled by Nightingale, Florence/).waitFor();
    expect(await axeViolations(staff)).toEqual([]);
    // The CSV carries the flag: flagged, its category, what was found, who handled it and when.
    const [file] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe(
      'time,student,agent,question,answer,status,analyses,tokens,' +
        'flagged,flag_category,flag_found,held_answer,flag_handled_at,flag_handled_by',
    );
    // Flagged exchanges come first; the flag names what kind of thing was found, never the thing.
    expect(lines[1]).toMatch(
      /,refused,0,0,yes,Personal data,a phone number,,\d{4}-\d\d-\d\dT[\d:.]+Z,"Nightingale, Florence"$/,
    );
    expect(lines[2]).toMatch(/,done,1,0,no,,,,,$/);
    await staff.goBack();
    await card
      .getByText('AI spend so far: $4.50 (per-seat price × students) · 25 % of the budget')
      .waitFor();
    expect(await card.getByRole('link', { name: /flagged exchange/ }).count()).toBe(0);
  });
});
