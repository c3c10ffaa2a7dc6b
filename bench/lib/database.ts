// The PostgreSQL the benchmarks run on: BENCH_DATABASE_URL, else 127.0.0.1:5432, else whatever
// scripts/lib/postgres.mjs finds (TEST_DATABASE_URL or a throwaway cluster). Each run makes a fresh
// database seminar_bench_<time> on it and drops it at the end.
import pg from 'pg';
import { canConnect, resolvePostgres } from '../../scripts/lib/postgres.mjs';

export interface BenchPostgres {
  /** A connection to the server's maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  source: string;
  /** Stops a throwaway cluster, if one was started. */
  stop?: () => void;
}

/** Finds the PostgreSQL server to benchmark on; throws when there is none. */
export async function findPostgres(): Promise<BenchPostgres> {
  const configured = process.env.BENCH_DATABASE_URL;
  if (configured) {
    if (!(await canConnect(configured)))
      throw new Error(`BENCH_DATABASE_URL does not answer: ${configured}`);
    return { adminUrl: configured, source: 'BENCH_DATABASE_URL' };
  }
  for (const url of [
    'postgres://postgres@127.0.0.1:5432/postgres',
    'postgres://127.0.0.1:5432/postgres',
  ]) {
    if (await canConnect(url)) return { adminUrl: url, source: '127.0.0.1:5432' };
  }
  const resolved = await resolvePostgres();
  if (!resolved)
    throw new Error('No PostgreSQL: set BENCH_DATABASE_URL or run one on 127.0.0.1:5432.');
  return {
    adminUrl: resolved.url,
    source: resolved.source,
    ...(resolved.stop ? { stop: resolved.stop } : {}),
  };
}

/** The same server URL with another database name. */
function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates seminar_bench_<time>; returns its URL and a function that drops it. */
export async function createBenchDatabase(
  postgres: BenchPostgres,
): Promise<{ url: string; name: string; settings: Record<string, string>; drop(): Promise<void> }> {
  const name = `seminar_bench_${Date.now()}`;
  const settings: Record<string, string> = {};
  await admin(postgres.adminUrl, async (client) => {
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    for (const setting of [
      'server_version',
      'synchronous_commit',
      'fsync',
      'wal_level',
      'shared_buffers',
      'max_connections',
    ]) {
      const result = await client.query<Record<string, string>>(`SHOW ${setting}`);
      settings[setting] = Object.values(result.rows[0] ?? {})[0] ?? '';
    }
  });
  return {
    url: withDatabase(postgres.adminUrl, name),
    name,
    settings,
    drop: () =>
      admin(postgres.adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}
