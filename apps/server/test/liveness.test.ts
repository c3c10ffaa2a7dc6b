// Socket liveness, on a node with short intervals (LIVE_PING_MS, LIVE_SESSION_SWEEP_MS): a socket
// that answers no ping is cut and what it held (its presence) is released; a session that expires
// without any write is revoked by the sweep; the client's own PING is answered. Every wait is for an
// event (a ping seen, the TCP end, a close frame, an answer), never a fixed time.
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  LIVE_PING,
  LIVE_PONG,
  type ChannelNotificationView,
  type LiveEvent,
} from '@seminar/shared';
import type { Database } from '../src/db/client';
import { sessions } from '../src/db/schema';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';
import { openRawSocket, type RawLiveSocket } from './rawSocket';

let database: Database;
/** Pings every 0.5 s: long enough that a busy test process still pongs in time. */
let pinging: Awaited<ReturnType<typeof startListening>>;
/** Sweeps sessions every 0.1 s. */
let sweeping: Awaited<ReturnType<typeof startListening>>;
const sockets: RawLiveSocket[] = [];
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pinging = await startListening(database, { LIVE_PING_MS: '500' });
  sweeping = await startListening(database, { LIVE_SESSION_SWEEP_MS: '100' });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(clients.map((client) => client.close()));
  await pinging.app.close();
  await sweeping.app.close();
  await database.close();
});

async function open(node: typeof pinging, user: TestUser): Promise<RawLiveSocket> {
  const socket = await openRawSocket(node.url, { origin: node.url, cookie: user.cookie });
  sockets.push(socket);
  return socket;
}

/** A round trip on the live protocol: PING, answered PONG unless the socket is no longer served. */
async function pingPong(socket: RawLiveSocket): Promise<void> {
  const before = socket.received.filter((frame) => frame === LIVE_PONG).length;
  socket.send(LIVE_PING);
  await socket.waitFor(
    () => socket.received.filter((frame) => frame === LIVE_PONG).length > before,
  );
}

const within = { timeout: 5_000, interval: 20 };

describe(`socket liveness (${testDatabaseKind})`, () => {
  it('cuts a socket that stops answering pings, and its presence ends for everyone', async () => {
    const teacher = await signUpUser(pinging.app, pinging.url, 'Watcher, Wendy');
    const pupil = await signUpUser(pinging.app, pinging.url, 'Silent, Sam');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: pupil, role: 'student' },
      ],
    });
    const ref = { class_id: classId, channel_id: channelIds[0]! };

    // The teacher's view of who is online (the test client answers pings, as browsers do).
    const watcher = connectLive(pinging.url, { cookie: teacher.cookie });
    clients.push(watcher);
    const log = new EventLog<LiveEvent<ChannelNotificationView>>();
    const shown = new Map<string, ChannelNotificationView>();
    watcher.trpc.channels.notifications.subscribe(ref, {
      onData: (event) => {
        if (event.type === 'snapshot' || event.type === 'upsert')
          for (const row of event.rows) shown.set(row.id, row);
        if (event.type === 'remove') for (const id of event.ids) shown.delete(id);
        log.push(event);
      },
      onError: (error) => log.fail(error),
    });
    const online = () =>
      [...shown.values()].some((row) => row.from === pupil.uid && row.type === 'user_online');
    await log.until((events) => events.some((event) => event.type === 'snapshot'));

    const answering = await open(pinging, teacher);
    const lost = await open(pinging, pupil);
    lost.send({ t: 'm', id: 1, p: 'channels.notify', i: { ...ref, type: 'user_online' } });
    const answer = (await lost.waitFor((frame) => (frame as { id?: number }).id === 1)) as {
      e?: unknown;
    };
    expect(answer.e).toBeUndefined();
    await expect.poll(online, within).toBe(true);

    // The network goes: no pong, no close, nothing more from this peer.
    lost.ignorePings();
    const pingsBefore = lost.pings();
    await lost.ended;
    expect(lost.pings()).toBeGreaterThan(pingsBefore);
    expect(lost.closeCodes).toEqual([]);
    await expect.poll(online, within).toBe(false);
    // A socket that answered the same pings is still served.
    expect(answering.pings()).toBeGreaterThan(0);
    await pingPong(answering);
    expect(answering.isEnded()).toBe(false);
    expect(answering.closeCodes).toEqual([]);
  });

  it('revokes a socket whose session expired while it wrote nothing (the sweep)', async () => {
    const expiring = await signUpUser(sweeping.app, sweeping.url, 'Expiring, Eve');
    const staying = await signUpUser(sweeping.app, sweeping.url, 'Staying, Stan');
    const gone = await open(sweeping, expiring);
    const kept = await open(sweeping, staying);
    await pingPong(gone);

    // No notice is sent and the socket writes nothing: only the sweep can find the expiry.
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, expiring.uid));
    await gone.ended;
    expect(gone.closeCodes).toEqual([4401]);
    // The sweep that revoked it passed over the live session: a close frame for that one would
    // have come before this answer, and a revoked socket answers nothing.
    await pingPong(kept);
    expect(kept.closeCodes).toEqual([]);
  });

  it('answers the client’s PING with PONG and keeps serving the socket', async () => {
    const user = await signUpUser(sweeping.app, sweeping.url, 'Pinger, Pat');
    const socket = await open(sweeping, user);
    await pingPong(socket);
    await pingPong(socket);
    // PING is not a protocol error (that would revoke with 1008): the next request is answered.
    socket.send({ t: 'q', id: 7, p: 'no.such.query', i: null });
    const answer = (await socket.waitFor((frame) => (frame as { id?: number }).id === 7)) as {
      e?: { data: { code: string } };
    };
    expect(answer.e?.data.code).toBe('NOT_FOUND');
    expect(socket.closeCodes).toEqual([]);
    expect(socket.received.filter((frame) => frame === LIVE_PONG)).toHaveLength(2);
  });
});
