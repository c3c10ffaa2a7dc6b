// Docs: docs/operations.md#backups — `npm run db:backup -- FILE` and `npm run db:restore -- FILE`.
// The embedded database (PGlite) is copied whole with PGlite's own dumpDataDir while no server uses
// its folder (the data folder lock says whether one does: a copy of files another process is
// writing would not be consistent, so a running server is a clear refusal). PostgreSQL goes through
// its own tools, pg_dump's custom format and pg_restore. Attachments kept in the database come
// along in both; an S3 store is the operator's to back up (its objects are not in the database).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../config';
import { pgliteExtensions } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/dataDirLock';

const run = promisify(execFile);

/** A refusal or failure the operator can act on: one line, exit 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The two kinds of backup file, told apart by their first bytes. */
type BackupKind = 'pglite' | 'postgres';

/** pg_dump's custom format starts with "PGDMP"; PGlite's dump is a gzipped tar. */
function kindOfFile(file: string): BackupKind | null {
  const head = readFileSync(file).subarray(0, 5);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return null;
}

/** A file named on the command line, relative to where `npm run` was started. */
export function fileArgument(args: readonly string[], command: string): string {
  const names = args.filter((arg) => !arg.startsWith('--'));
  if (names.length !== 1)
    throw new BackupError(
      `usage: npm run ${command} -- ${command === 'db:restore' ? '[--replace] ' : ''}FILE`,
    );
  return resolve(process.env.INIT_CWD ?? process.cwd(), names[0] ?? '');
}

/** Finds a PostgreSQL client tool: PATH, then Debian's versioned folders. */
async function tool(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  try {
    await run(name, ['--version']);
    return name;
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root)
      ? readdirSync(root).sort((a, b) => Number(b) - Number(a))
      : [];
    for (const version of versions) {
      const path = join(root, version, 'bin', name);
      if (existsSync(path)) return path;
    }
    throw new BackupError(
      `${name} was not found. Install PostgreSQL's client tools of your server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client; Alpine: apk add postgresql-client) and run again.`,
    );
  }
}

/** Takes the data folder for this command, or refuses while a server uses it. */
function lockDataDir(config: Config, command: string) {
  try {
    return acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `it needs the embedded database to itself: ${
        command === 'db:backup'
          ? 'a copy taken while a server writes it would not be consistent'
          : 'a server must not run on it while it is replaced'
      }. ${error.message}`,
    );
  }
}

function pgliteDir(config: Config): string {
  return resolve(join(config.dataDir, 'pglite'));
}

function embedded(config: Config, command: string): void {
  if (config.dataDir.startsWith('memory://'))
    throw new BackupError(`DATA_DIR is in memory (${command} needs a database on disk).`);
}

/** Writes a backup of the configured database to `file`. */
export async function backupCommand(
  config: Config,
  log: FastifyBaseLogger,
  file: string,
): Promise<void> {
  if (config.databaseUrl) {
    const pgDump = await tool('pg_dump');
    await run(pgDump, [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      file,
      '--dbname',
      config.databaseUrl,
    ]).catch((error: unknown) => {
      throw new BackupError(`pg_dump failed: ${stderrOf(error)}`);
    });
    log.info({ file, database: 'postgres' }, 'backup written (pg_dump, custom format)');
    return;
  }
  embedded(config, 'db:backup');
  const dir = pgliteDir(config);
  const lock = lockDataDir(config, 'db:backup');
  try {
    if (!existsSync(join(dir, 'PG_VERSION')))
      throw new BackupError(`there is no embedded database in ${dir} yet.`);
    const client = await PGlite.create(dir, { extensions: pgliteExtensions });
    try {
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
  log.info({ file, database: 'pglite' }, 'backup written (PGlite data folder, gzipped tar)');
}

/**
 * Restores `file` into the configured database. A database that already has tables (or a data
 * folder that already has a database) is replaced only with `replace`: PostgreSQL's schemas are
 * dropped first; PGlite's folder is moved aside, not deleted.
 */
export async function restoreCommand(
  config: Config,
  log: FastifyBaseLogger,
  file: string,
  replace: boolean,
): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const kind = kindOfFile(file);
  const wanted: BackupKind = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind === null) throw new BackupError(`${file} is not a backup made by db:backup.`);
  if (kind !== wanted)
    throw new BackupError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup; set DATABASE_URL to the PostgreSQL database to restore it into.`
        : `${file} is a backup of the embedded database; unset DATABASE_URL and set DATA_DIR to restore it.`,
    );
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, file, replace);
  else {
    embedded(config, 'db:restore');
    const moved = await restorePglite(config, file, replace);
    if (moved) log.info({ previous: moved }, 'the data folder it replaced was kept here');
  }
  log.info({ file, database: wanted }, 'backup restored');
}

async function restorePostgres(url: string, file: string, replace: boolean): Promise<void> {
  const pgRestore = await tool('pg_restore');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const tables = rows[0]?.n ?? 0;
    if (tables > 0 && !replace)
      throw new BackupError(
        `the database is not empty (${tables} tables). Stop every server using it, then run again with --replace to drop everything in it and restore the backup.`,
      );
    if (tables > 0) {
      // Everything the app made: its tables, the migrations' record, sequences, functions.
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
    }
  } finally {
    await client.end();
  }
  await run(pgRestore, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    '--dbname',
    url,
    file,
  ]).catch((error: unknown) => {
    throw new BackupError(`pg_restore failed: ${stderrOf(error)}`);
  });
}

/** Restores into DATA_DIR; returns where a replaced folder was moved, if one was. */
async function restorePglite(
  config: Config,
  file: string,
  replace: boolean,
): Promise<string | null> {
  const dir = pgliteDir(config);
  const lock = lockDataDir(config, 'db:restore');
  try {
    let moved: string | null = null;
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!replace)
        throw new BackupError(
          `${dir} already holds a database. Run again with --replace to move it aside (kept as ${dir}.replaced-<time>) and restore the backup.`,
        );
      moved = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, moved);
    }
    const client = await PGlite.create(dir, {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([readFileSync(file)]),
    });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
    return moved;
  } finally {
    lock.release();
  }
}

function stderrOf(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return stderr || (error instanceof Error ? error.message : String(error));
}
