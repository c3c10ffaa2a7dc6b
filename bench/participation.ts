// Docs: docs/debrief.md#figures — `npm run bench -- participation`: the debrief's participation
// table (apps/server/src/debrief/figures.ts, the statement the server runs) over a case channel of
// 50,000 messages by 300 students, with mentions, quotes, reactions, named poll ballots, agent jobs
// and two phases. Baseline, in the same run over the same rows: one plain
// `select author_uid, count(*) … group by author_uid`. Timed on PostgreSQL and on PGlite (median of
// several runs after warm-up). Goal: the table in ≤ 300 ms on PostgreSQL.
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { participationFigures } from '../apps/server/src/debrief/figures';
import { createBenchDatabase, findPostgres } from './lib/database';
import { formatTable, quick, round, type BenchResult } from './lib/util';

const STUDENTS = 300;
const MESSAGES = quick ? 10_000 : 50_000;
const RUNS = quick ? 5 : 15;
const WARM_UP = 3;
/** PGlite is slower (WASM, one connection): fewer runs keep the bench short. */
const LITE_RUNS = 5;
const GOAL_MS = 300;

const CLASS = 'class_bench_debrief';
const CHANNEL = 'channel_bench_debrief';
const ACTIVITY = 'activity_bench_debrief';

/** Every row in a few set-based statements (generate_series), the same on both databases. */
export async function seed(database: Database): Promise<void> {
  const db = database.db;
  const run = (statement: SQL) => db.execute(statement);
  await run(sql`insert into users (id, name, email, email_verified)
    select 'bench_s' || i, 'Student ' || lpad(i::text, 3, '0'), 'bench_s' || i || '@example.test', true
    from generate_series(1, ${STUDENTS}) i`);
  await run(sql`insert into classes (class_id, name) values (${CLASS}, 'Debrief bench')`);
  await run(sql`insert into class_memberships (class_id, uid, role)
    select ${CLASS}, 'bench_s' || i, 'student' from generate_series(1, ${STUDENTS}) i`);
  await run(sql`insert into channels (channel_id, class_id, name, is_public, last_seq)
    values (${CHANNEL}, ${CLASS}, 'case', true, ${MESSAGES})`);
  await run(sql`insert into activities (activity_id, class_id, title, channel_id)
    values (${ACTIVITY}, ${CLASS}, 'Case', ${CHANNEL})`);
  // Every 10th message mentions the next student, every 13th quotes, every 7th has two reactions,
  // every 5th asks something.
  await run(sql`insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body,
      mentions, reactions)
    select 'bench_m' || i, ${CLASS}, ${CHANNEL}, i, 'bench_s' || (i % ${STUDENTS} + 1),
      'Student ' || (i % ${STUDENTS} + 1),
      case when i % 13 = 0 then '> an earlier point about the market' || chr(10) || 'I agree with it.'
           when i % 5 = 0 then 'What would the margin be in year two, and who pays for shipping?'
           else 'The case turns on price against reach, and the data we have is thin.' end,
      case when i % 10 = 0 then array['bench_s' || ((i + 1) % ${STUDENTS} + 1)] else '{}'::text[] end,
      case when i % 7 = 0 then jsonb_build_array(jsonb_build_object('emoji', '👍', 'uids',
        jsonb_build_array('bench_s' || ((i + 2) % ${STUDENTS} + 1), 'bench_s' || ((i + 3) % ${STUDENTS} + 1))))
        else '[]'::jsonb end
    from generate_series(1, ${MESSAGES}) i`);
  await run(sql`insert into polls (id, class_id, channel_id, question, options, ballot_salt)
    values ('bench_m5', ${CLASS}, ${CHANNEL}, 'Which?', '[{"id":"o1","text":"A"}]'::jsonb, 'salt')`);
  await run(sql`insert into poll_ballots (poll_id, voter, choice)
    select 'bench_m5', 'bench_s' || i, array['o1'] from generate_series(1, ${STUDENTS}) i`);
  await run(sql`insert into ai_jobs (job_id, class_id, activity_id, channel_id, message_id, agent,
      product_id, author_uid, status)
    select 'bench_j' || i, ${CLASS}, ${ACTIVITY}, ${CHANNEL}, 'bench_m' || i, 'Kai', 'p',
      'bench_s' || (i % ${STUDENTS} + 1), 'skipped'
    from generate_series(1, ${MESSAGES}, 50) i`);
  await run(sql`insert into activity_phase_log (activity_id, start_seq, phase_id, title) values
    (${ACTIVITY}, 0, 'p1', 'Individual'), (${ACTIVITY}, ${MESSAGES / 2}, 'p2', 'Plenary')`);
  await run(sql`analyze`);
}

async function timed(runs: number, body: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i += 1) await body();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function measure(database: Database, runs: number) {
  const access = { classId: CLASS, activityId: ACTIVITY, channelId: CHANNEL };
  const rows = await participationFigures(database.db, access);
  if (rows.length !== STUDENTS) throw new Error(`expected ${STUDENTS} rows, got ${rows.length}`);
  const counted = rows.reduce((sum, row) => sum + Number(row.messages), 0);
  if (counted !== MESSAGES) throw new Error(`expected ${MESSAGES} messages, got ${counted}`);
  const table = await timed(runs, () => participationFigures(database.db, access));
  const own = await timed(runs, () => participationFigures(database.db, access, 'bench_s7'));
  const baseline = await timed(runs, () =>
    database.db.execute(
      sql`select author_uid, count(*) from messages where channel_id = ${CHANNEL} group by author_uid`,
    ),
  );
  return { table: round(table), own: round(own), baseline: round(baseline) };
}

export async function participation(log: (line: string) => void): Promise<BenchResult> {
  const postgres = await findPostgres();
  const bench = await createBenchDatabase(postgres);
  let pgResult: Awaited<ReturnType<typeof measure>>;
  try {
    const database = await openDatabase({ databaseUrl: bench.url });
    try {
      await runMigrations(database);
      const started = performance.now();
      await seed(database);
      log(
        `participation: PostgreSQL seeded ${MESSAGES} messages in ${round(performance.now() - started)} ms`,
      );
      pgResult = await measure(database, RUNS);
    } finally {
      await database.close();
    }
  } finally {
    await bench.drop();
  }
  const lite = await openDatabase({ dataDir: 'memory://' });
  let liteResult: Awaited<ReturnType<typeof measure>>;
  try {
    await runMigrations(lite);
    await seed(lite);
    liteResult = await measure(lite, LITE_RUNS);
  } finally {
    await lite.close();
  }
  console.log(
    formatTable(
      [
        'database',
        'participation table (ms)',
        "one student's row (ms)",
        'count(*) group by author (ms)',
      ],
      [
        ['PostgreSQL', pgResult.table, pgResult.own, pgResult.baseline],
        ['PGlite', liteResult.table, liteResult.own, liteResult.baseline],
      ],
    ),
  );
  return {
    name: 'participation',
    unit: 'ms',
    ours: pgResult.table,
    baseline: pgResult.baseline,
    // Higher is better: the baseline's time over ours (the table does far more than count).
    ratio: round(pgResult.baseline / pgResult.table),
    goal: 0,
    goalText: `table ≤ ${GOAL_MS} ms on PostgreSQL`,
    goalsMet: { [`participation table ≤ ${GOAL_MS} ms on PostgreSQL`]: pgResult.table <= GOAL_MS },
    students: STUDENTS,
    messages: MESSAGES,
    runs: RUNS,
    postgres: pgResult,
    pglite: liteResult,
  };
}
