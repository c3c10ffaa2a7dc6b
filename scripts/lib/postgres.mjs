// Finds a PostgreSQL for tests and benchmarks: TEST_DATABASE_URL, else 127.0.0.1:5432 if it answers,
// else a throwaway cluster from the installed binaries (/usr/lib/postgresql/*/bin).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** True when a query on `url` answers within a few seconds. */
export async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/**
 * Makes a throwaway cluster's data folder (initdb) and returns `listen(port)`, which starts the
 * server on that port and returns the cluster: its URL, a stop function (stops and deletes it),
 * and `pause()` / `resume()` (stop and start the server on the same data, for outage tests).
 * Null without binaries.
 */
function makeThrowawayCluster() {
  const bin = postgresBinDir();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'seminar-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'log');
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres user when we are root.
  const run = (command, args) => {
    const full = asRoot ? ['-u', 'postgres', '--', join(bin, command), ...args] : args;
    const exe = asRoot ? 'runuser' : join(bin, command);
    execFileSync(exe, full, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const listen = (port) => {
    const start = () =>
      run('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        '-w',
        '-l',
        logFile,
        'start',
      ]);
    start();
    const pause = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    const stop = () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      remove();
    };
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, pause, resume: start };
  };
  const portTaken = () =>
    existsSync(logFile) && readFileSync(logFile, 'utf8').includes('Address already in use');
  return { listen, portTaken, remove };
}

/** Starts a throwaway cluster on `port` (see makeThrowawayCluster); null without binaries. */
export function startThrowawayCluster(port = 54329) {
  const cluster = makeThrowawayCluster();
  if (!cluster) return null;
  try {
    return cluster.listen(port);
  } catch (error) {
    cluster.remove();
    throw error;
  }
}

/**
 * Starts a throwaway cluster on a port from `pickPort`. A picked port can be taken by another
 * process before PostgreSQL binds it (the picker's probe has closed by then): the server then
 * fails with "Address already in use" and is started again on another port.
 */
export async function startThrowawayClusterOnFreePort(pickPort, tries = 5) {
  const cluster = makeThrowawayCluster();
  if (!cluster) return null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return cluster.listen(await pickPort());
    } catch (error) {
      if (!cluster.portTaken() || attempt >= tries) {
        cluster.remove();
        throw error;
      }
    }
  }
}

/**
 * Resolves the PostgreSQL to test against.
 * @returns {{ url: string, source: string, stop?: () => void } | null}
 */
export async function resolvePostgres() {
  if (process.env.TEST_DATABASE_URL) {
    const url = process.env.TEST_DATABASE_URL;
    if (!(await canConnect(url))) throw new Error(`TEST_DATABASE_URL does not answer: ${url}`);
    return { url, source: 'TEST_DATABASE_URL' };
  }
  for (const url of [
    'postgres://postgres@127.0.0.1:5432/postgres',
    'postgres://127.0.0.1:5432/postgres',
  ]) {
    if (await canConnect(url)) return { url, source: '127.0.0.1:5432' };
  }
  const cluster = startThrowawayCluster();
  if (cluster && (await canConnect(cluster.url)))
    return { ...cluster, source: 'throwaway cluster' };
  return null;
}

/** Whether `pg_ctl` exists here, for the error message. */
export function hasPostgresBinaries() {
  return postgresBinDir() !== null || spawnSync('which', ['pg_ctl']).status === 0;
}
