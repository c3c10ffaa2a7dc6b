// Sends while PostgreSQL is unreachable (a throwaway cluster stopped under a running node): each is
// answered SERVICE_UNAVAILABLE, retryable, without charging the sender's change budget; the node
// logs the outage once, not an error per attempt, and logs again when the database is back.
import { afterAll, expect, it } from 'vitest';
import pg from 'pg';
import { makeRecordId } from '@seminar/shared';
import { openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/errors';
import { startThrowawayClusterOnFreePort } from '../../../../scripts/lib/postgres.mjs';
import { freePort, startListening } from '../factories';
import { createClassFixture, signUpUser } from '../fixtures';
import { connectLive } from '../liveClient';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface LogLine {
  level: number;
  msg: string;
  refused?: number;
}

it('answers sends SERVICE_UNAVAILABLE during an outage, logs it once and charges no changes', async () => {
  const cluster = await startThrowawayClusterOnFreePort(freePort);
  if (!cluster) throw new Error('PostgreSQL binaries are needed: apt-get install -y postgresql');
  cleanups.push(() => cluster.stop());
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database seminar_outage');
  await admin.end();
  const database = await openDatabase({
    databaseUrl: cluster.url.replace(/\/postgres$/, '/seminar_outage'),
    poolSize: 3,
  });
  await runMigrations(database);
  const lines: string[] = [];
  // A budget of 4 changes, refilled at one a second: the attempts below would exhaust it.
  const server = await startListening(
    database,
    { LIVE_MUTATION_BURST: '4', LIVE_MUTATIONS_PER_SECOND: '1' },
    { logLines: lines },
  );
  cleanups.push(
    () => database.close(),
    () => server.app.close(),
  );
  const log = () => lines.map((line) => JSON.parse(line) as LogLine);
  const teacher = await signUpUser(server.app, server.url, 'Outage, Olga');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user: teacher, role: 'instructor' }],
  });
  const client = connectLive(server.url, { cookie: teacher.cookie });
  cleanups.push(() => client.close());
  const send = (id: string, body: string) =>
    client.trpc.messages.send.mutate({ id, class_id: classId, channel_id: channelIds[0]!, body });
  expect((await send(makeRecordId('msg', teacher.uid), 'before')).seq).toBe(1);

  cluster.pause();
  const attempts = 12;
  const retried = makeRecordId('msg', teacher.uid);
  const answers: Array<{ code: unknown; message: string }> = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const error = await send(retried, 'during').then(
      () => null,
      (failure: { data?: { code?: unknown }; message: string }) => failure,
    );
    answers.push({ code: error?.data?.code ?? 'ok', message: error?.message ?? '' });
  }
  expect(answers).toEqual(
    Array.from({ length: attempts }, () => ({
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    })),
  );
  // One warning for the outage; no error line per refused request.
  expect(log().filter((line) => line.msg.startsWith('database unreachable'))).toHaveLength(1);
  expect(log().filter((line) => line.msg === 'request failed')).toEqual([]);

  cluster.resume();
  await expect
    .poll(() => log().filter((line) => line.msg === 'database reachable again'), {
      timeout: 30_000,
    })
    .toHaveLength(1);
  expect(log().find((line) => line.msg === 'database reachable again')?.refused).toBe(attempts);
  // The retried id goes through, once.
  const sent = await send(retried, 'during');
  expect(sent).toMatchObject({ id: retried, seq: 2 });
  expect(await send(retried, 'during')).toMatchObject({ id: retried, seq: 2 });
}, 120_000);
