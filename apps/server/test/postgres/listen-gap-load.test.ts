// The loss the fault campaign found: under load (12 senders), the node's LISTEN connection is
// terminated again and again; a notice that arrived on the new connection before the resync began
// used to move every subscriber's mark past the gap, so what was committed during the gap never
// came (until a reload). Afterwards every subscriber — those there all along and those that joined
// between cuts — must have every message from its snapshot on, once, in seq order.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeRecordId, type LiveEvent, type Message } from '@seminar/shared';
import { queryRows, type Database } from '../../src/db/client';
import { createTestDatabase } from '../database';
import { startListening } from '../factories';
import { createClassFixture, signUpUser, type TestUser } from '../fixtures';
import { connectLive, EventLog, type LiveTestClient } from '../liveClient';

const SENDERS_PER_USER = 3;
const CUTS = 12;

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database, {
    LIVE_MUTATIONS_PER_SECOND: '1000',
    LIVE_MUTATION_BURST: '1000',
  });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.app.close();
  await database.close();
});

const rowsOf = (events: LiveEvent<Message>[]) =>
  events.flatMap((event) =>
    event.type === 'snapshot' || event.type === 'upsert' ? event.rows : [],
  );

it('loses nothing when the LISTEN connection is cut repeatedly under load', async () => {
  const users: TestUser[] = await Promise.all(
    ['Cut, Ada', 'Cut, Bo', 'Cut, Cy', 'Cut, Di'].map((name) =>
      signUpUser(server.app, server.url, name),
    ),
  );
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: users.map((user, index) => ({
      user,
      role: index === 0 ? ('instructor' as const) : ('student' as const),
    })),
  });
  const channelId = channelIds[0]!;
  const connect = (user: TestUser) => {
    const client = connectLive(server.url, { cookie: user.cookie });
    clients.push(client);
    return client;
  };
  const watchers: Array<EventLog<LiveEvent<Message>>> = [];
  const watch = (user: TestUser) => {
    const log = new EventLog<LiveEvent<Message>>();
    connect(user).trpc.messages.live.subscribe(
      { class_id: classId, channel_id: channelId },
      {
        onData: (value) => log.push((value as unknown as { data: LiveEvent<Message> }).data),
        onError: (error) => log.fail(error),
      },
    );
    watchers.push(log);
    return log.until((events) => events.some((event) => event.type === 'snapshot'));
  };
  await Promise.all(users.slice(1).map(watch));

  let sending = true;
  let acked = 0;
  const send = async (client: LiveTestClient, user: TestUser, loop: number) => {
    for (let index = 0; sending; index += 1) {
      const id = makeRecordId('msg', user.uid);
      for (let attempt = 0; ; attempt += 1) {
        try {
          await client.trpc.messages.send.mutate({
            id,
            class_id: classId,
            channel_id: channelId,
            body: `${user.displayName} ${loop}.${index}`,
          });
          acked += 1;
          break;
        } catch (error) {
          if (attempt > 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    }
  };
  const senders = users.flatMap((user) => {
    const client = connect(user);
    return Array.from({ length: SENDERS_PER_USER }, (_, loop) => send(client, user, loop));
  });

  for (let cut = 1; cut <= CUTS; cut += 1) {
    const before = acked;
    while (acked < before + 25) await new Promise((resolve) => setTimeout(resolve, 5));
    // Cut the connection once it is back (the node reconnects after a back-off).
    for (let tries = 0; ; tries += 1) {
      const killed = await queryRows<{ ok: boolean }>(
        database.db,
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      if (killed.length > 0) break;
      if (tries > 2_000) throw new Error('the LISTEN connection never came back');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Someone opens the channel between cuts (and one while the connection is down).
    if (cut % 4 === 0) await watch(users[cut % users.length]!);
  }
  const after = acked;
  while (acked < after + 25) await new Promise((resolve) => setTimeout(resolve, 5));
  sending = false;
  await Promise.all(senders);

  const [last] = await queryRows<{ seq: number; n: number }>(
    database.db,
    sql`select max(seq)::int as seq, count(*)::int as n from messages where channel_id = ${channelId}`,
  );
  expect(last?.n).toBe(acked);
  for (const [index, log] of watchers.entries()) {
    await log.until((events) => rowsOf(events).some((row) => row.seq === last!.seq), 30_000);
    // From each replacing snapshot on (the first; another only for a subscriber that fell more
    // than 1,000 behind and was given the newest page), every message once, in seq order.
    const runs: number[][] = [];
    for (const event of log.events) {
      if (event.type === 'snapshot' && event.replace) runs.push([]);
      if (event.type === 'snapshot' || event.type === 'upsert')
        runs.at(-1)!.push(...event.rows.map((row) => row.seq));
    }
    for (const [run, seqs] of runs.entries()) {
      const first = seqs[0] ?? 1;
      const end = run === runs.length - 1 ? last!.seq : (seqs.at(-1) ?? 0);
      const expected = Array.from({ length: end - first + 1 }, (_, n) => first + n);
      const missing = expected.filter((seq) => !seqs.includes(seq));
      expect(missing, `subscriber ${index}: never delivered`).toEqual([]);
      expect(seqs, `subscriber ${index}`).toEqual(expected);
    }
  }
}, 180_000);
