// Issue 32, tutor modes in real Chromium on the built app, against the test OpenAI-compatible
// server: the instructor picks Socratic mode on the activity's card (seeing what the model will be
// told), and the student — already in the case channel in a second browser — sees the mode's
// promise appear live; the student's question then reaches the model with the Socratic instructions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { tutorInstructions } from '@seminar/shared';
import { startTestOpenAiServer, type TestOpenAiServer } from '../test-support/openaiServer';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import {
  activityWithChannel,
  classWithStudents,
  signUpPerson,
  type Person,
} from './support/people';
import { startServer, type RunningServer } from './support/server';

/** The seeded catalogue's Socratic Tutor: an LLM agent (docs/catalogue.md#seed). */
const PRODUCT_ID = 'product_socratic_tutor';
const AGENT = 'SocraticTutor';
const PROMISE = "This tutor won't give final answers: it asks questions that help you find them.";

let openai: TestOpenAiServer;
let server: RunningServer;
let browser: Browser;
let teacher: Person;
let student: Person;
let classId: string;
let channelId: string;

beforeAll(async () => {
  openai = await startTestOpenAiServer();
  server = await startServer({ AI_BASE_URL: openai.url, AI_MODEL: 'test-model', SEED_DEMO: '0' });
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Socrates, The', 'socrates@example.edu');
  student = await signUpPerson(browser, server, 'Plato, Young', 'plato@example.edu');
  classId = await classWithStudents(server, teacher, 'Ethics 101', [student]);
  ({ channelId } = await activityWithChannel(server, teacher, {
    classId,
    channel: 'agora',
    title: 'Fair prices',
    productId: PRODUCT_ID,
  }));
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
  await openai?.close();
});

describe('tutor modes', () => {
  it('an instructor sets Socratic mode and the student sees its promise live', async () => {
    const page = student.page;
    await page.goto(`${server.url}/classes/${classId}?channel=${channelId}`);
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    expect(await page.getByRole('note', { name: 'AI tutor mode' }).count()).toBe(0);

    const staff = teacher.page;
    await staff.goto(`${server.url}/classes/${classId}/activities`);
    const card = staff.getByRole('article', { name: 'Fair prices' });
    await card.getByText("Tutor mode: the product's own").waitFor();
    await card.getByRole('button', { name: 'Tutor mode' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Tutor mode of Fair prices' });
    await dialog.getByRole('radio', { name: /^Socratic:/ }).check();
    const preview = dialog.getByRole('region', { name: 'What the model is told' });
    await preview.getByText(/^Tutor mode: Socratic\. Never give the final answer/).waitFor();
    expect(await axeViolations(staff)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(`Tutor mode: Socratic — ${PROMISE}`).waitFor();

    // The student's open channel shows the promise without a reload.
    const note = page.getByRole('note', { name: 'AI tutor mode' });
    await note.getByText(`Socratic tutor: ${PROMISE}`).waitFor({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);

    // Asked, the tutor's model gets the Socratic instructions.
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(`@${AGENT} what is the fair price of bread?`);
    await composer.press('Enter');
    await page
      .getByRole('log', { name: 'Messages' })
      .getByRole('region', { name: new RegExp(`^${AGENT} \\(AI agent\\)`) })
      .waitFor({ timeout: 20_000 });
    const system = openai.requests
      .at(-1)!
      .body.messages.find((message) => message.role === 'system');
    expect(
      String(system?.content).endsWith(
        tutorInstructions({ mode: 'socratic', version: 1, custom: null }),
      ),
    ).toBe(true);
  });
});
