// Nodes with different AI configuration on one PostgreSQL: one has a model (a real OpenAI-compatible
// server, test-support/openaiServer.ts), one has no AI_BASE_URL. Every job — DataAnalystBot's, which
// a model explains, and another agent's, which needs one — is claimed and answered by the node with
// the model; the node without one answers none of them without it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOT_NAME, makeRecordId } from '@seminar/shared';
import { openDatabase, type Database } from '../../src/db/client';
import { activities, aiJobs, products } from '../../src/db/schema';
import {
  startTestOpenAiServer,
  type TestOpenAiServer,
} from '../../../../test-support/openaiServer';
import { callerFor } from '../callers';
import { createTestDatabase } from '../database';
import { makeApp } from '../factories';
import { createClassFixture, signUpUser } from '../fixtures';

const CSV = ['```csv', 'x,y', '1,2', '2,4', '3,7', '```'].join('\n');
const cleanups: Array<() => Promise<void>> = [];
let openai: TestOpenAiServer;
let database: Database & { url?: string };
let withModel: Awaited<ReturnType<typeof makeApp>>;
let without: Awaited<ReturnType<typeof makeApp>>;

beforeAll(async () => {
  openai = await startTestOpenAiServer({ chunkDelayMs: 1, chunkSize: 40 });
  cleanups.push(() => openai.close());
  database = await createTestDatabase();
  if (!database.url) throw new Error('mixed nodes need PostgreSQL');
  cleanups.push(() => database.close());
  withModel = await makeApp(database, {
    AI_BASE_URL: openai.url,
    AI_MODEL: 'test-model',
    AI_TRIGGERS_PER_MINUTE: '100',
  });
  cleanups.push(() => withModel.app.close());
  // The node without a model starts second: it learns of the other one by asking.
  const second = await openDatabase({ databaseUrl: database.url, poolSize: 5 });
  cleanups.push(() => second.close());
  without = await makeApp(second, { AI_TRIGGERS_PER_MINUTE: '100' });
  cleanups.push(() => without.app.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('leaves every job to the node with a model', async () => {
  const db = database.db;
  const pupil = await signUpUser(without.app, without.config.publicUrl, 'Curie, Marie');
  const { classId, channelIds } = await createClassFixture(db, {
    members: [{ user: pupil, role: 'student' }],
    channels: [{ name: 'case', is_public: true }],
  });
  const productId = makeRecordId('product', 'test');
  await db.insert(products).values({
    product_id: productId,
    title: 'Analyst and tutor',
    name: 'analyst',
    ai_agent_refs: [BOT_NAME, 'SocraticTutor'],
  });
  const activityId = makeRecordId('activity', 'test');
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Case',
    product_id: productId,
    channel_id: channelIds[0]!,
  });
  // Sent through both nodes: each one's NOTIFY wakes both workers.
  const bodies = [
    ...Array.from({ length: 8 }, (_, index) => `@${BOT_NAME} table ${index}\n${CSV}`),
    ...Array.from({ length: 4 }, (_, index) => `@SocraticTutor question ${index}?`),
  ];
  for (const [index, body] of bodies.entries()) {
    const node = index % 2 === 0 ? without : withModel;
    await callerFor(node.runtime.services!, pupil).messages.send({
      id: makeRecordId('msg', pupil.uid),
      class_id: classId,
      channel_id: channelIds[0]!,
      body,
    });
  }
  const jobs = () => db.select().from(aiJobs).where(eq(aiJobs.activity_id, activityId));
  await expect
    .poll(
      async () =>
        (await jobs()).filter((job) => job.status !== 'queued' && job.status !== 'running').length,
      { timeout: 60_000 },
    )
    .toBe(bodies.length);
  const done = await jobs();
  // None skipped for want of a model; each answered by the model (its tokens counted: the node
  // without one counts none), DataAnalystBot's with the engine's numbers through the tool.
  expect(done.map((job) => [job.agent, job.status])).toEqual(
    done.map((job) => [job.agent, 'done']),
  );
  for (const job of done) expect(job.input_tokens).toBeGreaterThan(0);
  expect(done.filter((job) => job.agent === BOT_NAME).map((job) => job.analyses)).toEqual(
    Array.from({ length: 8 }, () => 1),
  );
});
