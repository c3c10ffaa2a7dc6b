// Issue 11: an LLM agent's answer streams into the case channel and grows live for everyone. The
// built app runs against a real OpenAI-compatible server started here (test-support/openaiServer.ts)
// that holds its SSE stream open between chunks and lets the next one out only when the test says:
// so the answer is seen half-written — "writing…", a prefix, a longer prefix — in a second browser,
// then complete with the AI-generated note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { makeRecordId } from '@seminar/shared';
import {
  STREAMED_ANSWER,
  startTestOpenAiServer,
  type TestOpenAiServer,
} from '../test-support/openaiServer';
import { axeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

/** The seeded catalogue's Socratic Tutor: an LLM agent (docs/catalogue.md#seed). */
const PRODUCT_ID = 'product_socratic_tutor';
const AGENT = 'SocraticTutor';
/** The test server's chunk size: each released chunk adds this many characters. */
const CHUNK = 8;

let openai: TestOpenAiServer;
let server: RunningServer;
let browser: Browser;
let teacher: Person;
let asker: Person;
let watcher: Person;
let classId: string;
let channelId: string;

beforeAll(async () => {
  openai = await startTestOpenAiServer({ gated: true, chunkSize: CHUNK });
  // No demo class: its DataAnalystBot would be first to ask the (gated) model.
  server = await startServer({
    AI_BASE_URL: openai.url,
    AI_MODEL: 'test-model',
    SEED_DEMO: '0',
    // Every chunk shown as it comes (the default shows at most 4 a second): the test lets chunks out
    // one at a time and waits for each on screen, so no chunk needs to wait out a throttle.
    AI_STREAM_UPDATES_PER_SECOND: '1000',
  });
  browser = await launchBrowser();
  teacher = await signUpPerson(browser, server, 'Socrates, The', 'socrates@example.edu');
  asker = await signUpPerson(browser, server, 'Plato, Young', 'plato@example.edu');
  watcher = await signUpPerson(browser, server, 'Xenophon, Of Athens', 'xenophon@example.edu');
  classId = await classWithStudents(server, teacher, 'Ethics 101', [asker, watcher]);
  const api = await apiAs(server, teacher);
  try {
    channelId = makeRecordId('channel', teacher.uid);
    await api.trpc.channels.create.mutate({
      channel_id: channelId,
      class_id: classId,
      name: 'agora',
      is_public: true,
    });
    await api.trpc.activities.save.mutate({
      activity_id: makeRecordId('activity', teacher.uid),
      class_id: classId,
      title: 'Fair prices',
      product_id: PRODUCT_ID,
      channel_id: channelId,
    });
  } finally {
    await api.close();
  }
});
afterAll(async () => {
  openai?.releaseAll();
  await closeBrowser(browser);
  await server?.stop();
  await openai?.close();
});

/** The body of a message region: its text without the name line and the note. */
async function bodyText(reply: Locator): Promise<string> {
  return (await reply.innerText()).replace(/\s+/g, ' ');
}

describe('an LLM agent streaming its answer', () => {
  it('shows the answer growing in a second browser while it is written, then complete', async () => {
    const log = (person: Person) => person.page.getByRole('log', { name: 'Messages' });
    for (const person of [watcher, asker]) {
      await person.page.goto(`${server.url}/classes/${classId}?channel=${channelId}`);
      await log(person).waitFor();
    }

    const composer = asker.page.getByRole('textbox', { name: 'Message' });
    await composer.fill(`@${AGENT} should the price of bread go up in a famine?`);
    await composer.press('Enter');

    // Browser B: the reply appears with its first chunk, marked as being written.
    const reply = log(watcher).getByRole('region', {
      name: new RegExp(`^${AGENT} \\(AI agent\\)`),
    });
    await reply.waitFor({ timeout: 20_000 });
    const writing = reply.getByRole('status');
    await expect
      .poll(() => writing.innerText(), { timeout: 10_000 })
      .toBe('AI-generated — writing…');
    await expect.poll(() => bodyText(reply)).toContain(STREAMED_ANSWER.slice(0, CHUNK));
    expect(await bodyText(reply)).not.toContain(STREAMED_ANSWER.slice(0, 2 * CHUNK));
    await reply.getByText('AI', { exact: true }).waitFor();
    expect(await reply.innerText()).toContain('Socratic Tutor'); // the product
    expect(await axeViolations(watcher.page)).toEqual([]); // half-written, "writing…" announced

    // Chunk by chunk: each released chunk makes the text longer, still being written.
    for (let chunks = 2; chunks <= 4; chunks += 1) {
      openai.release();
      const prefix = STREAMED_ANSWER.slice(0, chunks * CHUNK);
      await expect.poll(() => bodyText(reply), { timeout: 10_000 }).toContain(prefix.trim());
      expect(await bodyText(reply)).not.toContain(STREAMED_ANSWER.slice(0, (chunks + 1) * CHUNK));
      expect(await writing.innerText()).toBe('AI-generated — writing…');
    }
    expect(openai.chunksSent()).toBe(4);

    // The rest: the full answer, no longer "writing…", with the AI-generated note, in both browsers.
    openai.releaseAll();
    for (const person of [watcher, asker]) {
      const final = log(person).getByRole('region', {
        name: new RegExp(`^${AGENT} \\(AI agent\\)`),
      });
      await expect.poll(() => bodyText(final), { timeout: 20_000 }).toContain(STREAMED_ANSWER);
      await final.getByText('AI-generated — check it before you rely on it').waitFor();
      expect(await final.getByRole('status').count()).toBe(0);
    }
    expect(
      await log(watcher)
        .getByRole('region', { name: /\(AI agent\)/ })
        .count(),
    ).toBe(1);
    // The model was asked once, with the student's words.
    expect(openai.requests).toHaveLength(1);
    expect(JSON.stringify(openai.requests[0]!.body.messages)).toContain(
      'Young Plato: @SocraticTutor should the price of bread go up in a famine?',
    );
  });
});
