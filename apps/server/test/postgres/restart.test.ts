// A server restart mid-conversation on PostgreSQL: the subscriber's client reconnects on its own and
// resumes from its last event, a send that was in flight is retried with its id, and every message
// arrives exactly once, in seq order with no gaps.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeRecordId, type LiveEvent, type Message } from '@seminar/shared';
import type { Database } from '../../src/db/client';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import { GOOD_PASSWORD, uniqueEmail } from '../authClient';
import { createTestDatabase } from '../database';
import { createClassFixture, type TestUser } from '../fixtures';
import { connectLive, EventLog, type LiveTestClient } from '../liveClient';

let database: Database & { url?: string };
let node: ServerProcess;
const clients: LiveTestClient[] = [];

async function signUp(name: string): Promise<TestUser> {
  const email = uniqueEmail('restart');
  const response = await fetch(`${node.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: node.url },
    body: JSON.stringify({ name, email, password: GOOD_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='))!;
  const body = (await response.json()) as { user: { id: string } };
  return {
    uid: body.user.id,
    email,
    displayName: name,
    emailVerified: false,
    cookie: cookie.split(';')[0]!,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('the restart test needs PostgreSQL');
  node = await startServerProcess({
    from: 'source',
    env: { DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await node?.stop();
  await database?.close();
});

it('loses nothing and duplicates nothing across a restart mid-conversation', async () => {
  const teacher = await signUp('Meitner, Lise');
  const pupil = await signUp('Franklin, Rosalind');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
  });
  const channelId = channelIds[0]!;
  const receiver = connectLive(node.url, { cookie: pupil.cookie });
  const sender = connectLive(node.url, { cookie: teacher.cookie });
  clients.push(receiver, sender);
  const log = new EventLog<LiveEvent<Message>>();
  receiver.trpc.messages.live.subscribe(
    { class_id: classId, channel_id: channelId },
    {
      onData: (value) => log.push((value as unknown as { data: LiveEvent<Message> }).data),
      onError: (error) => log.fail(error),
    },
  );
  await log.until((events) => events.some((event) => event.type === 'snapshot'));
  const rows = () =>
    log.events.flatMap((event) =>
      event.type === 'snapshot' || event.type === 'upsert' ? event.rows : [],
    );
  const send = (id: string, body: string) =>
    sender.trpc.messages.send.mutate({ id, class_id: classId, channel_id: channelId, body });

  const ids = Array.from({ length: 6 }, () => makeRecordId('msg', teacher.uid));
  await send(ids[0]!, 'one');
  await send(ids[1]!, 'two');
  await log.until(() => rows().some((row) => row.id === ids[1]));

  // Mid-conversation: a send is in flight when the server dies.
  const inFlight = send(ids[2]!, 'three').catch(() => 'lost');
  await node.kill();
  node = await startServerProcess({
    from: 'source',
    port: node.port,
    env: { DATABASE_URL: database.url!, LOG_LEVEL: 'warn' },
  });

  // The sender retries what it could not confirm, with the same id; then the conversation goes on.
  await inFlight;
  await send(ids[2]!, 'three');
  await send(ids[3]!, 'four');
  await send(ids[4]!, 'five');
  await log.until(() => rows().some((row) => row.id === ids[4]), 20_000);
  await send(ids[5]!, 'six');
  await log.until(() => rows().some((row) => row.id === ids[5]));

  const received = rows();
  expect(received.map((row) => row.body)).toEqual(['one', 'two', 'three', 'four', 'five', 'six']);
  expect(new Set(received.map((row) => row.id)).size).toBe(received.length);
  expect(received.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6]);
});
