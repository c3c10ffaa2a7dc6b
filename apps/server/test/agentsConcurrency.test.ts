// A node answers up to AI_JOB_CONCURRENCY agent jobs at once: two slow model answers (the test
// OpenAI server holding both streams open) are written side by side, where a worker of one slot
// leaves the second question queued until the first answer ends. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { agentReplyId, makeRecordId } from '@seminar/shared';
import { AgentWorker } from '../src/ai/worker';
import type { Database } from '../src/db/client';
import { aiJobs, channels, messages } from '../src/db/schema';
import {
  STREAMED_ANSWER,
  startTestOpenAiServer,
  type TestOpenAiServer,
} from '../../../test-support/openaiServer';
import { createTestDatabase, testDatabaseKind } from './database';
import { createAgentCaseFixture } from './fixtures';

const AGENT = 'SocraticTutor';
const CHUNK = 8;
let database: Database;
const openais: TestOpenAiServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  for (const openai of openais) openai.releaseAll();
  await Promise.all(openais.map((openai) => openai.close()));
  await database?.close();
});

/** A case channel with an LLM agent and two questions to it, asked in one statement. */
async function twoQuestions() {
  const db = database.db;
  const { classId, channelId } = await createAgentCaseFixture(db, {
    members: [{ user: { uid: 'student-1' }, role: 'student' }],
    agents: [AGENT],
    productTitle: 'Tutor',
    channelName: 'agora',
  });
  const ids = [1, 2].map(() => makeRecordId('msg', 'student-1'));
  await db.insert(messages).values(
    ids.map((id, index) => ({
      id,
      class_id: classId,
      channel_id: channelId,
      seq: index + 1,
      author_uid: 'student-1',
      author_name: 'Student One',
      body: `@${AGENT} question ${index + 1}`,
    })),
  );
  await db.update(channels).set({ last_seq: 2 }).where(eq(channels.channel_id, channelId));
  const jobIds = (await db.select().from(aiJobs).where(inArray(aiJobs.message_id, ids))).map(
    (job) => job.job_id,
  );
  expect(jobIds).toHaveLength(2);
  const jobs = async () => db.select().from(aiJobs).where(inArray(aiJobs.job_id, jobIds));
  const replies = async () =>
    db
      .select()
      .from(messages)
      .where(inArray(messages.id, jobIds.map(agentReplyId)));
  return { jobs, replies };
}

async function withWorker(
  concurrency: number,
  run: (openai: TestOpenAiServer, worker: AgentWorker) => Promise<void>,
) {
  const openai = await startTestOpenAiServer({ gated: true, chunkSize: CHUNK });
  openais.push(openai);
  const worker = new AgentWorker(database, pino({ level: 'silent' }), {
    nodeId: `node-${concurrency}`,
    leaseMs: 60_000,
    maxAttempts: 3,
    triggersPerMinute: 100,
    pollMs: 50,
    concurrency,
    llm: { baseUrl: openai.url, model: 'test-model', apiKey: undefined, streamUpdatesPerSecond: 4 },
  });
  await worker.start();
  try {
    await run(openai, worker);
  } finally {
    openai.releaseAll(); // a worker stops only once its model calls end
    await worker.stop();
  }
}

describe(`agent jobs answered at once on one node (${testDatabaseKind})`, () => {
  it('one slot: the second question waits while the first answer is being written', async () => {
    const { jobs, replies } = await twoQuestions();
    await withWorker(1, async (openai, worker) => {
      await expect
        .poll(async () => (await replies()).map((row) => row.body), { timeout: 15_000 })
        .toEqual([STREAMED_ANSWER.slice(0, CHUNK)]);
      // The first answer is held mid-stream; the one slot is taken, so a pass that looks now (with
      // the second question queued all along) claims nothing.
      await worker.nextPass();
      expect((await jobs()).map((job) => job.status).sort()).toEqual(['queued', 'running']);
      expect(openai.requests).toHaveLength(1);
      openai.releaseAll();
      await expect
        .poll(async () => (await jobs()).map((job) => job.status), { timeout: 15_000 })
        .toEqual(['done', 'done']);
    });
    expect((await replies()).map((row) => row.body)).toEqual([STREAMED_ANSWER, STREAMED_ANSWER]);
  });

  it('two slots: both answers are written side by side', async () => {
    const { jobs, replies } = await twoQuestions();
    await withWorker(2, async (openai) => {
      // Both streams are open at once, each reply half-written, before any chunk is let out.
      await expect
        .poll(async () => (await replies()).map((row) => [row.body, row.ai?.status]), {
          timeout: 15_000,
        })
        .toEqual([
          [STREAMED_ANSWER.slice(0, CHUNK), 'streaming'],
          [STREAMED_ANSWER.slice(0, CHUNK), 'streaming'],
        ]);
      expect(openai.requests).toHaveLength(2);
      expect((await jobs()).map((job) => [job.status, job.worker])).toEqual([
        ['running', 'node-2'],
        ['running', 'node-2'],
      ]);
      openai.releaseAll();
      await expect
        .poll(async () => (await jobs()).map((job) => job.status), { timeout: 15_000 })
        .toEqual(['done', 'done']);
    });
    const done = await replies();
    expect(done.map((row) => [row.body, row.ai?.status])).toEqual([
      [STREAMED_ANSWER, 'done'],
      [STREAMED_ANSWER, 'done'],
    ]);
  });
});
