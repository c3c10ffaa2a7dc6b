// Collections and access across a LISTEN gap: while the node's LISTEN connection is down, a channel
// is created and a student is removed from the class. Their notices (and the access signal) are
// lost; when the connection is back, `channels.live` shows the new channel, the student's
// `classes.mine` drops the class, and the student's message stream ends with "You no longer have
// access to this" — the resync reads collections and access again, not only streams.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@seminar/shared';
import { queryRows, type Database } from '../../src/db/client';
import { callerFor } from '../callers';
import { createTestDatabase } from '../database';
import { startListening } from '../factories';
import { createClassFixture, signUpUser } from '../fixtures';
import { connectLive, EventLog, type LiveTestClient } from '../liveClient';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  // The LISTEN connection comes back 2 s after it is lost: the changes below are surely made in the
  // gap (the test checks it), so only the resync can bring them.
  database = await createTestDatabase({ listenBackoffMs: () => 2_000 });
  server = await startListening(database);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.app.close();
  await database.close();
});

type Row = { channel_id?: string; class_id?: string; id?: string };

/** Times the node's LISTEN connection came back and its live queries were resynced. */
const restored = () => server.runtime.metrics.live.listenRestoredCount;

/** Each event's arrival, with how many resyncs had run by then. */
type Arrival = { event: LiveEvent<Row>; restored: number };

function watch(
  arrivals: Arrival[],
  client: LiveTestClient,
  subscribe: (handlers: {
    onData: (value: unknown) => void;
    onError: (error: unknown) => void;
  }) => unknown,
): EventLog<LiveEvent<Row>> {
  const log = new EventLog<LiveEvent<Row>>();
  subscribe({
    onData: (value) => {
      const event = ((value as { data?: unknown }).data ?? value) as LiveEvent<Row>;
      arrivals.push({ event, restored: restored() });
      log.push(event);
    },
    onError: (error) => log.fail(error),
  });
  return log;
}

/** The ids a collection's events leave the subscriber with. */
function idsOf(events: LiveEvent<Row>[], id: (row: Row) => string): Set<string> {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.type === 'snapshot') {
      if (event.replace) ids.clear();
      for (const row of event.rows) ids.add(id(row));
    } else if (event.type === 'upsert') for (const row of event.rows) ids.add(id(row));
    else if (event.type === 'remove') for (const gone of event.ids) ids.delete(gone);
  }
  return ids;
}

it('converges collections and ends lost access after a LISTEN gap', async () => {
  const teacher = await signUpUser(server.app, server.url, 'Gap, Tess');
  const student = await signUpUser(server.app, server.url, 'Gap, Sam');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: student, role: 'student' },
    ],
  });
  const teacherClient = connectLive(server.url, { cookie: teacher.cookie });
  const studentClient = connectLive(server.url, { cookie: student.cookie });
  clients.push(teacherClient, studentClient);
  const arrivals: Arrival[] = [];
  const channelsLog = watch(arrivals, teacherClient, (handlers) =>
    teacherClient.trpc.channels.live.subscribe({ class_id: classId }, handlers),
  );
  const mineLog = watch(arrivals, studentClient, (handlers) =>
    studentClient.trpc.classes.mine.subscribe(undefined, handlers),
  );
  const streamLog = watch(arrivals, studentClient, (handlers) =>
    studentClient.trpc.messages.live.subscribe(
      { class_id: classId, channel_id: channelIds[0]! },
      handlers,
    ),
  );
  for (const log of [channelsLog, mineLog, streamLog])
    await log.until((events) => events.some((event) => event.type === 'snapshot'));
  expect(idsOf(mineLog.events, (row) => row.class_id!).has(classId)).toBe(true);

  // Cut the LISTEN connection, and make the changes before the node is back (its reconnect waits
  // 2 s here; the changes take a few ms).
  expect(restored()).toBe(0);
  const killed = await queryRows<{ ok: boolean }>(
    database.db,
    sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
  );
  expect(killed.length).toBeGreaterThan(0);
  const services = server.runtime.services!;
  const asTeacher = callerFor(services, teacher);
  await asTeacher.channels.create({
    channel_id: 'channel_made_in_the_gap',
    class_id: classId,
    name: 'made in the gap',
    is_public: true,
  });
  await asTeacher.classes.removeMember({ class_id: classId, uid: student.uid, role: 'student' });
  // Committed while no connection listened (no resync has run yet): their notices are lost, and
  // nothing of it reached this node's subscribers.
  expect(restored()).toBe(0);
  const arrivedInGap = arrivals.length;
  expect(idsOf(channelsLog.events, (row) => row.channel_id!).has('channel_made_in_the_gap')).toBe(
    false,
  );

  await channelsLog.until((events) =>
    idsOf(events, (row) => row.channel_id!).has('channel_made_in_the_gap'),
  );
  await mineLog.until((events) => !idsOf(events, (row) => row.class_id!).has(classId));
  await streamLog.until((events) => events.some((event) => event.type === 'end'));
  expect(streamLog.events.at(-1)).toEqual({
    type: 'end',
    reason: 'You no longer have access to this.',
  });
  // All of it came after the connection was back, by the resync: no event arrived between the
  // changes and the resync, and the resync ran once.
  expect(arrivals.slice(arrivedInGap).every((arrival) => arrival.restored === 1)).toBe(true);
  expect(restored()).toBe(1);
});
