// Issue 11: DataAnalystBot in a case channel, in real Chromium on the built app. The instructor
// attaches the bot to an activity with a case channel, confirming its cost first (the card keeps
// showing it). A student pastes a CSV and mentions the bot; the reply — computed on the server,
// posted live — shows the right means and a chart, and is unmistakably an AI's (badge, product,
// "AI-generated"). The agent is listed among the channel's members; the instructor opens the
// review page and sees the exchange, then pauses the agent from the card, live for the student.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BOT_NAME, makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let classId: string;
let channelId: string;

/** The seeded DataAnalystBot's cost for a class of one student (docs/ai.md#cost-preview). */
const COST =
  'Cost for Statistics 101: $4.50 per student × 1 student = $4.50 per term · Billing: Per student, per term';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Nightingale, Florence', 'florence@example.edu');
  student = await signUpPerson(browser, server, 'Snow, John', 'john@example.edu');
  const api = await apiAs(server, teacher);
  try {
    classId = makeRecordId('class', teacher.uid);
    await api.trpc.classes.request.mutate({ pending_class_id: classId, name: 'Statistics 101' });
    await api.trpc.classes.addMembers.mutate({
      class_id: classId,
      role: 'student',
      people: [{ email: student.email, name: '' }],
    });
    channelId = makeRecordId('channel', teacher.uid);
    await api.trpc.channels.create.mutate({
      channel_id: channelId,
      class_id: classId,
      name: 'cholera',
      is_public: true,
    });
  } finally {
    await api.close();
  }
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

describe('DataAnalystBot in a case channel', () => {
  it('is attached after its cost is confirmed, and the card keeps the cost', async () => {
    const page = teacher.page;
    await page.goto(`${server.url}/classes/${classId}/activities`);
    await page.getByRole('button', { name: 'New activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New activity' });
    await dialog.getByLabel(/^Title/).fill('Broad Street pump');
    await dialog.getByRole('combobox', { name: 'AI product' }).fill('Data Analyst');
    await page.getByRole('option', { name: /Data Analyst Bot/ }).click();
    await dialog.getByRole('combobox', { name: 'Case channel' }).click();
    await page.getByRole('option', { name: 'cholera' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();

    // Nothing is saved before the cost is confirmed.
    const confirm = page.getByRole('dialog', { name: 'Confirm the AI product’s cost' });
    await confirm.getByRole('status').getByText(COST).waitFor();
    await confirm
      .getByText(`“Data Analyst Bot” (${BOT_NAME}) will be used in “Broad Street pump”.`)
      .waitFor();
    expect(await page.getByRole('article', { name: 'Broad Street pump' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Confirm and save' }).click();
    await confirm.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: 'Broad Street pump' });
    await card.getByText('AI product: Data Analyst Bot').waitFor();
    await card.getByText(COST).waitFor();
    // Saved for real: the cost is still on the card after a reload.
    await page.reload();
    await page.getByRole('article', { name: 'Broad Street pump' }).getByText(COST).waitFor();
  });

  it('answers a pasted CSV with the right means and a chart, labelled as AI, and can be paused', async () => {
    const page = student.page;
    await page.goto(`${server.url}/classes/${classId}?channel=${channelId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();

    // The agent is a member of the case channel, labelled as AI.
    await page
      .getByRole('region', { name: 'Channel cholera' })
      .getByRole('button', { name: 'Members' })
      .click();
    const panel = page.getByRole('dialog', { name: 'Members of cholera' });
    const agents = panel.getByRole('list', { name: 'AI agents in cholera' });
    await agents.getByText(BOT_NAME, { exact: true }).waitFor();
    await agents.getByText('AI', { exact: true }).waitFor();
    await agents.getByText('Answers when @mentioned').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(
      [
        `@${BOT_NAME} mean of deaths by street`,
        'street,deaths',
        'Broad,12',
        'Broad,18',
        'Cambridge,3',
        'Cambridge,5',
      ].join('\n'),
    );
    await composer.press('Enter');

    const reply = log.getByRole('region', { name: new RegExp(`^${BOT_NAME} \\(AI agent\\)`) });
    await reply.waitFor({ timeout: 20_000 });
    // Broad: (12 + 18) / 2 = 15; Cambridge: (3 + 5) / 2 = 4; all: 38 / 4 = 9.5 (n, mean).
    await expect.poll(() => reply.innerText()).toMatch(/Broad\s+2\s+15\n/);
    const text = await reply.innerText();
    expect(text).toMatch(/Cambridge\s+2\s+4\n/);
    expect(text).toMatch(/deaths\s+4\s+0\s+9\.5\s/);
    expect(text).toContain('Data Analyst Bot'); // the product
    expect(text).toContain('AI-generated');
    await reply.getByText('AI', { exact: true }).waitFor();
    // The chart drawn in the message: one image named by its column, described by its numbers.
    // deaths 12, 18, 3, 5: Sturges' 3 bins of width 5 from 3 to 18.
    const chart = reply.getByRole('img', { name: 'Histogram of deaths' });
    await chart.locator('svg .MuiBarChart-element').first().waitFor();
    expect(await chart.locator('svg .MuiBarChart-element').count()).toBe(3);
    const describedBy = await chart.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      '4 values in 3 bins. 3 to 8: 2; 8 to 13: 1; 13 to 18: 1.',
    );
    const box = await chart.boundingBox();
    expect(box!.height).toBeGreaterThan(100);
    expect(await axeViolations(page)).toEqual([]);
    // In dark mode at a phone's width it still fits, in the dark theme's lighter primary.
    const viewport = page.viewportSize()!;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 740 });
    await expect
      .poll(() => chart.locator('svg .MuiBarChart-element').first().getAttribute('fill'))
      .toBe('#90caf9');
    await chart.scrollIntoViewIfNeeded();
    const phone = (await chart.boundingBox())!;
    expect(phone.x).toBeGreaterThanOrEqual(0);
    expect(phone.x + phone.width).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: 'light' });

    // The instructor pauses the agent on the activity's card; the student's panel says so, live.
    await teacher.page.goto(`${server.url}/classes/${classId}/activities`);
    // The card counts the answer (usage, read from the jobs).
    await teacher.page
      .getByText(/Agent use: 1 answers · 1 analyses · 0 tokens · Budget: no limit/)
      .waitFor();
    // The review page lists the exchange and exports it as CSV.
    await teacher.page.getByRole('link', { name: 'Review exchanges' }).click();
    await teacher.page
      .getByRole('heading', { level: 1, name: 'Exchanges with the agents of Broad Street pump' })
      .waitFor();
    expect(new URL(teacher.page.url()).pathname).toMatch(
      new RegExp(`^/classes/${classId}/activities/[^/]+/review$`),
    );
    const exchange = teacher.page.getByRole('table', { name: 'Exchanges' }).getByRole('row').nth(1);
    await exchange.getByText('John Snow').waitFor();
    expect(await exchange.innerText()).toContain('mean of deaths by street');
    expect(await exchange.innerText()).toContain('Broad');
    expect(await axeViolations(teacher.page)).toEqual([]);
    const [file] = await Promise.all([
      teacher.page.waitForEvent('download'),
      teacher.page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'time,student,agent,question,answer,status,analyses,tokens,' +
        'flagged,flag_category,flag_found,held_answer,flag_handled_at,flag_handled_by',
    );
    expect(csv).toContain('John Snow,DataAnalystBot,');
    // The student cannot open it: the same page says the activity is not found.
    await page.goto(teacher.page.url());
    await page.getByRole('heading', { name: 'Activity not found' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.goto(`${server.url}/classes/${classId}?channel=${channelId}`);
    await log.waitFor();
    await teacher.page.getByRole('link', { name: 'Back to Statistics 101 activities' }).click();
    await teacher.page.getByRole('article', { name: 'Broad Street pump' }).waitFor();
    const mode = teacher.page.getByRole('combobox', { name: `When ${BOT_NAME} answers` });
    await mode.click();
    await teacher.page.getByRole('option', { name: 'Paused by the instructor' }).click();
    await expect.poll(() => mode.innerText()).toContain('Paused by the instructor');
    await page
      .getByRole('region', { name: 'Channel cholera' })
      .getByRole('button', { name: 'Members' })
      .click();
    await agents.getByText('Paused by the instructor', { exact: false }).waitFor();
  });
});
