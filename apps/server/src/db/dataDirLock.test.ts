// The data folder lock in one process: refused while held, taken over when its owner is gone.
// The two-process journey (a second server exits, a killed server's lock is taken over) is
// apps/server/test/pglite/dataDirLock.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DATA_DIR_LOCK_FILE, DataDirLockedError } from './dataDirLock';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'seminar-lock-'));
  folders.push(folder);
  return folder;
}
const lockOf = (folder: string) =>
  JSON.parse(readFileSync(join(folder, DATA_DIR_LOCK_FILE), 'utf8')) as { pid: number };

/** The pid of a process that has exited (and so cannot own anything). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('acquireDataDirLock', () => {
  it('writes the owner, refuses a second holder, and frees the folder on release', () => {
    const folder = dataDir();
    const lock = acquireDataDirLock(folder);
    expect(lockOf(folder).pid).toBe(process.pid);
    expect(() => acquireDataDirLock(folder)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(folder)).toThrow(
      new RegExp(`Another Seminar server \\(pid ${process.pid} .*delete .*server\\.lock`),
    );
    lock.release();
    expect(existsSync(join(folder, DATA_DIR_LOCK_FILE))).toBe(false);
    acquireDataDirLock(folder).release();
  });

  it('creates the folder when it does not exist yet', () => {
    const folder = join(dataDir(), 'new', 'data');
    const lock = acquireDataDirLock(folder);
    expect(lockOf(folder).pid).toBe(process.pid);
    lock.release();
  });

  it.each([
    ['a process that has exited', async () => ({ pid: await deadPid(), hostname: hostname() })],
    [
      'a reused pid (this process, which does not hold it)',
      async () => ({ pid: process.pid, hostname: hostname() }),
    ],
  ])('takes over a lock left by %s', async (_label, owner) => {
    const folder = dataDir();
    writeFileSync(join(folder, DATA_DIR_LOCK_FILE), JSON.stringify(await owner()));
    const lock = acquireDataDirLock(folder);
    expect(lockOf(folder).pid).toBe(process.pid);
    lock.release();
  });

  // Process start times come from /proc (Linux); elsewhere a live pid keeps its lock.
  it('takes over a lock whose live pid started at another time (reused after a reboot)', () => {
    const folder = dataDir();
    const owner = { pid: process.ppid, hostname: hostname(), processStart: '1' };
    writeFileSync(join(folder, DATA_DIR_LOCK_FILE), JSON.stringify(owner));
    if (!existsSync(`/proc/${process.ppid}/stat`)) {
      expect(() => acquireDataDirLock(folder)).toThrow(DataDirLockedError);
      return;
    }
    const lock = acquireDataDirLock(folder);
    expect(lockOf(folder).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock file that is not a lock', () => {
    const folder = dataDir();
    writeFileSync(join(folder, DATA_DIR_LOCK_FILE), 'garbage');
    const lock = acquireDataDirLock(folder);
    expect(lockOf(folder).pid).toBe(process.pid);
    lock.release();
  });

  it.each([
    ['a live process on this host', { pid: process.ppid, hostname: hostname() }],
    // Its pid cannot be checked from here, so only a person may clear it.
    ['a process on another host', { pid: 1, hostname: `not-${hostname()}` }],
  ])('refuses a lock held by %s and leaves it in place', (_label, owner) => {
    const folder = dataDir();
    writeFileSync(join(folder, DATA_DIR_LOCK_FILE), JSON.stringify(owner));
    expect(() => acquireDataDirLock(folder)).toThrow(DataDirLockedError);
    expect(lockOf(folder).pid).toBe(owner.pid);
  });

  it('release leaves a lock that another process has taken since', () => {
    const folder = dataDir();
    const lock = acquireDataDirLock(folder);
    const other = { pid: process.ppid, hostname: hostname() };
    writeFileSync(join(folder, DATA_DIR_LOCK_FILE), JSON.stringify(other));
    lock.release();
    expect(lockOf(folder).pid).toBe(process.ppid);
  });
});
