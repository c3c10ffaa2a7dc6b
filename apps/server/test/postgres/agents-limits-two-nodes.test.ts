// Limits across server processes on one PostgreSQL (issue 32, docs/ai.md#limits-and-schedules): 20
// triggers sent through two nodes at once, each node answering several jobs at a time, against a
// student's limit of 5 get exactly 5 answers and one reply saying the limit is reached — the
// admission runs under the activity row's lock and counts the answers still being written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOT_NAME, DEFAULT_AGENT_LIMITS, makeRecordId } from '@seminar/shared';
import type { Database } from '../../src/db/client';
import { activities, aiJobs, messages, products } from '../../src/db/schema';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import { GOOD_PASSWORD, uniqueEmail } from '../authClient';
import { createTestDatabase } from '../database';
import { createClassFixture } from '../fixtures';
import { connectLive, type LiveTestClient } from '../liveClient';

let database: Database & { url?: string };
const nodes: ServerProcess[] = [];
const clients: LiveTestClient[] = [];
const CSV = ['```csv', 'x,y', '1,2', '2,4', '3,7', '```'].join('\n');

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('this test needs PostgreSQL');
  for (let index = 0; index < 2; index += 1)
    nodes.push(
      await startServerProcess({
        from: 'source',
        env: {
          DATABASE_URL: database.url,
          LOG_LEVEL: 'warn',
          SEED_DEMO: '0',
          AI_TRIGGERS_PER_MINUTE: '100',
          AI_JOB_CONCURRENCY: '4',
        },
      }),
    );
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)));
  await database?.close();
});

describe('agent limits on two nodes', () => {
  it('answers exactly 5 of 20 racing triggers against a limit of 5, and says so once', async () => {
    const [first, second] = nodes as [ServerProcess, ServerProcess];
    const response = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({
        name: 'Asker, Ada',
        email: uniqueEmail('limits'),
        password: GOOD_PASSWORD,
      }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!;
    const uid = ((await response.json()) as { user: { id: string } }).user.id;
    const db = database.db;
    const { classId, channelIds } = await createClassFixture(db, {
      members: [{ user: { uid }, role: 'student' }],
      channels: [{ name: 'case', is_public: true }],
    });
    const channelId = channelIds[0]!;
    const productId = makeRecordId('product', 'test');
    await db.insert(products).values({
      product_id: productId,
      title: 'Analyst',
      name: 'analyst',
      ai_agent_refs: [BOT_NAME],
    });
    const activityId = makeRecordId('activity', 'test');
    await db.insert(activities).values({
      activity_id: activityId,
      class_id: classId,
      title: 'Case',
      product_id: productId,
      channel_id: channelId,
      ai_limits: { ...DEFAULT_AGENT_LIMITS, per_student_activity: 5 },
    });
    const senders = [first, second].map((node) => {
      const client = connectLive(node.url, { cookie, origin: node.url });
      clients.push(client);
      return client;
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        senders[index % 2]!.trpc.messages.send.mutate({
          id: makeRecordId('msg', uid),
          class_id: classId,
          channel_id: channelId,
          body: `@${BOT_NAME} question ${index}\n${CSV}`,
        }),
      ),
    );
    const jobs = () => db.select().from(aiJobs).where(eq(aiJobs.activity_id, activityId));
    // Every job ends: answered or refused.
    await expect
      .poll(
        async () =>
          (await jobs()).filter((job) => job.status === 'done' || job.status === 'refused').length,
        { timeout: 60_000 },
      )
      .toBe(20);
    const settled = await jobs();
    expect(settled.filter((job) => job.status === 'done')).toHaveLength(5);
    expect(settled.filter((job) => job.status === 'refused')).toHaveLength(15);
    const replies = (
      await db.select().from(messages).where(eq(messages.channel_id, channelId))
    ).filter((row) => row.ai !== null);
    expect(replies.filter((row) => row.body.startsWith('**Table:**'))).toHaveLength(5);
    expect(replies.filter((row) => row.body.startsWith('You have had the 5 answers'))).toHaveLength(
      1,
    );
    expect(replies).toHaveLength(6);
  }, 120_000);
});
