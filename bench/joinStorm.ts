// join-storm: the 9:00 lecture. N signed-in students (BENCH_JOIN_STORM, 300) open the class page at
// once against one node: the live socket, their classes, the class's channels, the open channel's
// newest page and its typing/online notices, and "I am online" (a write every other student is
// told of). Measured per student: time from the storm's start until the newest message is in
// (p50/p99/max), and the CPU the server and PostgreSQL spent per join. Baseline, in the same run:
// the same reads and the same presence write as plain SQL over one pg pool (no live layer, no
// socket, no fan-out), N at once; its "server" CPU is the bench process's own.
// Docs: bench/README.md#join-storm--benchjoinstormts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPgliteServer, type ChildHandle } from './lib/child';
import type { BenchContext } from './lib/context';
import { signUpUsers, type BenchSession } from './lib/fixtures';
import { LiveSocket } from './lib/liveSocket';
import { seedStorm, stormBaseline, STORM_HISTORY, type Join, type StormFixture } from './lib/storm';
import {
  cpuWindow,
  formatTable,
  percentile,
  quick,
  round,
  sleep,
  type BenchResult,
  type CpuShare,
} from './lib/util';

const STUDENTS = Number(process.env.BENCH_JOIN_STORM ?? 300);
/**
 * The embedded database's storm: 300 in the full run; 100 in the quick run, whose budget (< 4 min)
 * has no room for the embedded database's slower 300 (BENCH_JOIN_STORM sets both).
 */
const PGLITE_STUDENTS = Number(process.env.BENCH_JOIN_STORM ?? (quick ? 100 : 300));
/** The server's pool in the bench child (BENCH_POOL_SIZE): the baseline gets as many connections. */
const POOL = Number(process.env.BENCH_POOL_SIZE ?? 20);
const P99_GOAL_MS = 2_000;
/** Server CPU per join within 2× the baseline's: baseline ms / ours ms ≥ 0.5. */
const GOAL = 0.5;

/** Whether a live event's rows include the message `id`. */
function hasRow(data: unknown, id: string): boolean {
  const rows = (data as { rows?: Array<{ id?: string }> }).rows;
  return Array.isArray(rows) && rows.some((row) => row.id === id);
}

/** One student opening the class page over the live socket, as the web app does. */
async function joinLive(
  url: string,
  fixture: StormFixture,
  session: BenchSession,
  start: number,
  events: { count: number },
  opened: LiveSocket[],
): Promise<Join> {
  const socket = await LiveSocket.connect(url, session.cookie);
  opened.push(socket);
  const count = () => (events.count += 1);
  const channel = { class_id: fixture.classId, channel_id: fixture.channelId };
  let newest = 0;
  await Promise.all([
    socket.subscribe('classes.mine', {}, count),
    socket.subscribe('channels.live', { class_id: fixture.classId }, count),
    socket.subscribe('messages.live', channel, (data) => {
      count();
      if (newest === 0 && hasRow(data, fixture.newestId)) newest = performance.now() - start;
    }),
    socket.subscribe('channels.notifications', channel, count),
    socket.mutation('channels.notify', { ...channel, type: 'user_online' }),
  ]);
  return { newest, done: performance.now() - start };
}

function summary(joins: Join[]) {
  const newest = joins.map((entry) => entry.newest);
  return {
    p50: round(percentile(newest, 50)),
    p99: round(percentile(newest, 99)),
    max: round(Math.max(...newest)),
    allDone: round(Math.max(...joins.map((entry) => entry.done))),
    missing: newest.filter((ms) => ms === 0).length,
  };
}

/**
 * Transactions committed in the bench database so far. An idle backend reports its counts up to
 * 10 s late (PostgreSQL's idle stats interval), so this waits that long — only outside BENCH_QUICK,
 * whose budget has no room for it (then NaN: the quick table shows no count).
 */
async function transactions(context: BenchContext): Promise<number> {
  if (quick) return Number.NaN;
  await sleep(10_500);
  const [row] = await context.database.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    [],
  );
  return Number(row?.n ?? 0);
}

interface StormRun {
  joins: Join[];
  /** The server's CPU over the storm and its presence fan-out, ms. */
  serverMs: number;
  cpu: CpuShare;
  events: number;
}

/** Every student at once against the one node, until the presence fan-out has settled. */
async function storm(server: ChildHandle, fixture: StormFixture, name: string): Promise<StormRun> {
  const opened: LiveSocket[] = [];
  const events = { count: 0 };
  await server.profileStart();
  const before = await server.cpu();
  const window = await cpuWindow(() => server.cpu());
  const start = performance.now();
  const joins = await Promise.all(
    fixture.sessions.map((session) =>
      joinLive(server.url, fixture, session, start, events, opened),
    ),
  );
  // Until every "online" was told to every student.
  let seen = -1;
  while (seen !== events.count) {
    seen = events.count;
    await sleep(300);
  }
  const cpu = await window();
  const after = await server.cpu();
  await server.profileStop(name);
  await Promise.all(opened.map((socket) => socket.close()));
  await sleep(500);
  const serverMs = (after.user + after.system - before.user - before.system) / 1000;
  return { joins, serverMs, cpu, events: events.count };
}

/** The table both databases print, and the result both write. */
function report(
  name: string,
  database: 'postgres' | 'pglite',
  ours: StormRun,
  baseline: { joins: Join[]; serverMs: number; cpu: CpuShare | null },
  transactionsPerJoin: { ours: number; baseline: number } | null,
): BenchResult {
  const students = ours.joins.length;
  const perJoin = (ms: number) => round(ms / students);
  const pgPerJoin = (share: CpuShare) =>
    round(((share.postgresPct / 100) * share.seconds * 1000) / students);
  const oursSummary = summary(ours.joins);
  const baseSummary = summary(baseline.joins);
  const oursPerJoin = perJoin(ours.serverMs);
  const basePerJoin = perJoin(baseline.serverMs);
  const embedded = database === 'pglite';
  console.log(
    formatTable(
      [
        'system',
        'p50 ms',
        'p99 ms',
        'max ms',
        'all done ms',
        'server cpu ms/join',
        'pg cpu ms/join',
        'sql tx/join',
        'events',
      ],
      [
        [
          `ours (${database})`,
          oursSummary.p50,
          oursSummary.p99,
          oursSummary.max,
          oursSummary.allDone,
          oursPerJoin,
          embedded ? 'in server' : pgPerJoin(ours.cpu),
          transactionsPerJoin ? round(transactionsPerJoin.ours) : '–',
          ours.events,
        ],
        [
          'baseline (SQL)',
          baseSummary.p50,
          baseSummary.p99,
          baseSummary.max,
          baseSummary.allDone,
          basePerJoin,
          embedded || !baseline.cpu ? 'in server' : pgPerJoin(baseline.cpu),
          transactionsPerJoin ? round(transactionsPerJoin.baseline) : '–',
          '—',
        ],
      ],
    ),
  );
  if (oursSummary.missing > 0)
    throw new Error(`${oursSummary.missing} students never got the newest message`);
  return {
    name,
    unit: 'server CPU ms per join (lower is better)',
    ours: oursPerJoin,
    baseline: basePerJoin,
    ratio: round(basePerJoin / oursPerJoin),
    goal: GOAL,
    goalText: `p99 ≤ ${P99_GOAL_MS} ms, cpu ≤ 2× baseline`,
    goalsMet: { p99: oursSummary.p99 <= P99_GOAL_MS, cpu: basePerJoin / oursPerJoin >= GOAL },
    database,
    students,
    latencyMs: { ours: oursSummary, baseline: baseSummary },
    ...(embedded
      ? {}
      : {
          postgresCpuMsPerJoin: {
            ours: pgPerJoin(ours.cpu),
            baseline: baseline.cpu ? pgPerJoin(baseline.cpu) : null,
          },
        }),
    cpu: { ours: ours.cpu, baseline: baseline.cpu },
    events: ours.events,
    ...(transactionsPerJoin
      ? {
          sqlTransactionsPerJoin: {
            ours: round(transactionsPerJoin.ours),
            baseline: round(transactionsPerJoin.baseline),
          },
        }
      : {}),
  };
}

/** join-storm on PostgreSQL: the shared server child; the baseline over a pool in this process. */
export async function joinStorm(context: BenchContext): Promise<BenchResult> {
  const { server, log } = context;
  const template = context.fixture.sessions[0]?.cookie ?? '';
  const fixture = await seedStorm(context.database, STUDENTS, template);
  log(`join-storm: ${STUDENTS} students, one class, one channel of ${STORM_HISTORY} messages`);

  const txBefore = await transactions(context);
  const ours = await storm(server, fixture, 'join-storm');
  const txOurs = (await transactions(context)) - txBefore;

  // Baseline: the same N at once over one pool in this process.
  const pool = new pg.Pool({ connectionString: context.databaseUrl, max: POOL });
  await pool.query('select 1');
  const txBaseBefore = await transactions(context);
  const baseWindow = await cpuWindow(() => server.cpu());
  const base = await stormBaseline(
    async (text, params) => (await pool.query(text, params)).rows,
    fixture,
  );
  const baseCpu = await baseWindow();
  // The pool's backends report their counts as they exit.
  await pool.end();
  const txBase = (await transactions(context)) - txBaseBefore;
  return report(
    'join-storm',
    'postgres',
    ours,
    { joins: base.joins, serverMs: base.cpuMicros / 1000, cpu: baseCpu },
    quick ? null : { ours: txOurs / STUDENTS, baseline: txBase / STUDENTS },
  );
}

/**
 * join-storm on the embedded database (the laptop case): its own server child on a fresh PGlite
 * folder, which also seeds the class and runs the SQL baseline against the same database (nothing
 * else may open it); the baseline's CPU is that child's.
 */
export async function joinStormPglite(log: (line: string) => void): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seminar-bench-pglite-'));
  const server = await startPgliteServer(dataDir);
  try {
    const [first] = await signUpUsers(server.url, 1);
    const fixture = await server.call<StormFixture>('storm-seed', {
      students: PGLITE_STUDENTS,
      template: first?.cookie ?? '',
    });
    log(
      `join-storm-pglite: ${PGLITE_STUDENTS} students, one class, one channel of ${STORM_HISTORY} messages`,
    );
    const ours = await storm(server, fixture, 'join-storm-pglite');
    const base = await server.call<{ joins: Join[]; cpuMicros: number }>('storm-baseline', fixture);
    return report(
      'join-storm-pglite',
      'pglite',
      ours,
      { joins: base.joins, serverMs: base.cpuMicros / 1000, cpu: null },
      null,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
