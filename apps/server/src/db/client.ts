// Docs: docs/ARCHITECTURE.md#one-database-dialect — one Postgres dialect on two drivers: PGlite in-process
// (DATABASE_URL unset) or PostgreSQL over node-postgres. Both give the same Drizzle type.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgListener, type NotifyHandler } from './listener';
import * as schema from './schema';

export type { NotifyHandler };

/** The Drizzle database the server uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle plus what differs between the drivers. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel; resolves once listening, to a function that stops it. `onReset` runs after
   * the LISTEN connection was lost and re-established, before any notice that came on the new
   * connection is handled: notices were missed meanwhile (see listener.ts).
   */
  listen(
    channel: string,
    handler: NotifyHandler,
    onReset?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs one raw statement with positional parameters ($1, $2, …) and returns its rows. With a
   * `name`, PostgreSQL prepares it once per connection (the hot paths use this).
   */
  query<T>(text: string, params: unknown[], name?: string): Promise<T[]>;
  /** Answers when the database can run a query. */
  ping(): Promise<void>;
  /** PostgreSQL: the connection pool's use now (docs/operations.md#metrics); PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** Runs `fn` holding a cluster-wide advisory lock, so concurrent starts migrate one at a time. */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when unset, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; `memory://` for an in-memory database. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests clone a migrated snapshot this way). */
  loadDataDir?: Blob;
  /** node-postgres pool size. */
  poolSize?: number;
  /** PostgreSQL: the wait before LISTEN reconnect attempt n (tests shorten it). */
  listenBackoffMs?: (attempt: number) => number;
}

/**
 * The PostgreSQL extensions the schema uses, which PGlite must be given when it opens a database
 * (it loads an extension's code only if asked): btree_gin for the message search index (0026).
 */
export const pgliteExtensions = { btree_gin };

/** Opens PGlite or PostgreSQL. Call {@link Database.close} or Node will not exit. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.listenBackoffMs);
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = resolve(join(dataDir, 'pglite'));
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, {
    extensions: pgliteExtensions,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, handler);
      return unlisten;
    },
    async query<T>(text: string, params: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    async ping() {
      await client.query('select 1');
    },
    // PGlite is one process's own database: nobody else can migrate it concurrently.
    withAdvisoryLock: (_key, fn) => fn(),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  listenBackoffMs: ((attempt: number) => number) | undefined,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server emits 'error' on the pool; without a listener Node exits.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // One dedicated LISTEN connection per node (DESIGN §3), opened on first use, re-opened when lost.
  const listener = new PgListener({ url, backoffMs: listenBackoffMs });
  return {
    db,
    kind: 'postgres',
    listen: (channel, handler, onReset) => listener.listen(channel, handler, onReset),
    async query<T>(text: string, params: unknown[], name?: string) {
      const result = await pool.query(
        name ? { name, text, values: params } : { text, values: params },
      );
      return result.rows as T[];
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** Runs raw SQL (on the db or a transaction) and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
