// Starts a Seminar server as its own process — the built bundle (as `npm start` runs it) or the
// TypeScript source through tsx — on a free port, and waits until /readyz answers.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  url: string;
  port: number;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM and wait (graceful); `kill()` is SIGKILL (a crash). */
  stop(): Promise<void>;
  kill(): Promise<void>;
  /** Sends `signal` and returns at once (a drain watched from outside); see `exited`. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (null: killed by a signal) once the process has exited. */
  readonly exited: Promise<number | null>;
  /**
   * Gives a server started with `nice` the normal priority back (every thread of it), where this
   * process may (Linux, as root); false when it could not.
   */
  unnice(): boolean;
}

/** How long a stopped server may take to exit (its own forced exit: SHUTDOWN_GRACE_SECONDS, 10). */
const STOP_BOUND_MS = 15_000;
const START_BOUND_MS = 110_000;

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Whether process `pid` holds the listening TCP socket of `port` (Linux: its descriptors' socket
 * inodes against /proc/net/tcp{,6}). Where /proc is missing it cannot tell, and says yes.
 */
export function listensOn(pid: number, port: number): boolean {
  if (!existsSync('/proc/net/tcp')) return true;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is field 1 (ADDR:PORT), st field 3 (0A: LISTEN), inode field 9.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9])
        inodes.add(`socket:[${fields[9]}]`);
    }
  }
  if (inodes.size === 0) return false;
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return true;
      } catch {
        // Closed while listed.
      }
    }
  } catch {
    return false;
  }
  return false;
}

/** Starts of a server whose port was taken before it listened (by a test file in parallel). */
const START_TRIES = 5;

/**
 * The tests' password hashing: outside production, scrypt at its lowest cost. The default's ~0.3 s
 * of a core per sign-up and sign-in is most of some tests' time; production refuses it, and its
 * tests check the default (docs/accounts.md#password-storage).
 */
export function cheapPasswordHashes(env: Record<string, string> = {}): Record<string, string> {
  return env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: '1024' };
}

/**
 * Starts a server. `from: 'dist'` runs apps/server/dist/main.js (build first); `'source'` runs
 * apps/server/src/main.ts with tsx. `env` adds to or overrides the environment; without
 * DATABASE_URL the server uses PGlite in a fresh temporary DATA_DIR.
 *
 * PUBLIC_URL names the port before the server starts, so it cannot listen on port 0: the port comes
 * from `freePort`, whose probe has closed by then, and another test file may take it first. The
 * server then exits with EADDRINUSE and is started again on another port (not when `port` is given).
 */
export async function startServerProcess(
  options: {
    from?: 'dist' | 'source';
    env?: Record<string, string>;
    port?: number;
    /** With `from: 'source'`: a TypeScript entry that starts the server (e.g. with a probe). */
    entry?: string;
    /** Node options before the entry (e.g. --expose-gc). */
    nodeArgs?: string[];
    /** Picks the port when `port` is not given (tests of the retry hand out a taken one). */
    freePort?: () => Promise<number>;
    /** An embedded database folder to start from: copied into the server's own DATA_DIR. */
    dataDirFrom?: string;
    /** Starts it at this niceness (`nice -n`): a server made ahead of need yields the CPU. */
    nice?: number;
    /** Told the process and its data folder as soon as it is spawned (to clean up after a crash). */
    spawned?: (child: { pid: number; dataDir: string }) => void;
  } = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await (options.freePort ?? freePort)());
    try {
      return await launch(options, port);
    } catch (error) {
      const taken = error instanceof PortTakenError;
      if (!taken || options.port !== undefined || attempt >= START_TRIES) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function launch(
  options: Parameters<typeof startServerProcess>[0] & object,
  port: number,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seminar-server-'));
  if (options.dataDirFrom) cpSync(options.dataDirFrom, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.from === 'source'
      ? ['--import', 'tsx', options.entry ?? join(repoRoot, 'apps/server/src/main.ts')]
      : [join(repoRoot, 'apps/server/dist/main.js')]),
  ];
  const [command, commandArgs] =
    options.nice === undefined
      ? [process.execPath, args]
      : ['nice', ['-n', String(options.nice), process.execPath, ...args]];
  const child: ChildProcess = spawn(command, commandArgs, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...cheapPasswordHashes(options.env),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) options.spawned?.({ pid: child.pid, dataDir });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  // A bound on waiting for /readyz, not a wait: a fresh PGlite migrates and seeds before it is
  // ready, which took over 60 s on 2 cores shared with other test runs (under the e2e hooks' 120 s).
  const deadline = Date.now() + START_BOUND_MS;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      if (output.includes('EADDRINUSE')) throw new PortTakenError(`port ${port} was taken`);
      throw new Error(`server exited during start:\n${output}`);
    }
    // Another process's server on a taken port would answer /readyz too: it counts only once
    // our child is the one listening there.
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok && child.pid !== undefined && listensOn(child.pid, port)) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `server did not become healthy within ${START_BOUND_MS / 1000} s:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const finish = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      // The server forces its own exit 10 s (the default grace) after SIGTERM; past 15 s it is stuck, which is a bug
      // to report with its output rather than a test run that hangs.
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(resolve, STOP_BOUND_MS, false)),
      ]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
        throw new Error(
          `server did not exit within ${STOP_BOUND_MS / 1000} s of ${signal} (killed):\n${output.slice(-4_000)}`,
        );
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    port,
    output: () => output,
    stop: () => finish('SIGTERM'),
    kill: () => finish('SIGKILL'),
    signal: (signal) => child.kill(signal),
    unnice: () => child.pid !== undefined && unnice(child.pid),
    exited: exited.then((code) => {
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    }),
  };
}

/** Sets every thread of `pid` to niceness 0 (`nice` exec's node, so the pid is the server's). */
function unnice(pid: number): boolean {
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) setPriority(Number(thread), 0);
    return true;
  } catch {
    // Not Linux, not allowed (raising priority needs CAP_SYS_NICE), or the process has ended.
    return false;
  }
}
