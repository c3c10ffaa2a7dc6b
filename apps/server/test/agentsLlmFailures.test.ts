// A model call that fails says why in the node's log: the refused port, the endpoint's HTTP status
// and words, the TLS failure — not only the SDK's "No output generated". Against a real
// OpenAI-compatible server (test-support/openaiServer.ts) or a port nobody listens on; on PGlite
// and PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import { makeRecordId } from '@seminar/shared';
import { activities, products } from '../src/db/schema';
import { startTestOpenAiServer, type TestOpenAiServer } from '../../../test-support/openaiServer';
import { callerFor } from './callers';
import { createTestDatabase, testDatabaseKind } from './database';
import { freePort, makeApp } from './factories';
import { createClassFixture, signUpUser } from './fixtures';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface LogLine {
  level: number;
  msg: string;
  reason?: string;
  err?: { message?: string };
}

/**
 * A node whose model endpoint is `baseUrl`, an activity with an LLM agent, and a student's message
 * to it: resolves to the log line of the job's failure.
 */
async function failureLogged(baseUrl: string): Promise<LogLine> {
  const database = await createTestDatabase();
  const lines: string[] = [];
  const made = await makeApp(
    database,
    { AI_BASE_URL: baseUrl, AI_MODEL: 'test-model' },
    { logLines: lines },
  );
  cleanups.push(
    () => database.close(),
    () => made.app.close(),
  );
  const services = made.runtime.services!;
  const teacher = await signUpUser(made.app, made.config.publicUrl, 'Socrates, The');
  const pupil = await signUpUser(made.app, made.config.publicUrl, 'Plato, Young');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    channels: [{ name: 'agora', is_public: true }],
  });
  const productId = makeRecordId('product', teacher.uid);
  await database.db.insert(products).values({
    product_id: productId,
    title: 'Tutor product',
    name: 'SocraticTutor',
    ai_agent_refs: ['SocraticTutor'],
  });
  await database.db.insert(activities).values({
    activity_id: makeRecordId('activity', teacher.uid),
    class_id: classId,
    title: 'Dialogue',
    product_id: productId,
    channel_id: channelIds[0]!,
  });
  await callerFor(services, pupil).messages.send({
    id: makeRecordId('msg', pupil.uid),
    class_id: classId,
    channel_id: channelIds[0]!,
    body: '@SocraticTutor should the price go up?',
  });
  const failed = () =>
    lines
      .map((line) => JSON.parse(line) as LogLine)
      .find((line) => line.msg === 'an agent job failed');
  await expect.poll(failed, { timeout: 20_000 }).toBeDefined();
  return failed()!;
}

describe(`a failed model call in the log (${testDatabaseKind})`, () => {
  it('names the refused port', async () => {
    const port = await freePort();
    const line = await failureLogged(`http://127.0.0.1:${port}/v1`);
    expect(line.reason).toContain('ECONNREFUSED');
    expect(line.reason).toContain(`127.0.0.1:${port}`);
    expect(line.err?.message).toContain('ECONNREFUSED');
  });

  it("gives the endpoint's HTTP status and its words", async () => {
    const openai: TestOpenAiServer = await startTestOpenAiServer({
      failWith: { status: 401, message: 'Incorrect API key provided.' },
    });
    cleanups.push(() => openai.close());
    const line = await failureLogged(openai.url);
    expect(line.reason).toContain(`HTTP 401 from ${openai.url}/chat/completions`);
    expect(line.reason).toContain('Incorrect API key provided.');
  });

  it('says the TLS handshake failed (https to a plain HTTP endpoint)', async () => {
    const openai = await startTestOpenAiServer();
    cleanups.push(() => openai.close());
    const line = await failureLogged(openai.url.replace(/^http:/, 'https:'));
    expect(line.reason).toMatch(/SSL|TLS|EPROTO/);
  });
});
