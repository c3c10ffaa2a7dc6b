// Issue 30.1 on several nodes (docs/activities.md#case-brief-and-pins): a brief written and a
// message pinned and unpinned through node A reach a student subscribed on node B, through the
// NOTIFY bus like every other live change. PostgreSQL only (two server processes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordId, type Activity, type LiveEvent, type Pin } from '@seminar/shared';
import type { Database } from '../../src/db/client';
import { activities } from '../../src/db/schema';
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
  const email = uniqueEmail('brief');
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

describe('case brief and pins on two nodes', () => {
  it('reach a student on node B when the instructor writes through node A', async () => {
    const tara = await signUp(nodeA, 'Teach, Tara');
    const pia = await signUp(nodeA, 'Pupil, Pia');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: tara, role: 'instructor' },
        { user: pia, role: 'student' },
      ],
      channels: [{ name: 'case', is_public: true }],
    });
    const ref = { class_id: classId, channel_id: channelIds[0]! };
    const activityId = makeRecordId('activity', tara.uid);
    await database.db.insert(activities).values({
      activity_id: activityId,
      class_id: classId,
      title: 'Case',
      channel_id: ref.channel_id,
    });

    const student = live(nodeB, pia);
    const briefs = new EventLog<LiveEvent<Activity>>();
    student.trpc.activities.live.subscribe(
      { class_id: classId },
      { onData: (event) => briefs.push(event), onError: (error) => briefs.fail(error) },
    );
    const pins = new EventLog<LiveEvent<Pin>>();
    student.trpc.pins.live.subscribe(ref, {
      onData: (event) => pins.push(event),
      onError: (error) => pins.fail(error),
    });
    await briefs.until((events) => events.some((event) => event.type === 'snapshot'));
    await pins.until((events) => events.some((event) => event.type === 'snapshot'));

    const teacher = live(nodeA, tara);
    await teacher.trpc.activities.setBrief.mutate({
      class_id: classId,
      activity_id: activityId,
      body: 'Across nodes: read the case.',
    });
    await briefs.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' &&
          event.rows.some((row) => row.brief === 'Across nodes: read the case.'),
      ),
    );

    const message = await teacher.trpc.messages.send.mutate({
      id: makeRecordId('msg', tara.uid),
      ...ref,
      body: 'Pinned across nodes',
    });
    await teacher.trpc.pins.set.mutate({ id: message.id, on: true });
    await pins.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' &&
          event.rows.some((row) => row.excerpt === 'Pinned across nodes'),
      ),
    );
    await teacher.trpc.pins.set.mutate({ id: message.id, on: false });
    await pins.until((events) =>
      events.some((event) => event.type === 'remove' && event.ids.includes(message.id)),
    );
  });
});
