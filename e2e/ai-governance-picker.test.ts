// Issue 32 part 1 in real Chromium on the built app: a student who does not know the bot's name
// finds it in the mention picker (typing "@Da" offers DataAnalystBot, marked AI), picks it with the
// keyboard, asks for three things in one sentence and gets one answer with all three parts, the
// histogram drawn as asked. Its name in the reply opens its card: what it is, what it can see, when
// it answers, and that the instructor reads these conversations — at a phone's width and in dark
// mode too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BOT_NAME } from '@seminar/shared';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import {
  activityWithChannel,
  classWithStudents,
  signUpPerson,
  type Person,
} from './support/people';
import { startServer, type RunningServer } from './support/server';

const PRODUCT_ID = 'product_data_analyst_bot';
const ASK = 'summary of score, the correlation of hours and score, and a histogram of score';
// hours and score correlate strongly, so unasked the engine would draw their scatter instead.
const TABLE = ['hours,score', '1,52', '2,58', '3,61', '4,70', '5,74', '6,83'];

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
  ({ channelId } = await activityWithChannel(server, teacher, {
    classId,
    channel: 'study-hours',
    title: 'Hours and marks',
    productId: PRODUCT_ID,
  }));
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

describe('finding DataAnalystBot and asking it three things', () => {
  it('a student picks DataAnalystBot from the picker and gets one answer with three parts', async () => {
    const page = student.page;
    await page.goto(`${server.url}/classes/${classId}?channel=${channelId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
    const composer = page.getByRole('textbox', { name: 'Message' });

    // "@Da" offers the bot, marked AI in sight and in its accessible name.
    await composer.pressSequentially('@Da');
    const picker = page.getByRole('listbox', { name: 'Mention someone' });
    const option = picker.getByRole('option', {
      name: `${BOT_NAME}, AI agent, Data Analyst Bot`,
    });
    await option.waitFor();
    expect(await option.getByText('AI agent', { exact: true }).count()).toBe(1);
    expect(
      await page.getByRole('combobox', { name: 'Message' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    // The student is the class's only other person, so the bot is the one option: Enter picks it.
    expect(await picker.getByRole('option').count()).toBe(1);
    await composer.press('Enter');
    await picker.waitFor({ state: 'detached' });
    expect(await composer.inputValue()).toBe(`@${BOT_NAME} `);

    // The three requests in one sentence, then the table on the next lines.
    await composer.pressSequentially(ASK);
    for (const line of TABLE) {
      await composer.press('Shift+Enter');
      await composer.pressSequentially(line);
    }
    await composer.press('Enter');

    const reply = log.getByRole('region', { name: new RegExp(`^${BOT_NAME} \\(AI agent\\)`) });
    await reply.waitFor({ timeout: 20_000 });
    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain('Summary of score');
    const text = await reply.innerText();
    // scores 52, 58, 61, 70, 74, 83: n = 6; r(hours, score) = 0.99133… (computed by hand).
    expect(text).toMatch(/Summary of score: n = 6, missing = 0/);
    expect(text).toMatch(/Correlation of hours and score: r = 0\.991 /);
    expect(text).toContain('histogram of score is drawn');
    expect(text).not.toContain('did not understand');
    // The three parts in the order asked.
    const at = ['Summary of score', 'Correlation of hours', 'histogram of score'].map((part) =>
      text.indexOf(part),
    );
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // One answer, and its chart is the histogram asked for, not the engine's default scatter.
    expect(await reply.count()).toBe(1);
    const chart = reply.getByRole('img', { name: 'Histogram of score' });
    await chart.locator('svg .MuiBarChart-element').first().waitFor();
    expect(await reply.getByRole('img', { name: /^Scatter/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The bot's name opens its card.
    const name = reply.getByRole('button', { name: `${BOT_NAME}, AI agent: about it` });
    await name.click();
    const card = page.getByRole('dialog', { name: `${BOT_NAME} · AI agent` });
    await card.getByRole('heading', { name: 'What it is' }).waitFor();
    await card
      .getByText(
        'An AI agent of Data Analyst Bot, in the activity “Hours and marks”. It is not a person.',
      )
      .waitFor();
    await card.getByRole('heading', { name: 'What it can see' }).waitFor();
    // No model on this server: it reads only the message that mentions it.
    await card.getByText(/^Only the message that mentions it/).waitFor();
    await card.getByRole('heading', { name: 'When it answers' }).waitFor();
    await card.getByText('Answers when @mentioned').waitFor();
    await card.getByText('Your instructor can read your conversations with AI agents.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    // Focus goes back to the name that opened it.
    await expect
      .poll(() => name.evaluate((element) => element === document.activeElement))
      .toBe(true);

    // On a phone, in dark mode, the card fills the screen and stays clean.
    const viewport = page.viewportSize()!;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 740 });
    await name.click();
    await card.getByText('Your instructor can read your conversations with AI agents.').waitFor();
    const box = (await card.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(360);
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
