// PostgreSQL drops the node's LISTEN connection (restart, failover, idle kill): the node reconnects
// and resyncs its live queries, so a message written meanwhile still arrives.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeRecordId, type LiveEvent, type Message } from '@seminar/shared';
import { queryRows, type Database } from '../../src/db/client';
import { createTestDatabase } from '../database';
import { startListening } from '../factories';
import { createClassFixture, signUpUser } from '../fixtures';
import { connectLive, EventLog } from '../liveClient';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database);
});
afterAll(async () => {
  await server.app.close();
  await database.close();
});

it('resyncs live queries after the LISTEN connection is killed', async () => {
  const teacher = await signUpUser(server.app, server.url, 'Lamarr, Hedy');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user: teacher, role: 'instructor' }],
  });
  const channelId = channelIds[0]!;
  const client = connectLive(server.url, { cookie: teacher.cookie });
  const log = new EventLog<LiveEvent<Message>>();
  client.trpc.messages.live.subscribe(
    { class_id: classId, channel_id: channelId },
    {
      onData: (value) => log.push((value as unknown as { data: LiveEvent<Message> }).data),
      onError: (error) => log.fail(error),
    },
  );
  await log.until((events) => events.some((event) => event.type === 'snapshot'));

  const killed = await queryRows<{ ok: boolean }>(
    database.db,
    sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
  );
  expect(killed.length).toBeGreaterThan(0);
  // Written while the node has no LISTEN connection: its notice is lost.
  await server.runtime.services!.sendQueue.send(
    teacher,
    {
      id: makeRecordId('msg', teacher.uid),
      class_id: classId,
      channel_id: channelId,
      body: 'during the outage',
    },
    null,
  );

  await log.until(
    (events) =>
      events.some(
        (event) =>
          event.type !== 'end' &&
          event.type !== 'remove' &&
          event.rows.some((row) => row.body === 'during the outage'),
      ),
    15_000,
  );
  // …and counted for /metrics (seminar_live_listen_restored_total).
  expect(server.runtime.metrics.live.listenRestoredCount).toBe(1);
  await client.close();
});
