// join-storm: the 9:00 lecture. N signed-in students (BENCH_JOIN_STORM, 300) open the class page at
// once against one node: the live socket, their classes, the class's channels, the open channel's
// newest page and its typing/online notices, and "I am online" (a write every other student is
// told of). Measured per student: time from the storm's start until the newest message is in
// (p50/p99/max), and the CPU the server and PostgreSQL spent per join. Baseline, in the same run:
// the same reads and the same presence write as plain SQL over one pg pool (no live layer, no
// socket, no fan-out), N at once; its "server" CPU is the bench process's own.
// Docs: bench/README.md#join-storm--benchjoinstormts
import pg from 'pg';
import { makeRecordId } from '@seminar/shared';
import { channels, classes, classMemberships, messages, users } from '../apps/server/src/db/schema';
import type { BenchContext } from './lib/context';
import { mintSessions, type BenchSession, type BenchUser } from './lib/fixtures';
import { LiveSocket } from './lib/liveSocket';
import {
  cpuWindow,
  formatTable,
  percentile,
  quick,
  round,
  sleep,
  type BenchResult,
} from './lib/util';

const STUDENTS = Number(process.env.BENCH_JOIN_STORM ?? 300);
const HISTORY = 25;
/** The server's pool in the bench child (BENCH_POOL_SIZE): the baseline gets as many connections. */
const POOL = Number(process.env.BENCH_POOL_SIZE ?? 20);
const P99_GOAL_MS = 2_000;
/** Server CPU per join within 2× the baseline's: baseline ms / ours ms ≥ 0.5. */
const GOAL = 0.5;

interface StormFixture {
  classId: string;
  channelId: string;
  newestId: string;
  sessions: BenchSession[];
}

/** A class of N students (distinct users, each with a session) and one channel with history. */
async function stormFixture(context: BenchContext): Promise<StormFixture> {
  const db = context.database.db;
  const stamp = Date.now().toString(36);
  const classId = `storm_class_${stamp}`;
  const channelId = `storm_channel_${stamp}`;
  const students: BenchUser[] = Array.from({ length: STUDENTS }, (_, index) => ({
    uid: `storm_${stamp}_${index}`,
    email: `storm.${stamp}.${index}@bench.seminar.test`,
    name: `Student ${index}, Storm`,
  }));
  for (let start = 0; start < students.length; start += 500)
    await db.insert(users).values(
      students.slice(start, start + 500).map((user) => ({
        id: user.uid,
        name: user.name,
        email: user.email,
        emailVerified: true,
      })),
    );
  await db.insert(classes).values({ class_id: classId, name: 'Storm 101' });
  await db
    .insert(classMemberships)
    .values(students.map((user) => ({ class_id: classId, uid: user.uid, role: 'student' })));
  await db.insert(channels).values({
    channel_id: channelId,
    class_id: classId,
    name: 'lecture',
    is_public: true,
    last_seq: HISTORY,
  });
  const author = students[0] as BenchUser;
  const history = Array.from({ length: HISTORY }, (_, index) => ({
    id: makeRecordId('msg', `${author.uid}${index}`),
    class_id: classId,
    channel_id: channelId,
    seq: index + 1,
    author_uid: author.uid,
    author_name: author.name,
    body: `Before the lecture ${index + 1}: a line of about the length people type in class.`,
  }));
  await db.insert(messages).values(history);
  const template = context.fixture.sessions[0]?.cookie ?? '';
  const sessions = await mintSessions(context.database, students, STUDENTS, template);
  return { classId, channelId, newestId: history.at(-1)?.id ?? '', sessions };
}

interface Join {
  /** ms from the storm's start until the newest message was in. */
  newest: number;
  /** ms until everything the page opens had answered. */
  done: number;
}

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

/** The same reads and presence write as plain SQL: session, classes, channels, page, notices. */
async function joinBaseline(pool: pg.Pool, fixture: StormFixture, token: string, start: number) {
  const session = await pool.query<{ user_id: string }>(
    `select s.user_id, u.name, u.email from sessions s join users u on u.id = s.user_id
      where s.token = $1 and s.expires_at > now()`,
    [token],
  );
  const uid = session.rows[0]?.user_id ?? '';
  const reads = await Promise.all([
    pool.query(
      `select c.* from classes c join class_memberships m on m.class_id = c.class_id
        where m.uid = $1 and not m.deleted and not c.deleted`,
      [uid],
    ),
    pool.query(`select * from channels where class_id = $1 and not deleted`, [fixture.classId]),
    pool.query<{ id: string }>(
      `select * from messages where channel_id = $1 order by seq desc limit 25`,
      [fixture.channelId],
    ),
    pool.query(`select * from channel_notifications where channel_id = $1 and not deleted`, [
      fixture.channelId,
    ]),
    pool.query(
      `insert into channel_notifications (class_id, channel_id, from_uid, type, created_at, deleted, version)
       values ($1, $2, $3, 'user_online', now(), false, nextval('live_version'))
       on conflict (channel_id, from_uid, type)
       do update set created_at = now(), deleted = false, version = nextval('live_version')`,
      [fixture.classId, fixture.channelId, uid],
    ),
  ]);
  const newest = reads[2].rows.some((row) => row.id === fixture.newestId)
    ? performance.now() - start
    : 0;
  return { newest, done: performance.now() - start };
}

/** The session token inside a signed cookie (`name=token.signature`). */
function tokenOf(cookie: string): string {
  return decodeURIComponent(cookie.split('=', 2)[1] ?? '').split('.')[0] ?? '';
}

function summary(joins: Join[]) {
  const newest = joins.map((join) => join.newest);
  return {
    p50: round(percentile(newest, 50)),
    p99: round(percentile(newest, 99)),
    max: round(Math.max(...newest)),
    allDone: round(Math.max(...joins.map((join) => join.done))),
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

export async function joinStorm(context: BenchContext): Promise<BenchResult> {
  const { server, log } = context;
  const fixture = await stormFixture(context);
  log(`join-storm: ${STUDENTS} students, one class, one channel of ${HISTORY} messages`);

  // Ours: every student at once against the one node.
  const opened: LiveSocket[] = [];
  const events = { count: 0 };
  const txBefore = await transactions(context);
  await server.profileStart();
  const serverBefore = await server.cpu();
  const window = await cpuWindow(() => server.cpu());
  let start = performance.now();
  const ours = await Promise.all(
    fixture.sessions.map((session) =>
      joinLive(server.url, fixture, session, start, events, opened),
    ),
  );
  // Until the presence fan-out has settled (every "online" told to every student).
  let seen = -1;
  while (seen !== events.count) {
    seen = events.count;
    await sleep(300);
  }
  const oursCpu = await window();
  const serverAfter = await server.cpu();
  await server.profileStop('join-storm');
  const oursServerMs =
    (serverAfter.user + serverAfter.system - serverBefore.user - serverBefore.system) / 1000;
  const txOurs = (await transactions(context)) - txBefore;
  await Promise.all(opened.map((socket) => socket.close()));
  await sleep(500);

  // Baseline: the same N at once over one pool in this process.
  const pool = new pg.Pool({ connectionString: context.databaseUrl, max: POOL });
  await pool.query('select 1');
  const txBaseBefore = await transactions(context);
  const benchBefore = process.cpuUsage();
  const baseWindow = await cpuWindow(() => server.cpu());
  start = performance.now();
  const baseline = await Promise.all(
    fixture.sessions.map((session) => joinBaseline(pool, fixture, tokenOf(session.cookie), start)),
  );
  const baseCpu = await baseWindow();
  const benchUsed = process.cpuUsage(benchBefore);
  // The pool's backends report their counts as they exit.
  await pool.end();
  const txBase = (await transactions(context)) - txBaseBefore;
  const baselineMs = (benchUsed.user + benchUsed.system) / 1000;

  const oursSummary = summary(ours);
  const baseSummary = summary(baseline);
  const perJoin = (ms: number) => round(ms / STUDENTS);
  const pgPerJoin = (share: { postgresPct: number; seconds: number }) =>
    round(((share.postgresPct / 100) * share.seconds * 1000) / STUDENTS);
  const oursPerJoin = perJoin(oursServerMs);
  const basePerJoin = perJoin(baselineMs);
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
          'ours',
          oursSummary.p50,
          oursSummary.p99,
          oursSummary.max,
          oursSummary.allDone,
          oursPerJoin,
          pgPerJoin(oursCpu),
          round(txOurs / STUDENTS),
          events.count,
        ],
        [
          'baseline (SQL)',
          baseSummary.p50,
          baseSummary.p99,
          baseSummary.max,
          baseSummary.allDone,
          basePerJoin,
          pgPerJoin(baseCpu),
          round(txBase / STUDENTS),
          '—',
        ],
      ],
    ),
  );
  if (oursSummary.missing > 0)
    throw new Error(`${oursSummary.missing} students never got the newest message`);
  return {
    name: 'join-storm',
    unit: 'server CPU ms per join (lower is better)',
    ours: oursPerJoin,
    baseline: basePerJoin,
    ratio: round(basePerJoin / oursPerJoin),
    goal: GOAL,
    goalText: `p99 ≤ ${P99_GOAL_MS} ms, cpu ≤ 2× baseline`,
    goalsMet: { p99: oursSummary.p99 <= P99_GOAL_MS, cpu: basePerJoin / oursPerJoin >= GOAL },
    database: 'postgres',
    students: STUDENTS,
    latencyMs: { ours: oursSummary, baseline: baseSummary },
    postgresCpuMsPerJoin: { ours: pgPerJoin(oursCpu), baseline: pgPerJoin(baseCpu) },
    cpu: { ours: oursCpu, baseline: baseCpu },
    events: events.count,
    sqlTransactionsPerJoin: { ours: round(txOurs / STUDENTS), baseline: round(txBase / STUDENTS) },
  };
}
