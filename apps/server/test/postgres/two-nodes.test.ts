// Two server processes on one PostgreSQL: a change made through node A reaches a subscriber on node B,
// and a client of a node that dies resumes on the other with nothing lost and nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordId, type LiveEvent, type Message } from '@seminar/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import { GOOD_PASSWORD, uniqueEmail } from '../authClient';
import { createTestDatabase } from '../database';
import { createClassFixture, type TestUser } from '../fixtures';
import { connectLive, EventLog, type LiveTestClient } from '../liveClient';
import { openRawSocket } from '../rawSocket';

let database: Database & { url?: string };
let nodeA: ServerProcess;
let nodeB: ServerProcess;
let publicUrl: string;
const clients: LiveTestClient[] = [];

/** Signs up over real HTTP through a node. */
async function signUp(node: ServerProcess, name: string): Promise<TestUser> {
  const email = uniqueEmail('node');
  const response = await fetch(`${node.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicUrl },
    body: JSON.stringify({ name, email, password: GOOD_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='));
  const body = (await response.json()) as { user: { id: string } };
  return {
    uid: body.user.id,
    email,
    displayName: name,
    emailVerified: false,
    cookie: cookie!.split(';')[0]!,
  };
}

function live(node: ServerProcess, user: TestUser): LiveTestClient {
  const client = connectLive(node.url, { cookie: user.cookie, origin: publicUrl });
  clients.push(client);
  return client;
}

function watch(client: LiveTestClient, classId: string, channelId: string, lastEventId?: string) {
  const log = new EventLog<LiveEvent<Message>>();
  let lastId: string | undefined;
  const subscription = client.trpc.messages.live.subscribe(
    { class_id: classId, channel_id: channelId, ...(lastEventId ? { lastEventId } : {}) },
    {
      onData: (value) => {
        const tracked = value as unknown as { id: string; data: LiveEvent<Message> };
        lastId = tracked.id;
        log.push(tracked.data);
      },
      onError: (error) => log.fail(error),
    },
  );
  return { log, subscription, lastId: () => lastId };
}

const bodies = (events: LiveEvent<Message>[]) =>
  events.flatMap((event) =>
    event.type === 'snapshot' || event.type === 'upsert' ? event.rows.map((row) => row.body) : [],
  );

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('the two-node test needs PostgreSQL');
  nodeA = await startServerProcess({
    from: 'source',
    env: { DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
  });
  publicUrl = nodeA.url;
  // Both nodes sit behind one address, as behind a load balancer.
  nodeB = await startServerProcess({
    from: 'source',
    // No session sweep in this test's time: only node A's signal can end a socket here.
    env: {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: publicUrl,
      LIVE_SESSION_SWEEP_MS: String(60 * 60_000),
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await nodeA?.stop();
  await nodeB?.stop();
  await database?.close();
});

describe('two nodes on one PostgreSQL', () => {
  it('delivers a message sent through node A to a subscriber on node B', async () => {
    const alice = await signUp(nodeA, 'Liddell, Alice');
    const bob = await signUp(nodeA, 'Builder, Bob');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: alice, role: 'instructor' },
        { user: bob, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    const onB = watch(live(nodeB, bob), classId, channelId);
    await onB.log.until((events) => events.some((event) => event.type === 'snapshot'));
    await live(nodeA, alice).trpc.messages.send.mutate({
      id: makeRecordId('msg', alice.uid),
      class_id: classId,
      channel_id: channelId,
      body: 'across nodes',
    });
    await onB.log.until((events) => bodies(events).includes('across nodes'));
  });

  it('cuts a socket on node B on its sign-out on node A, ignoring its writes', async () => {
    const erin = await signUp(nodeA, 'Erin, Brockovich');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: erin, role: 'student' }],
    });
    const socket = await openRawSocket(nodeB.url, { origin: publicUrl, cookie: erin.cookie });
    let request = 0;
    const post = () =>
      socket.send({
        t: 'm',
        id: ++request,
        p: 'messages.send',
        i: {
          id: makeRecordId('msg', erin.uid),
          class_id: classId,
          channel_id: channelIds[0]!,
          body: 'from node B',
        },
      });
    post();
    await socket.waitFor((frame) => (frame as { id?: number }).id === 1);
    const signOut = await fetch(`${nodeA.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: erin.cookie, origin: publicUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    // It keeps writing, each write once the last is answered (or not: a revoked socket answers
    // nothing), until node B drops it. Only node A's signal can: B's session sweep is off. How soon
    // is latency (bench/), not a test's business.
    let writes = 0;
    while (!socket.isEnded()) {
      post();
      writes += 1;
      const id = request;
      await socket.waitFor((frame) => (frame as { id?: number }).id === id).catch(() => undefined);
    }
    expect(writes).toBeGreaterThan(0);
    expect(socket.closeCodes).toContain(4401);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from messages where class_id = ${classId}`,
    );
    expect(row?.n).toBe(1);
  });

  it('resumes on node B after node A dies, with nothing lost and nothing twice', async () => {
    const carol = await signUp(nodeB, 'Shannon, Carol');
    const dave = await signUp(nodeB, 'Knuth, Dave');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: carol, role: 'instructor' },
        { user: dave, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    const sender = live(nodeB, carol);
    const send = (body: string) =>
      sender.trpc.messages.send.mutate({
        id: makeRecordId('msg', carol.uid),
        class_id: classId,
        channel_id: channelId,
        body,
      });

    const onA = watch(live(nodeA, dave), classId, channelId);
    await onA.log.until((events) => events.some((event) => event.type === 'snapshot'));
    await send('m1');
    await send('m2');
    await onA.log.until((events) => bodies(events).includes('m2'));
    const cursor = onA.lastId();

    await nodeA.kill();
    await send('m3');
    await send('m4');

    const onB = watch(live(nodeB, dave), classId, channelId, cursor);
    await onB.log.until((events) => bodies(events).includes('m4'));
    await send('m5');
    await onB.log.until((events) => bodies(events).includes('m5'));
    const all = [...bodies(onA.log.events), ...bodies(onB.log.events)];
    expect(all).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });
});
