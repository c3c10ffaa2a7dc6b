// Issue 32, limits in real Chromium on the built app: the instructor sets one answer per student in
// the activity from its card's "Limits" dialog (a negative number refused in the dialog first); the
// student asks DataAnalystBot twice and gets one answer, then one clear reply that the limit is
// reached; a third question gets nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BOT_NAME } from '@seminar/shared';
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
const REFUSAL = `You have had the 1 answer ${BOT_NAME} gives each student in this activity. Your instructor can raise the limit.`;

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let classId: string;
let channelId: string;
let activityId: string;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '0' });
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Nightingale, Florence', 'florence@example.edu');
  student = await signUpPerson(browser, server, 'Snow, John', 'john@example.edu');
  classId = await classWithStudents(server, teacher, 'Statistics 101', [student]);
  ({ channelId, activityId } = await activityWithChannel(server, teacher, {
    classId,
    channel: 'cholera',
    title: 'Broad Street pump',
    productId: PRODUCT_ID,
  }));
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

describe('agent limits', () => {
  it('a student over the limit gets one clear reply, then nothing', async () => {
    const staff = teacher.page;
    await staff.goto(`${server.url}/classes/${classId}/activities`);
    const card = staff.getByRole('article', { name: 'Broad Street pump' });
    await card.getByText('Limits for students: No limits for students').waitFor();
    await card.getByRole('button', { name: 'Limits' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Agent limits of Broad Street pump' });
    const perActivity = dialog.getByRole('textbox', {
      name: 'Answers per student in this activity',
    });
    await perActivity.fill('-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A limit cannot be negative').waitFor();
    expect(await axeViolations(staff)).toEqual([]);
    await perActivity.fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Limits for students: 1 answer per student in this activity').waitFor();

    const page = student.page;
    await page.goto(`${server.url}/classes/${classId}?channel=${channelId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
    const replies = log.getByRole('region', { name: new RegExp(`^${BOT_NAME} \\(AI agent\\)`) });
    const composer = page.getByRole('textbox', { name: 'Message' });
    const ask = async (question: string) => {
      await composer.fill(
        [`@${BOT_NAME} ${question}`, 'street,deaths', 'Broad,12', 'Cambridge,3'].join('\n'),
      );
      await composer.press('Enter');
    };
    await ask('summary of deaths');
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(1);
    await ask('mean of deaths');
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(2);
    await replies.nth(1).getByText(REFUSAL).waitFor();
    // A third question: the refusal was said once, the agent stays silent — once the server has
    // refused it (the usage counts it), still two replies.
    await ask('max of deaths');
    await log.getByText('max of deaths').waitFor();
    const api = await apiAs(server, teacher);
    try {
      await expect
        .poll(
          async () =>
            (await api.trpc.activities.usage.query({ class_id: classId, activity_id: activityId }))
              .refused,
          { timeout: 20_000 },
        )
        .toBe(2);
    } finally {
      await api.close();
    }
    expect(await replies.count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
  });
});
