// What one user or one socket may cost a node: sockets per user, live queries per socket, requests
// in flight, mutations per second, the largest frame, no batches, and a socket that stops reading is
// cut off and forgotten. Each limit refuses with a clear, typed answer and changes nothing.
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import { queryRows, type Database } from '../src/db/client';
import { channels } from '../src/db/schema';
import { signalPathsOf } from '../src/live/transport/socket';
import { appRouter } from '../src/router';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { openRawSocket, type RawLiveSocket } from './rawSocket';

let database: Database;
/** A node with small limits. */
let tight: Awaited<ReturnType<typeof startListening>>;
/** A node with a small send buffer but room to write fast (the slow reader). */
let fast: Awaited<ReturnType<typeof startListening>>;
const sockets: RawLiveSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  tight = await startListening(database, {
    LIVE_MAX_SOCKETS_PER_USER: '3',
    LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET: '4',
    LIVE_MAX_REQUESTS_IN_FLIGHT: '4',
    LIVE_MAX_FRAME_BYTES: '16384',
    LIVE_MUTATIONS_PER_SECOND: '5',
    LIVE_MUTATION_BURST: '10',
    LIVE_SIGNALS_PER_SECOND: '5',
    LIVE_SIGNAL_BURST: '20',
  });
  fast = await startListening(database, {
    LIVE_MAX_BUFFERED_BYTES: '65536',
    LIVE_MUTATIONS_PER_SECOND: '10000',
    LIVE_MUTATION_BURST: '10000',
    LIVE_MAX_REQUESTS_IN_FLIGHT: '1000',
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await tight.app.close();
  await fast.app.close();
  await database.close();
});

async function open(node: typeof tight, user: TestUser): Promise<RawLiveSocket> {
  const socket = await openRawSocket(node.url, { origin: node.url, cookie: user.cookie });
  sockets.push(socket);
  return socket;
}

async function member(node: typeof tight, channelCount = 1) {
  const user = await signUpUser(node.app, node.url, 'Limit, Lara');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user, role: 'instructor' }],
    channels: Array.from({ length: channelCount }, (_, index) => ({
      name: `c${index}`,
      is_public: true,
    })),
  });
  return { user, classId, channelIds };
}

type Answer = { id?: number; t?: string; e?: { message: string; data: { code: string } } };
const answerTo = (socket: RawLiveSocket, id: number) =>
  socket.waitFor((frame) => (frame as Answer).id === id) as Promise<Answer>;

async function messageCount(classId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from messages where class_id = ${classId}`,
  );
  return row?.n ?? 0;
}

let requestId = 0;
const send = (
  socket: RawLiveSocket,
  uid: string,
  classId: string,
  channelId: string,
  body = 'x',
) => {
  const id = ++requestId;
  socket.send({
    t: 'm',
    id,
    p: 'messages.send',
    i: { id: makeRecordId('msg', uid), class_id: classId, channel_id: channelId, body },
  });
  return id;
};

describe(`live socket limits (${testDatabaseKind})`, () => {
  it('refuses a user more than LIVE_MAX_SOCKETS_PER_USER sockets (429), and lets one in when one closes', async () => {
    const { user } = await member(tight);
    const first = await open(tight, user);
    await open(tight, user);
    await open(tight, user);
    await expect(open(tight, user)).rejects.toThrow('429');
    first.destroy();
    await first.ended;
    await expect
      .poll(
        async () =>
          await open(tight, user).then(
            () => true,
            () => false,
          ),
        {
          timeout: 5_000,
        },
      )
      .toBe(true);
  });

  it('refuses more than LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET live queries on one socket', async () => {
    const { user, classId, channelIds } = await member(tight, 5);
    const socket = await open(tight, user);
    for (const [index, channelId] of channelIds.slice(0, 4).entries()) {
      socket.send({
        t: 's',
        id: 100 + index,
        p: 'messages.live',
        i: { class_id: classId, channel_id: channelId },
      });
      expect((await answerTo(socket, 100 + index)).t).toBe('s');
    }
    socket.send({
      t: 's',
      id: 200,
      p: 'messages.live',
      i: { class_id: classId, channel_id: channelIds[4] },
    });
    const refused = await answerTo(socket, 200);
    expect(refused.e?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.e?.message).toBe('Too many live queries on this connection.');
    // Ending one makes room.
    const key = (socket.received.find((frame) => (frame as Answer).id === 100) as { k: string }).k;
    socket.send({ t: 'u', p: 'messages.live', k: key });
    socket.send({
      t: 's',
      id: 201,
      p: 'messages.live',
      i: { class_id: classId, channel_id: channelIds[4] },
    });
    expect((await answerTo(socket, 201)).t).toBe('s');
  });

  it('limits mutations per user (TOO_MANY_REQUESTS) and writes none of the refused ones', async () => {
    const { user, classId, channelIds } = await member(tight);
    const socket = await open(tight, user);
    const started = Date.now();
    const answers: Answer[] = [];
    for (let index = 0; index < 30; index += 1)
      answers.push(await answerTo(socket, send(socket, user.uid, classId, channelIds[0]!)));
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((answer) => !answer.e).length;
    const refused = answers.filter((answer) => answer.e?.data.code === 'TOO_MANY_REQUESTS');
    // A burst of 10, then 5 a second.
    expect(accepted).toBeLessThanOrEqual(10 + Math.ceil(seconds * 5));
    expect(refused.length).toBe(30 - accepted);
    expect(refused[0]?.e?.message).toMatch(/Too many changes/);
    expect(await messageCount(classId)).toBe(accepted);
  });

  // Issue 33: typing notices, clearing typing and read marks spent the budget of sends — at about
  // 5 messages a second, 51 of 120 sends were refused.
  it('gives typing, online and read marks their own budget: a flood of them is refused, sends are not', async () => {
    const { user, classId, channelIds } = await member(tight);
    const socket = await open(tight, user);
    const ref = { class_id: classId, channel_id: channelIds[0]! };
    const signal = (p: string, i: Record<string, unknown>) => {
      const id = ++requestId;
      socket.send({ t: 'm', id, p, i });
      return answerTo(socket, id);
    };
    const started = Date.now();
    const signals: Answer[] = [];
    for (let index = 0; index < 40; index += 1) {
      const kind = index % 4;
      signals.push(
        await (kind === 0
          ? signal('channels.notify', { ...ref, type: 'user_typing' })
          : kind === 1
            ? signal('channels.clearTyping', ref)
            : kind === 2
              ? signal('channels.markRead', { ...ref, seq: 0 })
              : signal('channels.notify', { ...ref, type: 'user_online' })),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    const accepted = signals.filter((answer) => !answer.e).length;
    const refused = signals.filter((answer) => answer.e?.data.code === 'TOO_MANY_REQUESTS');
    // A burst of 20, then 5 a second: a flood is still refused.
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(accepted).toBeLessThanOrEqual(20 + Math.ceil(seconds * 5));
    expect(refused.length).toBe(40 - accepted);
    // The budget of changes is whole: the burst of 10 sends goes through.
    const sends: Answer[] = [];
    for (let index = 0; index < 10; index += 1)
      sends.push(await answerTo(socket, send(socket, user.uid, classId, channelIds[0]!)));
    expect(sends.filter((answer) => answer.e)).toEqual([]);
    expect(await messageCount(classId)).toBe(10);
  });

  it('counts as signals exactly typing, online, leaving and read marks', () => {
    expect([...signalPathsOf(appRouter)].sort()).toEqual([
      'channels.clearTyping',
      'channels.leave',
      'channels.markRead',
      'channels.notify',
    ]);
  });

  it('answers at most LIVE_MAX_REQUESTS_IN_FLIGHT requests at once on a socket', async () => {
    const { user, classId, channelIds } = await member(tight);
    const socket = await open(tight, user);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another transaction holds the channel row: sends wait on its lock, in flight.
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from ${channels} where channel_id = ${channelIds[0]!} for update`,
      );
      locked();
      await released;
    });
    await isLocked;
    const ids = Array.from({ length: 6 }, () => send(socket, user.uid, classId, channelIds[0]!));
    const refused = await Promise.all([answerTo(socket, ids[4]!), answerTo(socket, ids[5]!)]);
    for (const answer of refused) expect(answer.e?.data.code).toBe('TOO_MANY_REQUESTS');
    release();
    await holder;
    const answers = await Promise.all(ids.slice(0, 4).map((id) => answerTo(socket, id)));
    for (const answer of answers) expect(answer.e).toBeUndefined();
    expect(await messageCount(classId)).toBe(4);
  });

  it('closes a socket that sends a frame over LIVE_MAX_FRAME_BYTES (1009)', async () => {
    const { user, classId, channelIds } = await member(tight);
    const socket = await open(tight, user);
    send(socket, user.uid, classId, channelIds[0]!, 'y'.repeat(20_000));
    await socket.ended;
    expect(socket.closeCodes).toContain(1009);
    expect(await messageCount(classId)).toBe(0);
  });

  it('takes one operation per frame: a batch is a protocol error that writes nothing', async () => {
    const { user, classId, channelIds } = await member(tight);
    const socket = await open(tight, user);
    const batch = Array.from({ length: 50 }, (_, index) => ({
      t: 'm',
      id: 1 + index,
      p: 'messages.send',
      i: {
        id: makeRecordId('msg', user.uid),
        class_id: classId,
        channel_id: channelIds[0],
        body: 'b',
      },
    }));
    socket.send(batch);
    await socket.ended;
    expect(socket.closeCodes).toContain(1008);
    expect(await messageCount(classId)).toBe(0);
  });

  it('answers bad requests with a typed error and keeps the socket', async () => {
    const { user, classId } = await member(tight);
    const socket = await open(tight, user);
    socket.send({ t: 's', id: 1, p: 'nothing.here', i: {} });
    expect((await answerTo(socket, 1)).e?.data.code).toBe('NOT_FOUND');
    socket.send({ t: 's', id: 2, p: 'messages.live', i: { class_id: classId } });
    const bad = (await answerTo(socket, 2)) as Answer & {
      e?: { data: { issues: Array<{ path: string[] }> } };
    };
    expect(bad.e?.data.code).toBe('BAD_REQUEST');
    expect(bad.e?.data.issues.map((issue) => issue.path.join('.'))).toContain('channel_id');
    socket.send({ t: 'q', id: 3, p: 'me' });
    expect((await answerTo(socket, 3)).e).toBeUndefined();
  });

  it('cuts off a socket that stops reading once LIVE_MAX_BUFFERED_BYTES pile up, and forgets it', async () => {
    const { user, classId, channelIds } = await member(fast);
    const channelId = channelIds[0]!;
    const reader = await open(fast, user);
    reader.send({
      t: 's',
      id: 1,
      p: 'messages.live',
      i: { class_id: classId, channel_id: channelId },
    });
    await answerTo(reader, 1);
    const hub = fast.runtime.services!.hub;
    const before = hub.size;
    reader.pause();
    const writer = await open(fast, user);
    const body = 'z'.repeat(8_000);
    // Far more than the kernel's socket buffers hold: the server's own buffer must grow. Rounds of
    // 20 (160 KB): one change frame of more than FRAME_BUDGET_BYTES would instead ask the reader to
    // resume from its cursor (liveLargeAnswers.test.ts), which is not what this checks.
    for (let round = 0; round < 100 && hub.size === before; round += 1) {
      const ids = Array.from({ length: 20 }, () =>
        send(writer, user.uid, classId, channelId, body),
      );
      await answerTo(writer, ids[ids.length - 1]!);
    }
    expect(hub.size).toBe(before - 1);
    // …and counted it for /metrics (seminar_live_sockets_cut_total{reason="slow_reader"}).
    expect(fast.runtime.metrics.live.cuts.slow_reader).toBe(1);
    // The server hung up: the client sees it once it reads again.
    reader.resume();
    await reader.ended;
    // The writer, which reads, is untouched.
    const id = send(writer, user.uid, classId, channelId, 'still here');
    expect((await answerTo(writer, id)).e).toBeUndefined();
  });
});
