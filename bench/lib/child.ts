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
  stop(): Promise<void>;
}

/**
 * Starts `script` (relative to bench/) as a child with its own port. BENCH_CPU_PROF=1 writes a
 * V8 CPU profile of every child to bench/.profiles/ when it exits.
 */
export async function startChild(script: string, env: Record<string, string>): Promise<ChildHandle> {
  const port = await freePort();
  const execArgv = ['--import', 'tsx', '--expose-gc'];
  if (process.env.BENCH_CPU_PROF === '1') {
    const dir = join(benchDir, '.profiles');
    mkdirSync(dir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
  }
  const child: ChildProcess = fork(join(benchDir, script), [], {
    execArgv,
    env: { ...process.env, ...env, BENCH_CHILD_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, (value: unknown) => void>();
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      for (const resolveWaiting of waiting.values()) resolveWaiting(null);
      waiting.clear();
      resolve();
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 90 s`)), 90_000);
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
        waiting.get(message.id)?.(message.value);
        waiting.delete(message.id);
      }
    });
  });
  const request = <T>(type: ChildRequest['type']) =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(new Error(`${script} has exited`));
      const id = nextId;
      nextId += 1;
      waiting.set(id, (value) => resolve(value as T));
      child.send({ id, type } satisfies ChildRequest);
    });
  return {
    url,
    pid: child.pid ?? 0,
    memory: () => request<NodeJS.MemoryUsage>('memory'),
    cpu: () => request<NodeJS.CpuUsage>('cpu'),
    stats: <T>() => request<T>('stats'),
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

/** Starts the bare `ws` broadcast server (the baseline). */
export function startBaseline(): Promise<ChildHandle> {
  return startChild('baseline-child.ts', {});
}
