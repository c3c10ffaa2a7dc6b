// Docs: docs/ARCHITECTURE.md#one-database-dialect — one Postgres dialect on two drivers: PGlite in-process
// (DATABASE_URL unset) or PostgreSQL over node-postgres. Both give the same Drizzle type.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/** The Drizzle database the server uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A handler for NOTIFY payloads on one channel. */
export type NotifyHandler = (payload: string) => void;

/** An open database: the Drizzle handle plus what differs between the drivers. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel; resolves once listening, to a function that stops it. `onReset` runs after
   * the LISTEN connection was lost and re-established: notices may have been missed meanwhile.
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
}

/** Opens PGlite or PostgreSQL. Call {@link Database.close} or Node will not exit. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = resolve(join(dataDir, 'pglite'));
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, loadDataDir ? { loadDataDir } : {});
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

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server emits 'error' on the pool; without a listener Node exits.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // One dedicated LISTEN connection per node (DESIGN §3); opened on first use, re-opened when lost.
  let listener: Promise<pg.Client> | null = null;
  let closed = false;
  const handlers = new Map<string, Set<NotifyHandler>>();
  const resetHandlers = new Set<() => void>();
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    const lost = () => {
      if (closed || listener === null) return;
      listener = null;
      void reconnect(1);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    for (const channel of handlers.keys())
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return client;
  };
  const reconnect = async (attempt: number): Promise<void> => {
    if (closed) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 250 * 2 ** attempt)));
    if (closed) return;
    try {
      const client = connectListener();
      listener = client;
      await client;
      resetHandlers.forEach((reset) => reset());
    } catch {
      listener = null;
      void reconnect(attempt + 1);
    }
  };
  const listenerClient = (): Promise<pg.Client> => {
    listener ??= connectListener().catch((error: unknown) => {
      listener = null;
      throw error;
    });
    return listener;
  };
  return {
    db,
    kind: 'postgres',
    async listen(channel, handler, onReset) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await (await listenerClient()).query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(handler);
      if (onReset) resetHandlers.add(onReset);
      return async () => {
        set.delete(handler);
        if (onReset) resetHandlers.delete(onReset);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          const client = await listener?.catch(() => null);
          await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async query<T>(text: string, params: unknown[], name?: string) {
      const result = await pool.query(
        name ? { name, text, values: params } : { text, values: params },
      );
      return result.rows as T[];
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
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
      closed = true;
      const client = await listener?.catch(() => null);
      listener = null;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** Runs raw SQL (on the db or a transaction) and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
