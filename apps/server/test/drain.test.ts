// The drain (docs/realtime.md#drain) in one process, on PGlite and PostgreSQL: from the moment it
// begins the node is not ready (503 with the reason), refuses new sockets and requests, answers the
// sends a socket was running and then closes it with 4503 (running none it did not answer), and an
// agent job it cannot finish within the grace is handed back. postgres/drain.test.ts does the same
// with real processes and SIGTERM, and a rolling restart of two nodes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import { queryRows, type Database } from '../src/db/client';
import { aiJobs, channels, messages } from '../src/db/schema';
import { drainAndClose } from '../src/drain';
import { startTestOpenAiServer, type TestOpenAiServer } from '../../../test-support/openaiServer';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createAgentCaseFixture, signUpUser } from './fixtures';
import { openRawSocket } from './rawSocket';

const AGENT = 'SocraticTutor';
let database: Database;
let openai: TestOpenAiServer;

beforeAll(async () => {
  database = await createTestDatabase();
  openai = await startTestOpenAiServer({ gated: true });
});
afterAll(async () => {
  openai?.releaseAll();
  await openai?.close();
  await database?.close();
});

it(`drains: not ready at once, sends answered then 4503, a held job handed back (${testDatabaseKind})`, async () => {
  const node = await startListening(database, {
    SHUTDOWN_GRACE_SECONDS: '2',
    AI_JOB_LEASE_SECONDS: '600',
    AI_BASE_URL: openai.url,
    AI_MODEL: 'test-model',
    LIVE_MUTATION_BURST: '100000',
    LIVE_MUTATIONS_PER_SECOND: '100000',
  });
  const student = await signUpUser(node.app, node.url, 'Curie, Marie');
  const db = database.db;
  // A question to an LLM agent whose (gated) model never finishes: the node holds the job.
  const { classId, channelId } = await createAgentCaseFixture(db, {
    members: [{ user: student, role: 'student' }],
    agents: [AGENT],
    productTitle: 'Tutor',
    channelName: 'agora',
  });
  const questionId = makeRecordId('msg', student.uid);
  await db.insert(messages).values({
    id: questionId,
    class_id: classId,
    channel_id: channelId,
    seq: 1,
    author_uid: student.uid,
    author_name: 'Marie Curie',
    body: `@${AGENT} what does radium tell us?`,
  });
  await db.update(channels).set({ last_seq: 1 }).where(eq(channels.channel_id, channelId));
  const job = async () =>
    (await db.select().from(aiJobs).where(eq(aiJobs.message_id, questionId)))[0]!;
  await expect.poll(async () => (await job()).status, { timeout: 20_000 }).toBe('running');

  const socket = await openRawSocket(node.url, { origin: node.url, cookie: student.cookie });
  // Fewer than LIVE_MAX_REQUESTS_IN_FLIGHT (32), so none is refused for that.
  for (let index = 0; index < 30; index += 1)
    socket.send({
      t: 'm',
      id: index + 1,
      p: 'messages.send',
      i: {
        id: makeRecordId('msg', student.uid),
        class_id: classId,
        channel_id: channelId,
        body: `burst ${index}`,
      },
    });
  // Some of the burst is being run, the rest is still arriving.
  await socket.waitFor((frame) => (frame as { t?: string }).t === 'r');
  const drained = drainAndClose({
    runtime: node.runtime,
    app: node.app,
    database: null,
    log: node.app.log,
    graceMs: node.config.shutdownGraceMs,
    reason: 'The server is shutting down (test).',
  });

  const ready = await node.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({
    status: 'draining',
    reason: 'The server is shutting down (test).',
  });
  const time = await node.app.inject({ method: 'GET', url: '/api/time' });
  expect(time.statusCode).toBe(503);
  expect(time.headers.connection).toBe('close');
  expect((await node.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  await expect(
    openRawSocket(node.url, { origin: node.url, cookie: student.cookie }),
  ).rejects.toThrow(/upgrade refused: HTTP\/1\.1 503/);

  await socket.ended;
  expect(socket.closeCodes).toEqual([4503]);
  const answers = socket.received.filter((frame) => (frame as { t?: string }).t === 'r') as Array<{
    d?: { id: string };
    e?: unknown;
  }>;
  expect(answers.filter((answer) => answer.e !== undefined)).toEqual([]);
  const stored = await queryRows<{ id: string }>(
    db,
    sql`select id from messages where channel_id = ${channelId} and id <> ${questionId} and ai is null`,
  );
  // Exactly the answered ones (the agent's half-written reply aside): the rest were not run.
  expect(stored.map((row) => row.id).sort()).toEqual(answers.map((answer) => answer.d!.id).sort());

  expect(await drained).toBe('handed back');
  expect(await job()).toMatchObject({
    status: 'queued',
    worker: null,
    lease_until: null,
    attempts: 0,
  });
}, 60_000);
