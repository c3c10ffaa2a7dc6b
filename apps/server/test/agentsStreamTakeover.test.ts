// A streamed LLM answer whose node stalls mid-answer (its lease runs out while the model is still
// writing) is taken over by another worker: it rewrites the same reply to the complete answer, the
// first worker stops writing at its next update, and the channel holds one reply. The process-kill
// version of this (SIGKILL, real server processes) is PostgreSQL-only —
// test/postgres/agents-stream-kill.test.ts — because PGlite is one process: killing the node would
// kill the database. Here two workers in this process share the database: on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
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
let openai: TestOpenAiServer;

beforeAll(async () => {
  database = await createTestDatabase();
  openai = await startTestOpenAiServer({ gated: true, chunkSize: CHUNK });
}, 60_000);
afterAll(async () => {
  openai?.releaseAll();
  await openai?.close();
  await database?.close();
});

/** What a worker logged at error level, one parsed line each. */
type Logged = Array<{ msg: string; err?: { message?: string } }>;

function worker(nodeId: string, logged: Logged): AgentWorker {
  const log = pino(
    { level: 'error' },
    { write: (line: string) => void logged.push(JSON.parse(line) as Logged[number]) },
  );
  return new AgentWorker(database, log, {
    nodeId,
    // Long: its renewals (every third of it) never run during the test, so the lease ends only
    // when the test ends it.
    leaseMs: 60_000,
    maxAttempts: 3,
    triggersPerMinute: 100,
    pollMs: 50,
    llm: { baseUrl: openai.url, model: 'test-model', apiKey: undefined, streamUpdatesPerSecond: 4 },
  });
}

describe(`a streamed answer taken over mid-stream (${testDatabaseKind})`, () => {
  it('is rewritten complete by the worker that takes the job, once, under the same id', async () => {
    const db = database.db;
    const { classId, channelId } = await createAgentCaseFixture(db, {
      members: [{ user: { uid: 'student-1' }, role: 'student' }],
      agents: [AGENT],
      productTitle: 'Tutor',
      channelName: 'agora',
    });
    const questionId = makeRecordId('msg', 'student-1');
    await db.insert(messages).values({
      id: questionId,
      class_id: classId,
      channel_id: channelId,
      seq: 1,
      author_uid: 'student-1',
      author_name: 'Student One',
      body: `@${AGENT} is a fair price the same as a market price?`,
    });
    await db.update(channels).set({ last_seq: 1 }).where(eq(channels.channel_id, channelId));
    const [queued] = await db.select().from(aiJobs).where(eq(aiJobs.message_id, questionId));
    const replyId = agentReplyId(queued!.job_id);
    const reply = async () => (await db.select().from(messages).where(eq(messages.id, replyId)))[0];
    const job = async () =>
      (await db.select().from(aiJobs).where(eq(aiJobs.job_id, queued!.job_id)))[0]!;

    const firstLog: Logged = [];
    const secondLog: Logged = [];
    const first = worker('node-first', firstLog);
    const second = worker('node-second', secondLog);
    try {
      await first.start();
      // The first worker writes the first chunk, then the model "pauses" (the gate holds it).
      await expect
        .poll(async () => (await reply())?.body, { timeout: 15_000 })
        .toBe(STREAMED_ANSWER.slice(0, CHUNK));
      expect((await reply())!.ai).toMatchObject({ status: 'streaming' });
      expect(await job()).toMatchObject({ status: 'running', worker: 'node-first', attempts: 1 });
      // Its node stalls past its lease: another worker claims the job and streams it anew.
      await db
        .update(aiJobs)
        .set({ lease_until: sql`now() - interval '1 second'` })
        .where(eq(aiJobs.job_id, queued!.job_id));
      await second.start();
      await expect.poll(async () => (await job()).worker, { timeout: 15_000 }).toBe('node-second');
      await expect.poll(() => openai.requests.length, { timeout: 15_000 }).toBe(2);
      // The model goes on for both; the first worker's next write finds the job is not its own.
      openai.releaseAll();
      await expect.poll(async () => (await job()).status, { timeout: 15_000 }).toBe('done');
      await first.idle();
      await second.idle();
    } finally {
      openai.releaseAll(); // a worker stops only once its model call ends
      await first.stop();
      await second.stop();
    }
    // The first worker gave up at its first write after losing the job; the second had no trouble.
    expect(firstLog.map((line) => line.err?.message)).toEqual([
      'the job was taken over by another node',
    ]);
    expect(secondLog).toEqual([]);
    const done = await job();
    expect(done).toMatchObject({ attempts: 2, reply_id: replyId, input_tokens: 50 });
    const rows = await db.select().from(messages).where(eq(messages.channel_id, channelId));
    const replies = rows.filter((row) => row.ai !== null);
    expect(replies.map((row) => row.id)).toEqual([replyId]);
    expect(replies[0]).toMatchObject({
      body: STREAMED_ANSWER,
      seq: 2,
      author_uid: `agent:${AGENT}`,
      ai: { agent: AGENT, status: 'done' },
    });
    const [channel] = await db.select().from(channels).where(eq(channels.channel_id, channelId));
    expect(channel!.last_seq).toBe(2);
  }, 60_000);
});
