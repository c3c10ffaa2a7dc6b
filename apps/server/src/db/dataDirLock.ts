// Docs: README.md#one-server-per-data-folder — one server process per embedded data folder. PGlite
// is one process's database: two processes on one DATA_DIR both start, hand out the same seqs and
// lose one side's acknowledged writes. DATA_DIR/server.lock names the process that owns the folder;
// a second server stops with a clear message, and a lock left by a process that is gone (a crash,
// kill -9, a reboot) is taken over.
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/** The lock file's name inside DATA_DIR. */
export const DATA_DIR_LOCK_FILE = 'server.lock';

/** What the lock file records about its owner. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** When the owning process started (Linux: clock ticks after boot, from /proc), to spot pid reuse. */
  processStart: string | null;
  startedAt: string;
}

/** Another live process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner,
  ) {
    super(
      `Another Seminar server (pid ${owner.pid} on ${owner.hostname}, started ${owner.startedAt}) ` +
        `is using the data folder ${resolve(lockPath, '..')}. Stop it first, or give this server ` +
        `another DATA_DIR. If no server is running there, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** A held lock: `release()` removes the file (only while it is still ours). */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

// Locks this process holds, so a second acquire in the same process is refused too (its own pid
// in the file is otherwise a leftover of an earlier process that had the same pid).
const held = new Set<string>();

/** The start time of process `pid` as the kernel records it, or null where that is not readable. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); fields are counted after the command name, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0)
      return null;
    return {
      pid: owner.pid,
      hostname: typeof owner.hostname === 'string' ? owner.hostname : 'an unknown host',
      processStart: typeof owner.processStart === 'string' ? owner.processStart : null,
      startedAt: typeof owner.startedAt === 'string' ? owner.startedAt : 'at an unknown time',
    };
  } catch {
    // Unreadable or not a lock we wrote (it is written whole, see tryCreate): nobody owns it.
    return null;
  }
}

/**
 * True when the process the lock names still runs. On another host we cannot tell, so the lock
 * holds (the message says how to clear it).
 */
function ownerIsRunning(path: string, owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return true;
  if (owner.pid === process.pid) return held.has(path);
  if (!isAlive(owner.pid)) return false;
  // The pid is in use, but by the process that wrote the lock? (pids are reused, e.g. after a reboot.)
  const start = processStartOf(owner.pid);
  return owner.processStart === null || start === null || start === owner.processStart;
}

// The file is written whole under a temporary name and then linked into place: link() fails when
// the lock exists (so creating it is atomic), and no reader ever sees a half-written lock.
function tryCreate(path: string, owner: LockOwner): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(owner)}\n`);
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * Moves a stale lock aside. Only the file that was judged stale may go: if another process took
 * it over meanwhile, its lock is put back and this start is refused.
 */
function removeStale(path: string, stale: LockOwner | null): void {
  const aside = `${path}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  const same =
    moved === null
      ? stale === null
      : stale !== null && moved.pid === stale.pid && moved.processStart === stale.processStart;
  if (!same) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone else holds a lock by now: theirs stays.
    }
  }
  unlinkSync(aside);
}

/**
 * Takes DATA_DIR/server.lock for this process, or throws {@link DataDirLockedError} when a live
 * process holds it. Creating the file is atomic, so of two servers starting together only one wins.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(join(dataDir, DATA_DIR_LOCK_FILE));
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    processStart: processStartOf(process.pid),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(path, owner)) {
      held.add(path);
      return {
        path,
        release() {
          if (!held.delete(path)) return;
          const current = readOwner(path);
          if (current?.pid === owner.pid && current.processStart === owner.processStart) {
            try {
              unlinkSync(path);
            } catch {
              // Already gone.
            }
          }
        },
      };
    }
    const existing = readOwner(path);
    if (existing && ownerIsRunning(path, existing)) throw new DataDirLockedError(path, existing);
    removeStale(path, existing);
  }
  const existing = readOwner(path);
  throw new DataDirLockedError(
    path,
    existing ?? { pid: 0, hostname: 'unknown', processStart: null, startedAt: 'unknown' },
  );
}
