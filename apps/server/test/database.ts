// A fresh, migrated database for one test file, on the driver the Vitest project names
// (server-pglite or server-postgres): every database test runs on both.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { withDatabase } from './urls';

/** Which driver this test run uses. */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.SEMINAR_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A database cloned from the migrated snapshot; `close()` also drops it (PostgreSQL). On PostgreSQL
 * `listenBackoffMs` sets the LISTEN connection's reconnect back-off (a test of the gap widens it).
 */
export async function createTestDatabase(
  options: { listenBackoffMs?: (attempt: number) => number } = {},
): Promise<Database & { url?: string }> {
  if (testDatabaseKind === 'pglite') {
    const snapshot = readFileSync(inject('pgliteSnapshotPath'));
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([snapshot]) });
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `seminar_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({
    databaseUrl: url,
    poolSize: 5,
    ...(options.listenBackoffMs ? { listenBackoffMs: options.listenBackoffMs } : {}),
  });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
