// Small helpers shared by the benchmarks: paths, ports, timing, percentiles, tables, result files.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench/ folder. */
export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** BENCH_QUICK=1: shorter steps so the whole run takes under three minutes. */
export const quick = process.env.BENCH_QUICK === '1';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
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

/** Runs `fn` over `items` with at most `limit` at a time; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The p-th percentile (0–100) of `values` (nearest rank); NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Rounds for display and JSON: 0 decimals from 100 up, 1 from 10, else 2. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Formats a table with aligned columns: text left, numbers right. */
export function formatTable(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = rows.map((row) =>
    row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)),
  );
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const numeric = headers.map(
    (_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join(
    '\n',
  );
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return '∞';
  return round(value).toLocaleString('en-US');
}

/** What every benchmark writes to bench/results/<name>.json. */
export interface BenchResult {
  name: string;
  unit: string;
  ours: number;
  baseline: number;
  /** ours / baseline, higher is better (memory: baseline bytes per connection / ours). */
  ratio: number;
  goal: number;
  /** Other systems measured in the same run (e.g. Socket.IO): ours must reach each of them too. */
  peers?: Record<string, number>;
  /** Goals beyond the ratio, each met or not (web: scores and bytes; chat: times). */
  goalsMet?: Record<string, boolean>;
  /** How the summary shows the goal, when it is not "≥ ratio". */
  goalText?: string;
  [detail: string]: unknown;
}

/** The ratio reaches the goal, ours reaches every peer, and every named goal (`goalsMet`) is met. */
export function goalMet(result: BenchResult): boolean {
  return (
    result.ratio >= result.goal &&
    Object.values(result.peers ?? {}).every((peer) => result.ours >= peer) &&
    Object.values(result.goalsMet ?? {}).every(Boolean)
  );
}

/** Writes bench/results/<name>.json and returns its path. */
export function writeResult(result: BenchResult): string {
  const path = join(benchDir, 'results', `${result.name}.json`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}

/** CPU time counters from /proc (Linux), in clock ticks: the machine, and each `postgres` process. */
interface ProcSample {
  machineBusy: number;
  postgres: Map<string, number>;
}

function sampleProc(): ProcSample {
  const sample: ProcSample = { machineBusy: 0, postgres: new Map() };
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    sample.machineBusy = total - (fields[3] ?? 0) - (fields[4] ?? 0);
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        const rest = stat.slice(close + 2).split(' ');
        sample.postgres.set(pid, Number(rest[11]) + Number(rest[12]));
      } catch {
        // The process ended while we read.
      }
    }
  } catch {
    // Not Linux: the figures come out as NaN.
    sample.machineBusy = Number.NaN;
  }
  return sample;
}

/** Clock ticks per second for /proc times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Where the CPU went during a window, each in % of one core (the machine has several). */
export interface CpuShare {
  /** This process: the bench's clients. */
  benchPct: number;
  /** The server (or baseline) child. */
  serverPct: number;
  /** Every postgres process (backends started in the window included). */
  postgresPct: number;
  /** Everything else on the machine (other users' work, the kernel's share not charged above). */
  otherPct: number;
  /** The window's length. */
  seconds: number;
}

/**
 * Starts measuring CPU time: this process, a child (via `childCpu`), PostgreSQL and the whole
 * machine. Call the returned function at the end of the window.
 */
export async function cpuWindow(
  childCpu: () => Promise<NodeJS.CpuUsage>,
): Promise<() => Promise<CpuShare>> {
  const started = performance.now();
  const bench = process.cpuUsage();
  const child = await childCpu();
  const proc = sampleProc();
  return async () => {
    const seconds = (performance.now() - started) / 1000;
    const benchUsed = process.cpuUsage(bench);
    const childNow = await childCpu();
    const procNow = sampleProc();
    let postgresTicks = 0;
    for (const [pid, ticks] of procNow.postgres)
      postgresTicks += ticks - (proc.postgres.get(pid) ?? 0);
    const pct = (microseconds: number) => (100 * microseconds) / 1e6 / seconds;
    const benchPct = pct(benchUsed.user + benchUsed.system);
    const serverPct = pct(childNow.user + childNow.system - child.user - child.system);
    const postgresPct = (100 * postgresTicks) / TICKS_PER_SECOND / seconds;
    const machinePct =
      (100 * (procNow.machineBusy - proc.machineBusy)) / TICKS_PER_SECOND / seconds;
    return {
      benchPct,
      serverPct,
      postgresPct,
      otherPct: Math.max(0, machinePct - benchPct - serverPct - postgresPct),
      seconds,
    };
  };
}
