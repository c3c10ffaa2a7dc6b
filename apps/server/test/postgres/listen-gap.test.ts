// No loss after a LISTEN gap: the node's notification connection is killed, or PostgreSQL itself
// stops for 2 s, in the middle of a burst of 60 messages; afterwards every subscriber — fresh ones
// and one that resumed from a cursor — has every message exactly once, in seq order.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { makeRecordId, type LiveEvent, type Message } from '@seminar/shared';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { startThrowawayClusterOnFreePort } from '../../../../scripts/lib/postgres.mjs';
import { createTestDatabase } from '../database';
import { freePort, startListening } from '../factories';
import { createClassFixture, signUpUser, type TestUser } from '../fixtures';
import { connectLive, EventLog, type LiveTestClient } from '../liveClient';

const BURST = 60;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Watcher {
  log: EventLog<LiveEvent<Message>>;
}

function watch(
  client: LiveTestClient,
  classId: string,
  channelId: string,
  lastEventId?: string,
): Watcher {
  const log = new EventLog<LiveEvent<Message>>();
  client.trpc.messages.live.subscribe(
    { class_id: classId, channel_id: channelId, ...(lastEventId ? { lastEventId } : {}) },
    {
      onData: (value) => log.push((value as unknown as { data: LiveEvent<Message> }).data),
      onError: (error) => log.fail(error),
    },
  );
  return { log };
}

/** Every row the subscriber was sent, in order (snapshot and changes alike). */
const rowsOf = (events: LiveEvent<Message>[]) =>
  events.flatMap((event) =>
    event.type === 'snapshot' || event.type === 'upsert' ? event.rows : [],
  );

/**
 * Subscribes three fresh clients and one resuming from a cursor, sends BURST messages (retrying a
 * send the outage failed, with the same id), calls `outage` after the 20th, and checks that each
 * subscriber got each message exactly once, in seq order, with nothing missing.
 */
async function burstThrough(
  server: Awaited<ReturnType<typeof startListening>>,
  database: Database,
  outage: () => Promise<void>,
): Promise<void> {
  const teacher: TestUser = await signUpUser(server.app, server.url, 'Gap, Grace');
  const pupils = await Promise.all(
    [1, 2, 3].map((n) => signUpUser(server.app, server.url, `Pupil, Pat${n}`)),
  );
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      ...pupils.map((user) => ({ user, role: 'student' as const })),
    ],
  });
  const channelId = channelIds[0]!;
  const clients = [teacher, ...pupils].map((user) =>
    connectLive(server.url, { cookie: user.cookie }),
  );
  cleanups.push(() => Promise.all(clients.map((client) => client.close())).then(() => undefined));
  const sender = clients[0]!;
  const send = async (body: string) => {
    const id = makeRecordId('msg', teacher.uid);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await sender.trpc.messages.send.mutate({
          id,
          class_id: classId,
          channel_id: channelId,
          body,
        });
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const first = await send('before');
  const resumed = watch(clients[1]!, classId, channelId, `${first.seq}:${first.version}`);
  const fresh = pupils.slice(1).map((_, index) => watch(clients[index + 2]!, classId, channelId));
  const watchers = [resumed, ...fresh, watch(sender, classId, channelId)];
  for (const watcher of watchers)
    await watcher.log.until((events) => events.some((event) => event.type === 'snapshot'));

  for (let index = 0; index < BURST; index += 1) {
    if (index === 20) await outage();
    await send(`burst ${index}`);
  }
  // A message after the burst: a subscriber's changes come in seq order (a resync's replay is
  // queued before later notices), so once it is here a second copy of any burst message would
  // already have come.
  const closing = await send('after the burst');
  const bodies = Array.from({ length: BURST }, (_, index) => `burst ${index}`);
  for (const watcher of watchers) {
    await watcher.log.until(
      (events) => rowsOf(events).some((row) => row.id === closing.id),
      30_000,
    );
    const got = rowsOf(watcher.log.events).filter((row) => row.body.startsWith('burst '));
    // Every message once, in order.
    expect(got.map((row) => row.body)).toEqual(bodies);
    expect(got.map((row) => row.seq)).toEqual(
      Array.from({ length: BURST }, (_, index) => first.seq + 1 + index),
    );
  }
  const [count] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from messages where channel_id = ${channelId}`,
  );
  expect(count?.n).toBe(BURST + 2);
}

describe('no loss after a LISTEN gap (PostgreSQL)', () => {
  it('delivers every message to every subscriber when the LISTEN connection is killed mid-burst', async () => {
    const database = await createTestDatabase();
    const server = await startListening(database);
    cleanups.push(
      () => database.close(),
      () => server.app.close(),
    );
    await burstThrough(server, database, async () => {
      const killed = await queryRows<{ ok: boolean }>(
        database.db,
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      expect(killed.length).toBeGreaterThan(0);
    });
  });

  it('delivers every message to every subscriber when PostgreSQL stops for 2 s mid-burst', async () => {
    const cluster = await startThrowawayClusterOnFreePort(freePort);
    if (!cluster) throw new Error('PostgreSQL binaries are needed: apt-get install -y postgresql');
    cleanups.push(() => cluster.stop());
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database seminar_gap');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/seminar_gap');
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    await runMigrations(database);
    const server = await startListening(database);
    cleanups.push(
      () => database.close(),
      () => server.app.close(),
    );
    await burstThrough(server, database, async () => {
      cluster.pause();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      cluster.resume();
    });
  }, 120_000);
});
