// The moderation service failing (docs/ai.md#moderation): a student's question is never let through
// unchecked — the job fails its try (its lease runs out and it is tried again) and, out of tries,
// ends failed with the "could not answer" reply; the model is never asked. On PGlite and PostgreSQL,
// a worker of this test's own against the test OpenAI server answering the moderations with 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { makeRecordId } from '@seminar/shared';
import { AgentWorker } from '../src/ai/worker';
import type { Database } from '../src/db/client';
import { aiJobs, channels, messages } from '../src/db/schema';
import { startTestOpenAiServer, type TestOpenAiServer } from '../../../test-support/openaiServer';
import { createTestDatabase, testDatabaseKind } from './database';
import { createAgentCaseFixture } from './fixtures';

const AGENT = 'SocraticTutor';
let database: Database;
let openai: TestOpenAiServer;

beforeAll(async () => {
  database = await createTestDatabase();
  openai = await startTestOpenAiServer({ moderationFailWith: 503 });
}, 60_000);
afterAll(async () => {
  await openai?.close();
  await database?.close();
});

describe(`the moderation service down (${testDatabaseKind})`, () => {
  it('a student’s question waits, never reaches the model, and ends failed after its tries', async () => {
    const db = database.db;
    const { classId, channelId } = await createAgentCaseFixture(db, {
      members: [{ user: { uid: 'student-1' }, role: 'student' }],
      agents: [AGENT],
      productTitle: 'Tutor',
    });
    const id = makeRecordId('msg', 'student-1');
    await db.insert(messages).values({
      id,
      class_id: classId,
      channel_id: channelId,
      seq: 1,
      author_uid: 'student-1',
      author_name: 'Student One',
      body: `@${AGENT} what should the firm do?`,
    });
    await db.update(channels).set({ last_seq: 1 }).where(eq(channels.channel_id, channelId));
    const job = async () => (await db.select().from(aiJobs).where(eq(aiJobs.message_id, id)))[0];
    const worker = new AgentWorker(database, pino({ level: 'silent' }), {
      nodeId: 'node-outage',
      // A short lease: each failed try is taken up again soon.
      leaseMs: 300,
      maxAttempts: 2,
      triggersPerMinute: 100,
      pollMs: 50,
      llm: {
        baseUrl: openai.url,
        model: 'test-model',
        apiKey: undefined,
        streamUpdatesPerSecond: 4,
      },
      moderation: { baseUrl: openai.url, apiKey: undefined },
    });
    await worker.start();
    try {
      // Each try asks the service, which fails: the job is taken up again until out of tries.
      await expect.poll(async () => (await job())?.status, { timeout: 20_000 }).toBe('failed');
    } finally {
      await worker.stop();
    }
    expect(openai.requests).toHaveLength(0);
    expect(openai.moderations.length).toBeGreaterThanOrEqual(2);
    const replies = (
      await db.select().from(messages).where(eq(messages.channel_id, channelId))
    ).filter((row) => row.ai !== null);
    expect(replies.map((row) => row.ai?.status)).toEqual(['failed']);
    expect(replies[0]?.body).toMatch(/could not answer this message \(tried 2 times\)/);
  });
});
