// A LISTEN gap too large to replay (docs/realtime.md#a-lost-listen-connection): while the node's
// LISTEN connection is down, more than MAX_RESYNC_ROWS (1,000) messages are written to a channel.
// The resync does not send them one by one: `messages.live`'s read of what came since says "too
// many", the subscriber's stream ends with `retry` ("Too far behind"), and subscribing again gets
// a replacing snapshot of the newest page. PostgreSQL only: PGlite has no LISTEN connection to lose.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LiveEvent, Message } from '@seminar/shared';
import { queryRows, type Database } from '../../src/db/client';
import { channels, messages } from '../../src/db/schema';
import { MAX_RESYNC_ROWS } from '../../src/live/streamDelivery';
import { createTestDatabase } from '../database';
import { startListening } from '../factories';
import { createClassFixture, signUpUser } from '../fixtures';
import { openRawSocket, type RawLiveSocket } from '../rawSocket';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let socket: RawLiveSocket | null = null;

beforeAll(async () => {
  // The LISTEN connection comes back 2 s after it is lost: the rows below are surely written in the
  // gap (the test checks it), so they reach the subscriber only through the resync.
  database = await createTestDatabase({ listenBackoffMs: () => 2_000 });
  server = await startListening(database);
});
afterAll(async () => {
  socket?.destroy();
  await server.app.close();
  await database.close();
});

/** Times the node's LISTEN connection came back and its live queries were resynced. */
const restored = () => server.runtime.metrics.live.listenRestoredCount;

/** A frame of the live protocol, as the server sent it. */
type Frame = { t: string; id?: number; k?: string; e?: LiveEvent<Message> };

it(`starts a subscriber afresh when more than ${MAX_RESYNC_ROWS} messages were missed in a LISTEN gap`, async () => {
  const teacher = await signUpUser(server.app, server.url, 'Hopper, Grace');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user: teacher, role: 'instructor' }],
  });
  const ref = { class_id: classId, channel_id: channelIds[0]! };
  // Frame by frame (test/rawSocket.ts): the app's client would answer the end by subscribing again
  // at once, and an end for another reason (a change too large for one frame) would look the same.
  socket = await openRawSocket(server.url, { origin: server.url, cookie: teacher.cookie });
  const frames = socket.received as Frame[];
  /** The channel's stream: the subscription's answer (its id) and the events after it (its key). */
  const stream = () => frames.filter((frame) => frame.k === ref.channel_id);
  socket.send({ t: 's', id: 1, p: 'messages.live', i: ref });
  await socket.waitFor((frame) => (frame as Frame).id === 1);
  expect(stream().map((frame) => frame.e)).toEqual([{ type: 'snapshot', rows: [], replace: true }]);

  expect(restored()).toBe(0);
  const killed = await queryRows<{ ok: boolean }>(
    database.db,
    sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
  );
  expect(killed.length).toBeGreaterThan(0);
  // One more than a resync replays, in one statement (each row takes its own version). The rows
  // are small — short ids, a one-letter author and body — so all of them would fit in one frame
  // (FRAME_BUDGET_BYTES): the end below comes from the resync's own limits, its read of what came
  // since saying "too many" (and MAX_HELD_ROWS for a subscriber re-checked meanwhile; either alone
  // ends it), not from a change too large to send.
  const missed = MAX_RESYNC_ROWS + 1;
  await database.db.insert(messages).values(
    Array.from({ length: missed }, (_, index) => ({
      id: `m${index + 1}`,
      class_id: classId,
      channel_id: ref.channel_id,
      seq: index + 1,
      author_uid: 'u',
      author_name: 'G',
      body: 'x',
    })),
  );
  await database.db
    .update(channels)
    .set({ last_seq: missed })
    .where(sql`${channels.channel_id} = ${ref.channel_id}`);
  // Written while no connection listened: no resync has run yet.
  expect(restored()).toBe(0);

  // The resync finds too much to replay: the node ends the stream, asking the client to subscribe
  // again — having sent none of the missed rows one by one.
  await socket.waitFor((frame) => (frame as Frame).e?.type === 'end', 15_000);
  expect(restored()).toBe(1);
  expect(stream().map((frame) => frame.e)).toEqual([
    { type: 'snapshot', rows: [], replace: true },
    { type: 'end', reason: 'Too far behind; starting afresh.', retry: true },
  ]);

  // Subscribing again: a replacing snapshot of the newest page.
  socket.send({ t: 's', id: 2, p: 'messages.live', i: ref });
  await socket.waitFor((frame) => (frame as Frame).id === 2);
  const fresh = frames.find((frame) => frame.id === 2)?.e;
  expect(fresh?.type === 'snapshot' && fresh.replace).toBe(true);
  const seqs = fresh?.type === 'snapshot' ? fresh.rows.map((row) => row.seq) : [];
  expect(seqs.length).toBeGreaterThan(0);
  expect(seqs.length).toBeLessThan(missed);
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => missed - seqs.length + 1 + i));
});
