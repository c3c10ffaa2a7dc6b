// `npm run db:backup` on the embedded database while a server holds its data folder: a copy of
// files another process writes would not be consistent, so it refuses, says to stop the server and
// writes nothing (docs/operations.md#backups). PGlite only: PostgreSQL is copied by pg_dump, which
// takes a consistent snapshot of a running database.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { acquireDataDirLock } from '../../src/db/dataDirLock';
import { serverRoot } from '../../src/paths';

const run = promisify(execFile);
const repoRoot = join(serverRoot, '..', '..');
const workDir = mkdtempSync(join(tmpdir(), 'seminar-backup-lock-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it('refuses to copy the embedded database while a server holds its folder', async () => {
  const dataDir = join(workDir, 'data');
  // What a running server holds (its pid is this live process).
  const lock = acquireDataDirLock(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, INIT_CWD: workDir };
  delete env.DATABASE_URL;
  try {
    const failed = await run(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [join(serverRoot, 'src', 'cli', 'db-backup.ts'), 'running.backup'],
      { cwd: repoRoot, env },
    ).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('db:backup: it needs the embedded database to itself');
    expect(failed?.stderr).toContain('Stop it first');
    expect(existsSync(join(workDir, 'running.backup'))).toBe(false);
  } finally {
    lock.release();
  }
}, 60_000);
