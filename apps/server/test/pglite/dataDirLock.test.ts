// One server process per embedded data folder, with real processes: a second server on the same
// DATA_DIR stops with a clear message and a non-zero exit, and the lock of a server killed with
// SIGKILL is taken over by the next start. PGlite only: PostgreSQL has no data folder here.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  freePort,
  repoRoot,
  startServerProcess,
  type ServerProcess,
} from '../../../../test-support/serverProcess';
import { DATA_DIR_LOCK_FILE } from '../../src/db/dataDirLock';

const dataDir = mkdtempSync(join(tmpdir(), 'seminar-shared-data-'));
const lockPath = join(dataDir, DATA_DIR_LOCK_FILE);
const servers: ServerProcess[] = [];
const lockPid = () => (JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number }).pid;

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Runs a server from source on `dataDir` until it exits by itself; its exit code and output. The
 * port is never bound (the lock refuses the start before the server listens), so a port taken
 * meanwhile by a parallel test file changes nothing here.
 */
async function runUntilExit(): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

const start = async () => {
  const server = await startServerProcess({ from: 'source', env: { DATA_DIR: dataDir } });
  servers.push(server);
  return server;
};

it('a second server on the same DATA_DIR stops; a killed server’s lock is taken over', async () => {
  const first = await start();
  const firstPid = lockPid();

  const second = await runUntilExit();
  expect(second.code).toBe(1);
  expect(second.output).toContain(`Another Seminar server (pid ${firstPid} `);
  expect(second.output).toContain(lockPath);
  // The first server still owns the folder and still answers.
  expect(lockPid()).toBe(firstPid);
  expect((await fetch(`${first.url}/healthz`)).ok).toBe(true);

  // A crash leaves the lock behind; its pid is gone, so the next start takes it over.
  await first.kill();
  expect(lockPid()).toBe(firstPid);
  const third = await start();
  expect(lockPid()).not.toBe(firstPid);
  expect((await fetch(`${third.url}/healthz`)).ok).toBe(true);

  // A clean stop frees the folder.
  await third.stop();
  expect(existsSync(lockPath)).toBe(false);
}, 180_000);

it('npm run db:migrate and db:seed stop with one line while a server holds the folder', async () => {
  const server = await start();
  const serverPid = lockPid();
  for (const script of ['migrate', 'seed']) {
    // From a folder of its own, as dbCommands.test.ts does, so no developer's .env comes into play.
    const child = spawn(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [join(repoRoot, `apps/server/src/cli/${script}.ts`)],
      {
        cwd: mkdtempSync(join(tmpdir(), 'seminar-cli-')),
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^db:${script}: Another Seminar server \\(pid ${serverPid} `),
      ),
    ]);
  }
  // The server kept its folder.
  expect(lockPid()).toBe(serverPid);
  expect((await fetch(`${server.url}/readyz`)).ok).toBe(true);
  await server.stop();
}, 120_000);
