// A node SIGKILLed in the middle of a *streamed* LLM answer (issue 11): server processes on one
// PostgreSQL, an LLM agent answering through a real OpenAI-compatible server started here that holds
// its stream open between chunks. The killed node leaves a half-written reply; when its lease runs
// out another node takes the job and rewrites that same message — complete, or marked failed once
// the job is out of tries. PostgreSQL only: PGlite is one process, so a node cannot be killed
// without killing the database with it (test/agentsStreamTakeover.test.ts covers the takeover
// itself on both databases, with workers in one process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agentReplyId, makeRecordId } from '@seminar/shared';
import type { Database } from '../../src/db/client';
import { activities, aiJobs, channels, messages, products } from '../../src/db/schema';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import {
  STREAMED_ANSWER,
  startTestOpenAiServer,
  type TestOpenAiServer,
} from '../../../../test-support/openaiServer';
import { createTestDatabase } from '../database';
import { createClassFixture } from '../fixtures';
import { afterPasses } from '../workerPasses';

const AGENT = 'SocraticTutor';
const CHUNK = 8;
let database: Database & { url?: string };
const nodes: ServerProcess[] = [];
const openais: TestOpenAiServer[] = [];

/** A node of this test's database with an LLM; short leases so a dead node's job moves on. */
async function startNode(openai: TestOpenAiServer, maxAttempts: number): Promise<ServerProcess> {
  const node = await startServerProcess({
    from: 'source',
    env: {
      DATABASE_URL: database.url!,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      AI_JOB_LEASE_SECONDS: '2',
      AI_JOB_MAX_ATTEMPTS: String(maxAttempts),
      AI_TRIGGERS_PER_MINUTE: '100',
      AI_BASE_URL: openai.url,
      AI_MODEL: 'test-model',
      // Every chunk shown as it comes: the test lets chunks out one by one, not waiting out a throttle.
      AI_STREAM_UPDATES_PER_SECOND: '1000',
    },
  });
  nodes.push(node);
  return node;
}

async function gatedModel(): Promise<TestOpenAiServer> {
  const openai = await startTestOpenAiServer({ gated: true, chunkSize: CHUNK });
  openais.push(openai);
  return openai;
}

/** A case channel whose activity uses an LLM agent, and a question to it, asked while no node runs. */
async function askedQuestion() {
  const db = database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [{ user: { uid: 'student-1' }, role: 'student' }],
    channels: [{ name: 'agora', is_public: true }],
  });
  const channelId = channelIds[0]!;
  const productId = makeRecordId('product', 'tutor');
  await db.insert(products).values({
    product_id: productId,
    title: 'Tutor',
    name: 'tutor',
    ai_agent_refs: [AGENT],
  });
  await db.insert(activities).values({
    activity_id: makeRecordId('activity', 'tutor'),
    class_id: classId,
    title: 'Dialogue',
    product_id: productId,
    channel_id: channelId,
  });
  const questionId = makeRecordId('msg', 'student-1');
  await db.insert(messages).values({
    id: questionId,
    class_id: classId,
    channel_id: channelId,
    seq: 1,
    author_uid: 'student-1',
    author_name: 'Student One',
    body: `@${AGENT} who should decide what a fair price is?`,
  });
  await db.update(channels).set({ last_seq: 1 }).where(eq(channels.channel_id, channelId));
  const [job] = await db.select().from(aiJobs).where(eq(aiJobs.message_id, questionId));
  const jobId = job!.job_id;
  const replyId = agentReplyId(jobId);
  return {
    channelId,
    replyId,
    job: async () => (await db.select().from(aiJobs).where(eq(aiJobs.job_id, jobId)))[0]!,
    reply: async () => (await db.select().from(messages).where(eq(messages.id, replyId)))[0],
    replies: async () =>
      (await db.select().from(messages).where(eq(messages.channel_id, channelId))).filter(
        (row) => row.ai !== null,
      ),
  };
}

/** Starts a node, waits until it has written the first two chunks, and SIGKILLs it. */
async function killMidStream(
  openai: TestOpenAiServer,
  maxAttempts: number,
  question: Awaited<ReturnType<typeof askedQuestion>>,
): Promise<void> {
  const doomed = await startNode(openai, maxAttempts);
  await expect
    .poll(async () => (await question.reply())?.body, { timeout: 30_000 })
    .toBe(STREAMED_ANSWER.slice(0, CHUNK));
  // It is streaming: one more chunk makes the reply grow.
  openai.release();
  await expect
    .poll(async () => (await question.reply())?.body, { timeout: 10_000 })
    .toBe(STREAMED_ANSWER.slice(0, 2 * CHUNK));
  expect((await question.reply())!.ai).toMatchObject({ status: 'streaming' });
  expect(await question.job()).toMatchObject({ status: 'running', attempts: 1 });
  await doomed.kill();
  // What the dead node left: a half-written reply and a job it still "holds".
  expect(await question.reply()).toMatchObject({
    body: STREAMED_ANSWER.slice(0, 2 * CHUNK),
    ai: { status: 'streaming' },
  });
  expect(await question.job()).toMatchObject({ status: 'running', attempts: 1 });
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('this test needs PostgreSQL');
}, 60_000);

afterAll(async () => {
  for (const openai of openais) openai.releaseAll();
  await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)));
  await Promise.all(openais.map((openai) => openai.close()));
  await database?.close();
});

describe('a node killed in the middle of a streamed answer', () => {
  it('leaves a half-written reply that another node rewrites complete, once', async () => {
    const openai = await gatedModel();
    const question = await askedQuestion();
    await killMidStream(openai, 3, question);
    // From now on the model streams freely; a second node takes the job when the lease runs out.
    openai.releaseAll();
    const survivor = await startNode(openai, 3);
    await expect.poll(async () => (await question.job()).status, { timeout: 30_000 }).toBe('done');
    expect(await question.job()).toMatchObject({
      attempts: 2,
      reply_id: question.replyId,
      input_tokens: 50,
      output_tokens: 20,
    });
    expect(openai.requests).toHaveLength(2);
    // A second reply could come from a pass that claims the job again (or a new job for the same
    // question) once it is done. The survivor ends two more passes — one began after the job was
    // done and claimed whatever was claimable — then stops gracefully, which waits for any answer it
    // has in flight (drain): whatever it could still write is written.
    await afterPasses([survivor.url], 'agents');
    await survivor.stop();
    const replies = await question.replies();
    expect(replies.map((row) => row.id)).toEqual([question.replyId]);
    expect(replies[0]).toMatchObject({
      body: STREAMED_ANSWER,
      seq: 2,
      author_uid: `agent:${AGENT}`,
      ai: { agent: AGENT, status: 'done' },
    });
  }, 120_000);

  it('marks the half-written reply failed when the job is out of tries', async () => {
    const openai = await gatedModel();
    const question = await askedQuestion();
    // One try only: the node that takes over after the kill closes the job as failed.
    await killMidStream(openai, 1, question);
    openai.releaseAll();
    await startNode(openai, 1);
    await expect
      .poll(async () => (await question.job()).status, { timeout: 30_000 })
      .toBe('failed');
    expect(await question.job()).toMatchObject({ attempts: 2, reply_id: question.replyId });
    expect(openai.requests).toHaveLength(1);
    const replies = await question.replies();
    expect(replies.map((row) => row.id)).toEqual([question.replyId]);
    expect(replies[0]!.ai).toMatchObject({ status: 'failed' });
    expect(replies[0]!.body).toContain(`${AGENT} could not answer this message (tried once)`);
  }, 120_000);
});
