// Issue 31 in the browser (docs/debrief.md): an instructor opens an activity's debrief, sets up a
// rubric, grades two students and downloads the gradebook CSV (parsed here); "Summarize the
// discussion" against a real OpenAI-compatible server (test-support/openaiServer.ts) whose model
// cites a real message and one it invents — only the real one is a link, and it opens the channel
// at that message. A student sees only their own figures, at phone width in dark mode; axe on both.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import { startTestOpenAiServer, type TestOpenAiServer } from '../test-support/openaiServer';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let openai: TestOpenAiServer;
let server: RunningServer;
let browser: Browser;
let teacher: Person;
let ada: Person;
let bob: Person;
let classId: string;
let channelId: string;
let activityId: string;
let citedId = '';

beforeAll(async () => {
  openai = await startTestOpenAiServer({
    chunkDelayMs: 5,
    answer: (body) => {
      // The model cites the first message of the transcript, and invents another.
      const prompt = JSON.stringify(body.messages);
      const first = /\[m:([A-Za-z0-9_-]+)\]/.exec(prompt)?.[1] ?? '';
      return [
        '## Themes',
        `- Price against reach [m:${first}] [m:msg_20260101000000000_invented_x1]`,
        '## Open questions',
        '- Who pays for shipping?',
      ].join('\n');
    },
  });
  server = await startServer({ AI_BASE_URL: openai.url, AI_MODEL: 'test-model', SEED_DEMO: '0' });
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Porter, Michael', 'porter@example.edu');
  ada = await signUpPerson(browser, server, 'Lovelace, Ada', 'ada@example.edu');
  bob = await signUpPerson(browser, server, 'Builder, Bob', 'bob@example.edu');
  classId = await classWithStudents(server, teacher, 'Strategy 101', [ada, bob]);
  const staff = await apiAs(server, teacher);
  try {
    channelId = makeRecordId('channel', teacher.uid);
    await staff.trpc.channels.create.mutate({
      channel_id: channelId,
      class_id: classId,
      name: 'market-entry',
      is_public: true,
    });
    activityId = makeRecordId('activity', teacher.uid);
    await staff.trpc.activities.save.mutate({
      activity_id: activityId,
      class_id: classId,
      title: 'Market entry',
      channel_id: channelId,
    });
  } finally {
    await staff.close();
  }
  const post = async (person: Person, bodies: string[]) => {
    const api = await apiAs(server, person);
    try {
      for (const body of bodies) {
        const sent = await api.trpc.messages.send.mutate({
          id: makeRecordId('msg', person.uid),
          class_id: classId,
          channel_id: channelId,
          body,
        });
        citedId ||= sent.id;
      }
    } finally {
      await api.close();
    }
  };
  await post(ada, [
    'Brazil first: the market is big enough to pay for the price cut.',
    'Why not India?',
  ]);
  await post(bob, [`<@${ada.uid}> India's distribution is the problem.`]);
  // Enough later messages that the cited one is far above the newest page.
  await post(
    teacher,
    Array.from({ length: 40 }, (_, i) => `Note ${i + 1}`),
  );
}, 120_000);
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
  await openai?.close();
});

const debriefUrl = () => `${server.url}/classes/${classId}/activities/${activityId}/debrief`;

describe('an activity debrief', () => {
  it('grades two students with a rubric and downloads the gradebook CSV', async () => {
    const page = teacher.page;
    await page.goto(`${server.url}/classes/${classId}/activities`);
    await page.getByRole('link', { name: 'Debrief: Market entry' }).click();
    await page.getByRole('heading', { name: 'Debrief: Market entry' }).waitFor();
    const table = page.getByRole('table', { name: 'Participation per student' });
    await table.getByRole('rowheader', { name: 'Lovelace, Ada' }).waitFor();
    // Sorting by messages, most first: Ada (2) before Bob (1).
    await table.getByRole('button', { name: 'Messages' }).click();
    const names = await table.getByRole('rowheader').allInnerTexts();
    expect(names).toEqual(['Lovelace, Ada', 'Builder, Bob']);
    // Ada's question was answered by Bob's mention: nothing is open.
    await page.getByText('Every question a student asked got a reply.').waitFor();

    await page.getByRole('button', { name: 'Set up the rubric' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rubric' });
    await dialog.getByRole('textbox', { name: 'Criterion 2' }).fill('Quality of argument');
    await dialog.getByRole('button', { name: 'Save rubric' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);

    const grade = async (name: string, quality: string, comment: string) => {
      const form = page.getByRole('form', { name: `Grade for ${name}` });
      await form.getByRole('spinbutton', { name: `Quality of argument for ${name}` }).fill(quality);
      await form.getByRole('textbox', { name: `Comment for ${name}` }).fill(comment);
      await form.getByRole('button', { name: `Save grade for ${name}` }).click();
      await form.getByText(/^Saved by Michael Porter|^Saved by Porter, Michael/).waitFor();
    };
    await grade('Lovelace, Ada', '8', 'Clear, =well argued');
    await grade('Builder, Bob', '6', 'Engaged others');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('market-entry-grades.csv');
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe(
      'Email,Name,Total (%),Contributions (40 %),Quality of argument (40 %),Peer engagement (20 %),Comment',
    );
    // Computed: Ada 2 of 5 messages → 4, no replies → 0; Bob 1 message → 2, 1 of 3 replies → 3.33.
    expect(lines.slice(1, 3).sort()).toEqual(
      [
        'ada@example.edu,"Lovelace, Ada",48,4,8,0,"Clear, =well argued"',
        'bob@example.edu,"Builder, Bob",38.66,2,6,3.33,Engaged others',
      ].sort(),
    );
  });

  it('summarizes with a citation that opens the channel at its message', async () => {
    const page = teacher.page;
    await page.goto(debriefUrl());
    await page.getByRole('button', { name: 'Summarize the discussion' }).click();
    const source = page.getByRole('link', { name: 'Source 1' });
    await source.waitFor({ timeout: 20_000 });
    await page.getByText('Who pays for shipping?').waitFor();
    // The invented citation is not shown: one source only, and no raw id.
    expect(await page.getByRole('link', { name: /^Source/ }).count()).toBe(1);
    expect(await page.getByText(/invented/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await source.click();
    const log = page.getByRole('log', { name: 'Messages' });
    // The channel opens at the cited message (far above the newest page), loaded and marked.
    await log
      .locator('[data-focused="true"]', { hasText: 'Brazil first: the market is big enough' })
      .waitFor({ timeout: 15_000 });
    await expect
      .poll(() => log.getByText(/^Brazil first: the market is big enough/).isVisible())
      .toBe(true);
    expect(new URL(page.url()).searchParams.get('channel')).toBe(channelId);
    expect(citedId).not.toBe('');
  });

  it('shows a student only their own figures, at phone width in dark mode', async () => {
    const page = ada.page;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(debriefUrl());
    await page.getByRole('heading', { name: 'Your participation' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Grading' }).count()).toBe(0);
    expect(await page.getByText('Builder, Bob').count()).toBe(0);
    const messages = page.getByRole('term').filter({ hasText: /^Messages$/ });
    await messages.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});
