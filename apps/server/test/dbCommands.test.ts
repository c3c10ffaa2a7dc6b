// `npm run db:migrate` and `npm run db:seed` as real processes, on a fresh embedded data dir
// (server-pglite) or a fresh, empty PostgreSQL database (server-postgres).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { classes, products, users } from '../src/db/schema';
import { serverRoot } from '../src/paths';
import { DEMO_CLASS_ID } from '../src/seed/seed';
import { testDatabaseKind } from './database';
import { withDatabase } from './urls';

const run = promisify(execFile);
const repoRoot = join(serverRoot, '..', '..');
const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');

let workDir: string;
let target: { DATA_DIR: string } | { DATABASE_URL: string };
let dropDatabase: (() => Promise<void>) | null = null;

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  // The working directory is a fresh folder, so no .env of the developer's comes into play.
  workDir = mkdtempSync(join(tmpdir(), 'seminar-db-commands-'));
  if (testDatabaseKind === 'pglite') {
    target = { DATA_DIR: join(workDir, 'data') };
  } else {
    const name = `seminar_cli_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    target = { DATABASE_URL: withDatabase(inject('postgresAdminUrl'), name) };
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});
afterAll(async () => {
  await dropDatabase?.();
  rmSync(workDir, { recursive: true, force: true });
});

/** Runs `apps/server/src/cli/<script>.ts` as `npm run db:<script>` does; rejects on a non-zero exit. */
async function command(script: 'migrate' | 'seed'): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...target,
  };
  if (!('DATABASE_URL' in target)) delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  const { stdout } = await run(tsx, [join(serverRoot, 'src', 'cli', `${script}.ts`)], {
    cwd: workDir,
    env,
  });
  return stdout;
}

async function inspect<T>(read: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    'DATABASE_URL' in target ? { databaseUrl: target.DATABASE_URL } : { dataDir: target.DATA_DIR },
  );
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

const rowCount = async (database: Database, table: typeof products | typeof users) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe(`db:migrate and db:seed (${testDatabaseKind})`, () => {
  it('db:migrate creates the tables and seeds nothing', { timeout: 90_000 }, async () => {
    expect(await command('migrate')).toContain('migrations applied');
    await inspect(async (database) => {
      const tables = await queryRows<{ table_name: string }>(
        database.db,
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.map((row) => row.table_name)).toEqual(
        expect.arrayContaining(['classes', 'channels', 'messages', 'products', 'users']),
      );
      expect(await rowCount(database, products)).toBe(0);
    });
    // Again: nothing left to apply, still exits 0.
    expect(await command('migrate')).toContain('migrations applied');
  });

  it('db:seed adds the catalogue and the demo class once', { timeout: 90_000 }, async () => {
    expect(await command('seed')).toContain('seeded the demo class');
    const first = await inspect(async (database) => ({
      products: await rowCount(database, products),
      users: await rowCount(database, users),
      demo: await database.db.select().from(classes).where(eq(classes.class_id, DEMO_CLASS_ID)),
    }));
    expect(first.products).toBeGreaterThanOrEqual(12);
    expect(first.users).toBe(4);
    expect(first.demo).toHaveLength(1);

    const again = await command('seed');
    expect(again).not.toContain('seeded the demo class');
    expect(again).not.toContain('seeded the AI product catalogue');
    await inspect(async (database) => {
      expect(await rowCount(database, products)).toBe(first.products);
      expect(await rowCount(database, users)).toBe(4);
    });
  });

  it('stops with one line naming the variable when the configuration is wrong', async () => {
    const failure = await run(tsx, [join(serverRoot, 'src', 'cli', 'migrate.ts')], {
      cwd: workDir,
      env: { ...process.env, DATABASE_URL: 'mysql://db.example.edu/seminar' },
    }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/^db:migrate: Invalid configuration:[\s\S]*DATABASE_URL/);
  });
});
