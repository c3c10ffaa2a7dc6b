// Issue 11: DataAnalystBot in a case channel, in real Chromium on the built app. A student pastes a
// CSV and mentions the bot; the reply — computed on the server, posted live — shows the right
// means and is unmistakably an AI's (badge, product, "AI-generated"). The agent is listed among
// the channel's members, and an instructor pauses it from the activity's card, live for the student.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BOT_NAME, makeRecordId } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { apiAs, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let classId: string;
let channelId: string;

/** The seeded catalogue's DataAnalystBot product (docs/catalogue.md#seed). */
const PRODUCT_ID = 'product_data_analyst_bot';

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
    await api.trpc.activities.save.mutate({
      activity_id: makeRecordId('activity', teacher.uid),
      class_id: classId,
      title: 'Broad Street pump',
      product_id: PRODUCT_ID,
      channel_id: channelId,
    });
  } finally {
    await api.close();
  }
});
afterAll(async () => {
  await Promise.all([teacher, student].map((person) => person?.context.close()));
  await browser?.close();
  await server?.stop();
});

describe('DataAnalystBot in a case channel', () => {
  it('answers a pasted CSV with the right means, labelled as AI, and can be paused', async () => {
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
    expect(await axeViolations(page)).toEqual([]);

    // The instructor pauses the agent on the activity's card; the student's panel says so, live.
    await teacher.page.goto(`${server.url}/classes/${classId}/activities`);
    // The card counts the answer (usage, read from the jobs).
    await teacher.page
      .getByText(/Agent use: 1 answers · 1 analyses · 0 tokens · Budget: no limit/)
      .waitFor();
    // The review lists the exchange and exports it as CSV.
    await teacher.page.getByRole('button', { name: 'Review exchanges' }).click();
    const review = teacher.page.getByRole('dialog', { name: /^Exchanges with the agents of/ });
    const exchange = review.getByRole('table', { name: 'Exchanges' }).getByRole('row').nth(1);
    await exchange.getByText('John Snow').waitFor();
    expect(await exchange.innerText()).toContain('mean of deaths by street');
    const [file] = await Promise.all([
      teacher.page.waitForEvent('download'),
      review.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('time,student,agent,question,answer,status,analyses,tokens');
    expect(csv).toContain('John Snow,DataAnalystBot,');
    await review.getByRole('button', { name: 'Close' }).click();
    await review.waitFor({ state: 'hidden' });
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
