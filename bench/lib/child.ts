// The bench side of a child process (the real server or the bare ws baseline): fork it with tsx and
// --expose-gc, wait until it listens, ask it for memory and CPU time, stop it.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildReady, ChildReply, ChildRequest } from './childIpc';
import { benchDir, freePort } from './util';

export interface ChildHandle {
  url: string;
  pid: number;
  memory(): Promise<NodeJS.MemoryUsage>;
  /** User + system CPU time in microseconds. */
  cpu(): Promise<NodeJS.CpuUsage>;
  stats<T>(): Promise<T>;
  /** Runs one of the child's own calls (serveChildRequests' `calls`) and answers its value. */
  call<T>(name: string, arg: unknown): Promise<T>;
  /** With BENCH_PROFILE=1: starts a CPU profile of the child (else does nothing). */
  profileStart(): Promise<void>;
  /** With BENCH_PROFILE=1: writes the profile to bench/.profiles/<name>.cpuprofile (else nothing). */
  profileStop(name: string): Promise<void>;
  /** With BENCH_PROFILE=1: writes a heap snapshot to bench/.profiles/<name>.heapsnapshot. */
  heapSnapshot(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** BENCH_PROFILE=1: the benches profile the server's busy windows into bench/.profiles/. */
export const profiling = process.env.BENCH_PROFILE === '1';
const profileDir = join(benchDir, '.profiles');

/** Starts `script` (relative to bench/) as a child with its own port. */
export async function startChild(
  script: string,
  env: Record<string, string>,
): Promise<ChildHandle> {
  const port = await freePort();
  const execArgv = ['--import', 'tsx', '--expose-gc'];
  const child: ChildProcess = fork(join(benchDir, script), [], {
    execArgv,
    env: { ...process.env, ...env, BENCH_CHILD_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, (reply: ChildReply | null) => void>();
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      for (const answer of waiting.values()) answer(null);
      waiting.clear();
      resolve();
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start within 90 s`)),
      90_000,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready`));
    });
    child.on('message', (message: ChildReady | ChildReply) => {
      if ('type' in message && message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.url);
        return;
      }
      if ('id' in message) {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    });
  });
  const request = <T>(type: ChildRequest['type'], extra: Omit<ChildRequest, 'id' | 'type'> = {}) =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(new Error(`${script} has exited`));
      const id = nextId;
      nextId += 1;
      waiting.set(id, (reply) => {
        if (reply?.error) reject(new Error(`${script}: ${type} failed: ${reply.error}`));
        else resolve((reply?.value ?? null) as T);
      });
      child.send({ id, type, ...extra } satisfies ChildRequest);
    });
  return {
    url,
    pid: child.pid ?? 0,
    memory: () => request<NodeJS.MemoryUsage>('memory'),
    cpu: () => request<NodeJS.CpuUsage>('cpu'),
    stats: <T>() => request<T>('stats'),
    call: <T>(name: string, arg: unknown) => request<T>('call', { name, arg }),
    async profileStart() {
      if (profiling) await request('profile-start');
    },
    async profileStop(name) {
      if (!profiling) return;
      mkdirSync(profileDir, { recursive: true });
      await request('profile-stop', { path: join(profileDir, `${name}.cpuprofile`) });
    },
    async heapSnapshot(name) {
      if (!profiling) return;
      mkdirSync(profileDir, { recursive: true });
      await request('heap-snapshot', { path: join(profileDir, `${name}.heapsnapshot`) });
    },
    async stop() {
      if (exited) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await request('stop').catch(() => undefined);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Starts the real server on `databaseUrl`. */
export function startServer(databaseUrl: string): Promise<ChildHandle> {
  return startChild('server-child.ts', { BENCH_CHILD_DATABASE_URL: databaseUrl });
}

/** Starts the real server on an embedded database (PGlite) in a fresh folder of its own. */
export function startPgliteServer(dataDir: string): Promise<ChildHandle> {
  return startChild('server-child.ts', { BENCH_CHILD_DATA_DIR: dataDir });
}

/** Starts the bare `ws` broadcast server (the baseline). */
export function startBaseline(): Promise<ChildHandle> {
  return startChild('baseline-child.ts', {});
}

/** Starts the Socket.IO room broadcast server (the fanout-lecture peer). */
export function startSocketIo(): Promise<ChildHandle> {
  return startChild('socketio-child.ts', {});
}
