// The child side of the bench's IPC: a child process (the real server or the bare ws baseline)
// answers requests for its memory after a GC, its CPU time and its own counters, records a CPU
// profile or writes a heap snapshot when asked (BENCH_PROFILE=1), and stops cleanly.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeHeapSnapshot } from 'node:v8';

/** A request from the bench to a child. */
export interface ChildRequest {
  id: number;
  type:
    | 'memory'
    | 'cpu'
    | 'stats'
    | 'profile-start'
    | 'profile-stop'
    | 'heap-snapshot'
    | 'call'
    | 'stop';
  /** profile-stop and heap-snapshot: the file to write. */
  path?: string;
  /** call: which of the child's own calls, and its argument (structured-clonable). */
  name?: string;
  arg?: unknown;
}

/** What a child answers: the request's id and a value. */
export interface ChildReply {
  id: number;
  value: unknown;
  /** Set when the request failed in the child (its message and stack). */
  error?: string;
}

/** The first message a child sends, once it listens and is ready. */
export interface ChildReady {
  type: 'ready';
  url: string;
}

/** Collects garbage until the heap stops shrinking (a few rounds), then reads memory. */
async function memoryAfterGc(): Promise<NodeJS.MemoryUsage> {
  if (!globalThis.gc) throw new Error('run the child with --expose-gc');
  let last = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 6; round += 1) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const used = process.memoryUsage().heapUsed;
    if (used >= last * 0.999) break;
    last = used;
  }
  return process.memoryUsage();
}

/** Answers the bench's requests over IPC; sends `ready` at once. */
export function serveChildRequests(options: {
  url: string;
  stats: () => unknown;
  stop: () => Promise<void>;
  /** Work a benchmark asks this child to do in its own process (e.g. on its embedded database). */
  calls?: Record<string, (arg: unknown) => Promise<unknown>>;
}): void {
  const send = (message: ChildReply | ChildReady) => process.send?.(message);
  let profiler: Session | null = null;
  process.on('message', (raw: ChildRequest) => {
    void answer(raw).catch((error: unknown) =>
      send({
        id: raw.id,
        value: null,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    );
  });
  async function answer(raw: ChildRequest): Promise<void> {
    let value: unknown;
    if (raw.type === 'memory') value = await memoryAfterGc();
    else if (raw.type === 'cpu') value = process.cpuUsage();
    else if (raw.type === 'stats') value = options.stats();
    else if (raw.type === 'call') {
      const call = options.calls?.[raw.name ?? ''];
      if (!call) throw new Error(`the child has no call ${raw.name}`);
      value = await call(raw.arg);
    } else if (raw.type === 'profile-start') {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.post('Profiler.start');
    } else if (raw.type === 'profile-stop' && profiler && raw.path) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(raw.path, JSON.stringify(profile));
      profiler.disconnect();
      profiler = null;
      value = raw.path;
    } else if (raw.type === 'heap-snapshot' && raw.path) {
      await memoryAfterGc();
      value = writeHeapSnapshot(raw.path);
    } else if (raw.type === 'stop') {
      await options.stop().catch(() => undefined);
      send({ id: raw.id, value: null });
      process.disconnect?.();
      // Whatever is still open (a socket a client did not close) must not keep the child alive.
      setTimeout(() => process.exit(0), 200).unref();
      return;
    }
    send({ id: raw.id, value });
  }
  // The bench went away: do not linger.
  process.on('disconnect', () => setTimeout(() => process.exit(0), 1000).unref());
  send({ type: 'ready', url: options.url });
}
