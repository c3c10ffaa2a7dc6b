// A backlog of any size reaches a client that reads: a subscriber away while 300 messages of 8 KB
// were posted (2.4 MB, more than LIVE_MAX_BUFFERED_BYTES) resumes with every one of them, in parts
// no larger than FRAME_BUDGET_BYTES, and its socket is not cut; a range of the same messages is
// answered in pages the client pulls. A socket that never reads is still cut (liveLimits.test.ts).
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeRecordId, type LiveEvent, type Message } from '@seminar/shared';
import type { Database } from '../src/db/client';
import { FRAME_BUDGET_BYTES } from '../src/live/subscriber';
import { createTestDatabase } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';
import { openRawSocket, type RawLiveSocket } from './rawSocket';

const COUNT = 300;
const BODY = 'é'.repeat(4_000); // 8 KB of UTF-8 each

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
const clients: LiveTestClient[] = [];
const sockets: RawLiveSocket[] = [];

let backlog: Awaited<ReturnType<typeof classWithBacklog>>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database);
  backlog = await classWithBacklog();
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(clients.map((client) => client.close()));
  await server.app.close();
  await database.close();
});

async function classWithBacklog(): Promise<{
  user: TestUser;
  classId: string;
  channelId: string;
  first: Message;
}> {
  const user = await signUpUser(server.app, server.url, 'Backlog, Bea');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user, role: 'instructor' }],
  });
  const channelId = channelIds[0]!;
  const post = (body: string) =>
    server.runtime.services!.sendQueue.send(
      user,
      { id: makeRecordId('msg', user.uid), class_id: classId, channel_id: channelId, body },
      null,
    );
  const first = await post('before');
  for (let index = 0; index < COUNT; index += 1) await post(`${index} ${BODY}`);
  return { user, classId, channelId, first };
}

it('resumes a subscriber that missed 2.4 MB of messages, in parts, without cutting it off', async () => {
  const { user, classId, channelId, first } = backlog;
  const socket = await openRawSocket(server.url, { origin: server.url, cookie: user.cookie });
  sockets.push(socket);
  socket.send({
    t: 's',
    id: 1,
    p: 'messages.live',
    i: { class_id: classId, channel_id: channelId, lastEventId: `${first.seq}:${first.version}` },
  });
  const frames = socket.received as Array<{ t: string; c?: string; e: LiveEvent<Message> }>;
  const rows = () =>
    frames.flatMap((f) => (f.e.type === 'end' || f.e.type === 'remove' ? [] : f.e.rows));
  await socket.waitFor(() => rows().length >= COUNT, 30_000);
  expect(frames[0]?.t).toBe('s');
  expect(frames[0]?.e).toMatchObject({ type: 'snapshot', replace: false });
  expect(frames.slice(1).every((frame) => frame.e.type === 'upsert')).toBe(true);
  expect(frames.length).toBeGreaterThan(8);
  for (const size of socket.sizes) expect(size).toBeLessThan(FRAME_BUDGET_BYTES + 16 * 1024);
  expect(rows().map((row) => row.seq)).toEqual(
    Array.from({ length: COUNT }, (_, index) => first.seq + 1 + index),
  );
  // The last part's cursor is where a later resume starts: after the last message.
  expect(frames.at(-1)?.c).toBe(`${first.seq + COUNT}:${rows().at(-1)!.version}`);
  // The socket is still served.
  socket.send({
    t: 'q',
    id: 2,
    p: 'messages.page',
    i: { class_id: classId, channel_id: channelId },
  });
  await socket.waitFor((frame) => (frame as { id?: number }).id === 2);
  expect(socket.isEnded()).toBe(false);
});

it('the app client resumes it too, every message once, and stays connected', async () => {
  const { user, classId, channelId, first } = backlog;
  const client = connectLive(server.url, { cookie: user.cookie });
  clients.push(client);
  const log = new EventLog<LiveEvent<Message>>();
  client.trpc.messages.live.subscribe(
    { class_id: classId, channel_id: channelId, lastEventId: `${first.seq}:${first.version}` },
    {
      onData: (value) => log.push((value as unknown as { data: LiveEvent<Message> }).data),
      onError: (error) => log.fail(error),
    },
  );
  const rowsOf = (events: LiveEvent<Message>[]) =>
    events.flatMap((event) => (event.type === 'end' || event.type === 'remove' ? [] : event.rows));
  await log.until((events) => rowsOf(events).length >= COUNT, 30_000);
  expect(rowsOf(log.events).map((row) => row.seq)).toEqual(
    Array.from({ length: COUNT }, (_, index) => first.seq + 1 + index),
  );
  expect(client.closes).toEqual([]);
});

it('answers a range too large for one frame with its newest part; the rest comes on asking', async () => {
  const { user, classId, channelId, first } = backlog;
  const socket = await openRawSocket(server.url, { origin: server.url, cookie: user.cookie });
  sockets.push(socket);
  const got: number[] = [];
  let before = first.seq + COUNT + 1;
  for (let id = 1; before > first.seq + 1; id += 1) {
    socket.send({
      t: 'q',
      id,
      p: 'messages.range',
      i: { class_id: classId, channel_id: channelId, fromSeq: first.seq + 1, beforeSeq: before },
    });
    const answer = (await socket.waitFor((frame) => (frame as { id?: number }).id === id)) as {
      d: Message[];
    };
    const size = socket.sizes[socket.received.indexOf(answer)]!;
    expect(size).toBeLessThan(FRAME_BUDGET_BYTES + 16 * 1024);
    const seqs = answer.d.map((row) => row.seq);
    expect(seqs.length).toBeGreaterThan(0);
    expect(seqs.at(-1)).toBe(before - 1);
    got.unshift(...seqs);
    before = seqs[0]!;
    expect(id).toBeLessThan(COUNT);
  }
  expect(got).toEqual(Array.from({ length: COUNT }, (_, index) => first.seq + 1 + index));
});
