// Polls and cold-call on two server processes on one PostgreSQL (docs/polls.md): a vote cast
// through node A moves the counts of a subscriber on node B, a close too, and a student's post
// through node A clears the spotlight a subscriber on node B sees (the migration's trigger notices).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordId, type LiveEvent, type PollView, type SpotlightView } from '@seminar/shared';
import type { Database } from '../../src/db/client';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import { GOOD_PASSWORD, uniqueEmail } from '../authClient';
import { createTestDatabase } from '../database';
import { createClassFixture, type TestUser } from '../fixtures';
import { connectLive, EventLog, type LiveTestClient } from '../liveClient';

let database: Database & { url?: string };
let nodeA: ServerProcess;
let nodeB: ServerProcess;
let publicUrl: string;
const clients: LiveTestClient[] = [];

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

/** The rows a collection log holds now. */
function rowsOf<Row extends { id: string }>(events: LiveEvent<Row>[]): Row[] {
  const rows = new Map<string, Row>();
  for (const event of events) {
    if (event.type === 'snapshot') {
      rows.clear();
      for (const row of event.rows) rows.set(row.id, row);
    } else if (event.type === 'upsert') for (const row of event.rows) rows.set(row.id, row);
    else if (event.type === 'remove') for (const id of event.ids) rows.delete(id);
  }
  return [...rows.values()];
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('the two-node test needs PostgreSQL');
  nodeA = await startServerProcess({
    from: 'source',
    env: { DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
  });
  publicUrl = nodeA.url;
  nodeB = await startServerProcess({
    from: 'source',
    env: { DATABASE_URL: database.url, LOG_LEVEL: 'warn', PUBLIC_URL: publicUrl },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await nodeA?.stop();
  await nodeB?.stop();
  await database?.close();
});

describe('polls and cold-call on two nodes', () => {
  it('shows votes, a close and a cleared spotlight on the other node', async () => {
    const teacher = await signUp(nodeA, 'Teach, Tara');
    const ada = await signUp(nodeA, 'Lovelace, Ada');
    const bob = await signUp(nodeA, 'Builder, Bob');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: ada, role: 'student' },
        { user: bob, role: 'student' },
      ],
    });
    const ref = { class_id: classId, channel_id: channelIds[0]! };

    const polls = new EventLog<LiveEvent<PollView>>();
    live(nodeB, bob).trpc.polls.live.subscribe(ref, {
      onData: (event) => polls.push(event as LiveEvent<PollView>),
      onError: (error) => polls.fail(error),
    });
    const banner = new EventLog<LiveEvent<SpotlightView>>();
    live(nodeB, bob).trpc.coldCall.live.subscribe(ref, {
      onData: (event) => banner.push(event as LiveEvent<SpotlightView>),
      onError: (error) => banner.fail(error),
    });
    await polls.until((events) => events.some((event) => event.type === 'snapshot'));
    await banner.until((events) => events.some((event) => event.type === 'snapshot'));

    const onA = (user: TestUser) => live(nodeA, user).trpc;
    const poll = await onA(teacher).polls.create.mutate({
      id: makeRecordId('msg', teacher.uid),
      ...ref,
      question: 'Ready?',
      options: ['Yes', 'No'],
    });
    await onA(ada).polls.vote.mutate({ id: poll.id, option_ids: ['o2'] });
    await polls.until((events) => rowsOf(events)[0]?.options[1]?.count === 1);
    await onA(teacher).polls.close.mutate({ id: poll.id });
    await polls.until((events) => rowsOf(events)[0]?.closed === true);

    await onA(teacher).coldCall.spotlight.mutate({ ...ref, uid: ada.uid });
    await banner.until((events) => rowsOf(events)[0]?.uid === ada.uid);
    await onA(ada).messages.send.mutate({
      id: makeRecordId('msg', ada.uid),
      ...ref,
      body: 'My answer',
    });
    await banner.until((events) => rowsOf(events).length === 0);
  });
});
