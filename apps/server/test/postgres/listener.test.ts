// The node's LISTEN connection (db/listener.ts) on a real PostgreSQL whose backend the test
// terminates: the reset handlers run before any notice of the new connection is handed out (else a
// resync would start from a mark a post-gap notice already moved), a listen() during the reconnect's
// back-off leaves one connection, and close() during it leaves none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PgListener } from '../../src/db/listener';
import { createTestDatabase } from '../database';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: pg.Client;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('the listener test needs PostgreSQL');
  url = database.url;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await database.close();
});

/** The backends of this database whose last statement was a LISTEN (the listener's). */
async function listenerBackends(): Promise<number[]> {
  const result = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database()
       and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
  );
  return result.rows.map((row) => row.pid);
}

async function terminateListener(): Promise<void> {
  const pids = await listenerBackends();
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) await admin.query('select pg_terminate_backend($1)', [pid]);
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the LISTEN connection (PostgreSQL)', () => {
  it('runs its reset handlers before any notice that came on the new connection', async () => {
    const listener = new PgListener({ url, backoffMs: () => 0 });
    // What the handlers saw, in order: numbered notices, and 'reset'.
    const log: Array<number | 'reset'> = [];
    // Two channels, as a node has (seminar_live, then seminar_ai): the second's LISTEN is a round
    // trip during which the first already receives.
    await listener.listen('test_live', (payload) => log.push(Number(payload)));
    await listener.listen(
      'test_ai',
      () => undefined,
      () => log.push('reset'),
    );
    const sender = new pg.Client({ connectionString: url });
    await sender.connect();
    let sending = true;
    let sent = 0;
    const sending$ = (async () => {
      while (sending) await sender.query('select pg_notify($1, $2)', ['test_live', `${++sent}`]);
    })();
    try {
      for (let cut = 1; cut <= 20; cut += 1) {
        const seen = log.length;
        await until(() => log.length > seen + 5, 'notices before the cut');
        await terminateListener();
        await until(() => log.filter((entry) => entry === 'reset').length === cut, 'the reset');
      }
      const after = log.length;
      await until(() => log.length > after + 5, 'notices after the last cut');
    } finally {
      sending = false;
      await sending$;
      await sender.end();
      await listener.close();
    }
    // Wherever numbers jump (notices lost in a gap), a reset came in between.
    let gaps = 0;
    let last: number | null = null;
    let resetSinceLast = false;
    for (const entry of log) {
      if (entry === 'reset') {
        resetSinceLast = true;
        continue;
      }
      if (last !== null && entry !== last + 1) {
        gaps += 1;
        expect(resetSinceLast, `notice ${entry} after ${last} came before the reset`).toBe(true);
      }
      last = entry;
      resetSinceLast = false;
    }
    expect(gaps).toBeGreaterThan(0);
  }, 120_000);

  it('leaves one connection when listen() is called during the back-off, none after close()', async () => {
    // A back-off far longer than the test: every reconnect seen here is one listen() asked for.
    const listener = new PgListener({ url, backoffMs: () => 60_000 });
    const got: string[] = [];
    await listener.listen('test_a', (payload) => got.push(payload));
    await terminateListener();
    await until(() => listener.openConnections === 0, 'the loss noticed');
    expect(listener.reconnecting).toBe(true);
    // A new channel while the reconnect waits: it connects now (LISTENing on both channels)…
    await listener.listen('test_b', () => undefined);
    expect(listener.openConnections).toBe(1);
    // …and the waiting reconnect is called off, so it cannot open a second one: no timer is left
    // to fire and no attempt is under way (read from the listener, not waited out with a sleep).
    expect(listener.reconnecting).toBe(false);
    expect(await listenerBackends()).toHaveLength(1);
    await admin.query(`select pg_notify('test_a', 'once')`);
    await until(() => got.includes('once'), 'the notice');
    await admin.query(`select pg_notify('test_a', 'twice?')`);
    await until(() => got.includes('twice?'), 'the second notice');
    expect(got.filter((payload) => payload === 'once')).toHaveLength(1);

    // close() while a reconnect waits out its back-off: nothing connects afterwards.
    await terminateListener();
    await until(() => listener.openConnections === 0, 'the second loss noticed');
    expect(listener.reconnecting).toBe(true);
    await listener.close();
    // Nothing left that could connect afterwards: the back-off's timer is cleared, and close()
    // waited for any attempt under way (which ends its own connection when it sees the close).
    expect(listener.reconnecting).toBe(false);
    expect(await listenerBackends()).toHaveLength(0);
    await expect(listener.listen('test_c', () => undefined)).rejects.toThrow(
      'The database is closed.',
    );
  }, 60_000);
});
