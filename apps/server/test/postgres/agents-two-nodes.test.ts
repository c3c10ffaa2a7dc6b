// AI agent jobs across server processes on one PostgreSQL (issue 11): a mention is answered once
// whichever nodes run, and a node killed in the middle of an answer loses its job to another node
// when its lease runs out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { BOT_NAME, agentReplyId, makeRecordId } from '@seminar/shared';
import type { Database } from '../../src/db/client';
import { activities, aiJobs, channels, messages, products } from '../../src/db/schema';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import { GOOD_PASSWORD, uniqueEmail } from '../authClient';
import { createTestDatabase } from '../database';
import { createClassFixture } from '../fixtures';
import { connectLive, type LiveTestClient } from '../liveClient';

let database: Database & { url?: string };
const nodes: ServerProcess[] = [];
const clients: LiveTestClient[] = [];
const CSV = ['```csv', 'x,y', '1,2', '2,4', '3,7', '```'].join('\n');

/** A node of this test's database; short leases so a dead node's job moves on in seconds. */
async function startNode(): Promise<ServerProcess> {
  const node = await startServerProcess({
    from: 'source',
    env: {
      DATABASE_URL: database.url!,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      AI_JOB_LEASE_SECONDS: '2',
      AI_TRIGGERS_PER_MINUTE: '100',
    },
  });
  nodes.push(node);
  return node;
}

/** A class with a case channel whose activity uses DataAnalystBot. */
async function caseChannel(studentUid: string) {
  const db = database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [{ user: { uid: studentUid }, role: 'student' }],
    channels: [{ name: 'case', is_public: true }],
  });
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
    channel_id: channelIds[0]!,
  });
  return { classId, channelId: channelIds[0]!, activityId };
}

async function replies(channelId: string) {
  const rows = await database.db.select().from(messages).where(eq(messages.channel_id, channelId));
  return rows.filter((row) => row.ai !== null);
}

async function jobs(activityId: string) {
  return database.db.select().from(aiJobs).where(eq(aiJobs.activity_id, activityId));
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('this test needs PostgreSQL');
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)));
  await database?.close();
});

describe('agent jobs on several nodes', () => {
  it('retries on another node the job of a node killed mid-answer, and answers once', async () => {
    const { channelId, classId, activityId } = await caseChannel('student-1');
    // The question is asked while no node runs: its job waits, queued.
    await database.db.insert(messages).values({
      id: makeRecordId('msg', 'student-1'),
      class_id: classId,
      channel_id: channelId,
      seq: 1,
      author_uid: 'student-1',
      author_name: 'Student One',
      body: `@${BOT_NAME} ${CSV}`,
    });
    await database.db
      .update(channels)
      .set({ last_seq: 1 })
      .where(eq(channels.channel_id, channelId));
    expect((await jobs(activityId)).map((job) => job.status)).toEqual(['queued']);
    // Hold the messages table: node A claims the job, then waits reading the question.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table messages in access exclusive mode');
      const nodeA = await startNode();
      await expect
        .poll(async () => (await jobs(activityId))[0]?.status, { timeout: 20_000 })
        .toBe('running');
      await nodeA.kill(); // mid-answer: the job is running, held by a node that is gone
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const [held] = await jobs(activityId);
    expect(held).toMatchObject({ status: 'running', attempts: 1 });
    await startNode();
    await expect
      .poll(async () => (await jobs(activityId))[0]?.status, { timeout: 30_000 })
      .toBe('done');
    const [job] = await jobs(activityId);
    expect(job!.attempts).toBe(2);
    const answered = await replies(channelId);
    expect(answered.map((row) => row.id)).toEqual([agentReplyId(job!.job_id)]);
    expect(answered[0]!.body).toContain('x');
  }, 120_000);

  it('two nodes answer each mention exactly once', async () => {
    // The first test left one node running; a second joins it.
    const live = [nodes.at(-1)!, await startNode()];
    // A student signs up through a node and asks through both, in a burst.
    const email = uniqueEmail('agents');
    const response = await fetch(`${live[0]!.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: live[0]!.url },
      body: JSON.stringify({ name: 'Asker, Ada', email, password: GOOD_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!;
    const uid = ((await response.json()) as { user: { id: string } }).user.id;
    const { classId, channelId, activityId } = await caseChannel(uid);
    const senders = live.map((node) => {
      const client = connectLive(node.url, { cookie, origin: node.url });
      clients.push(client);
      return client;
    });
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        senders[index % 2]!.trpc.messages.send.mutate({
          id: makeRecordId('msg', uid),
          class_id: classId,
          channel_id: channelId,
          body: `@${BOT_NAME} question ${index}\n${CSV}`,
        }),
      ),
    );
    await expect
      .poll(async () => (await jobs(activityId)).filter((job) => job.status === 'done').length, {
        timeout: 30_000,
      })
      .toBe(10);
    // No wait for a second answer: one would need a second claim, and a job is claimed only while
    // queued or running past its lease — never once done — so attempts of 1 at done prove once.
    // (A reply's id derives from its job's, so a second one could not be a second row anyway.)
    expect(await replies(channelId)).toHaveLength(10);
    expect((await jobs(activityId)).every((job) => job.attempts === 1)).toBe(true);
  }, 120_000);
});
