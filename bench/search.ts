// search: messages.search at a million messages (BENCH_SEARCH_MESSAGES; 100,000 with BENCH_QUICK)
// in 500 channels of 10 classes, seeded with generate_series in SQL. Ours: a student's
// messages.search over the live socket (session, class role, the channel visibility rule in SQL,
// ranking, snippets); baseline: the bare `search_vector @@ to_tsquery(…)` query (the body's stored tsvector) on
// the same index, in the same class, ranked and limited the same, with no visibility, over one pg
// connection. p50/p95 over the same queries, words from common to rare.
// Docs: bench/README.md#search--benchsearchts
import pg from 'pg';
import { prefixTsQuery, SEARCH_PAGE_SIZE } from '@seminar/shared';
import type { BenchContext } from './lib/context';
import { LiveSocket } from './lib/liveSocket';
import { formatTable, percentile, quick, round, type BenchResult } from './lib/util';

const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? (quick ? 100_000 : 1_000_000));
const CLASSES = 10;
const CHANNELS = 500;
/** Every 10th channel is private; the student is enrolled in every other one of those. */
const PRIVATE_EVERY = 10;
const ROUNDS = quick ? 3 : 10;
const P95_GOAL_MS = 100;
/** Within 1.5× the baseline: baseline p95 / ours p95 ≥ 1 / 1.5. */
const GOAL = round(1 / 1.5);
/** Words w0000…w4999, drawn skewed (cube of a uniform): low numbers are common, high ones rare. */
const VOCABULARY = 5_000;
const QUERIES = [
  'w0001',
  'w0010',
  'w0100',
  'w0500',
  'w2000',
  'w4500',
  'w0003 w0042',
  'w0100 w1000',
];

async function seed(context: BenchContext): Promise<{ classId: string }> {
  const client = new pg.Client({ connectionString: context.databaseUrl });
  await client.connect();
  try {
    const student = context.fixture.sessions[0]?.user.uid ?? '';
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(
      `insert into classes (class_id, name)
       select 'search_class_' || c, 'Search ' || c from generate_series(1, ${CLASSES}) c`,
    );
    await client.query(
      `insert into class_memberships (class_id, uid, role)
       select 'search_class_' || c, $1, 'student' from generate_series(1, ${CLASSES}) c`,
      [student],
    );
    const perChannel = Math.ceil(MESSAGES / CHANNELS);
    await client.query(
      `insert into channels (channel_id, class_id, name, is_public, last_seq)
       select 'search_channel_' || h, 'search_class_' || (1 + h % ${CLASSES}), 'channel ' || h,
              h % ${PRIVATE_EVERY} <> 0, ${perChannel}
       from generate_series(1, ${CHANNELS}) h`,
    );
    await client.query(
      `insert into channel_users (class_id, channel_id, uid)
       select 'search_class_' || (1 + h % ${CLASSES}), 'search_channel_' || h, $1
       from generate_series(1, ${CHANNELS}) h where h % ${PRIVATE_EVERY * 2} = 0`,
      [student],
    );
    // The GIN index is built once after the rows are in (as a restore does), not row by row.
    await client.query('drop index messages_search_idx');
    await client.query(`select setseed(0.36)`);
    await client.query(
      `insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body)
       select 'msg_search_' || n, 'search_class_' || (1 + h % ${CLASSES}), 'search_channel_' || h,
              1 + (n - 1) / ${CHANNELS}, $1, 'Student, Search',
              (select string_agg('w' || lpad(floor(power(random(), 3) * ${VOCABULARY})::int::text, 4, '0'), ' ')
                 from generate_series(1, 8 + (n % 5)) w where n > 0)
       from generate_series(1, ${MESSAGES}) n, lateral (select 1 + (n - 1) % ${CHANNELS} as h) c`,
      [student],
    );
    await client.query(
      `create index messages_search_idx on messages using gin (class_id, search_vector)`,
    );
    await client.query('analyze');
    return { classId: 'search_class_1' };
  } finally {
    await client.end();
  }
}

function stats(times: number[]) {
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(Math.max(...times)),
  };
}

export async function search(context: BenchContext): Promise<BenchResult> {
  const { log, server } = context;
  let started = performance.now();
  const { classId } = await seed(context);
  const seedSeconds = round((performance.now() - started) / 1000);
  log(
    `search: ${MESSAGES.toLocaleString('en-US')} messages in ${CHANNELS} channels seeded in ${seedSeconds} s`,
  );

  const session = context.fixture.sessions[0];
  if (!session) throw new Error('no session');
  const socket = await LiveSocket.connect(server.url, session.cookie);
  const client = new pg.Client({ connectionString: context.databaseUrl });
  await client.connect();
  const ours: number[] = [];
  const baseline: number[] = [];
  const hits = new Map<string, { ours: number; baseline: number }>();
  const perQuery = new Map<string, { ours: number[]; baseline: number[] }>();
  let plan: string[];
  try {
    const bare = async (query: string) => {
      const result = await client.query(
        `select id, channel_id, seq, author_uid, author_name, created_at, body from messages
          where class_id = $1 and search_vector @@ to_tsquery('simple', $2)
          order by ts_rank(search_vector, to_tsquery('simple', $2)) desc, created_at desc, id
          limit ${SEARCH_PAGE_SIZE + 1}`,
        [classId, prefixTsQuery(query)],
      );
      return result.rows.length;
    };
    const mine = async (query: string) => {
      const page = (await socket.query('messages.search', { class_id: classId, query })) as {
        results: unknown[];
      };
      return page.results.length;
    };
    // Warm-up: plans, caches, the server's code paths.
    for (const query of QUERIES) {
      await mine(query);
      await bare(query);
    }
    for (let round_ = 0; round_ < ROUNDS; round_ += 1)
      for (const query of QUERIES) {
        // Taking turns, so both see the same background load.
        started = performance.now();
        const found = await mine(query);
        ours.push(performance.now() - started);
        started = performance.now();
        const bareFound = await bare(query);
        baseline.push(performance.now() - started);
        hits.set(query, { ours: found, baseline: bareFound });
        const times = perQuery.get(query) ?? { ours: [], baseline: [] };
        times.ours.push(ours.at(-1) ?? 0);
        times.baseline.push(baseline.at(-1) ?? 0);
        perQuery.set(query, times);
      }
    // Where the time goes: the plan of the bare query for the most common word.
    const explained = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) select id from messages
        where class_id = $1 and search_vector @@ to_tsquery('simple', $2)
        order by ts_rank(search_vector, to_tsquery('simple', $2)) desc, created_at desc, id
        limit ${SEARCH_PAGE_SIZE + 1}`,
      [classId, prefixTsQuery(QUERIES[0] ?? '')],
    );
    plan = explained.rows.map((row) => row['QUERY PLAN']);
  } finally {
    await socket.close();
    await client.end();
  }
  const oursStats = stats(ours);
  const baseStats = stats(baseline);
  console.log(
    formatTable(
      ['system', 'p50 ms', 'p95 ms', 'max ms', 'searches'],
      [
        ['ours (messages.search)', oursStats.p50, oursStats.p95, oursStats.max, ours.length],
        ['baseline (bare @@)', baseStats.p50, baseStats.p95, baseStats.max, baseline.length],
      ],
    ),
  );
  return {
    name: 'search',
    unit: 'ms p95 (lower is better)',
    ours: oursStats.p95,
    baseline: baseStats.p95,
    ratio: round(baseStats.p95 / oursStats.p95),
    goal: GOAL,
    goalText: `p95 ≤ ${P95_GOAL_MS} ms, ≤ 1.5× baseline`,
    goalsMet: { p95: oursStats.p95 <= P95_GOAL_MS, ratio: baseStats.p95 / oursStats.p95 >= GOAL },
    database: 'postgres',
    messages: MESSAGES,
    channels: CHANNELS,
    classes: CLASSES,
    seedSeconds,
    latencyMs: { ours: oursStats, baseline: baseStats },
    queries: Object.fromEntries(
      [...hits].map(([query, found]) => {
        const times = perQuery.get(query) ?? { ours: [], baseline: [] };
        return [
          query,
          {
            found,
            p50Ms: {
              ours: round(percentile(times.ours, 50)),
              baseline: round(percentile(times.baseline, 50)),
            },
          },
        ];
      }),
    ),
    plan,
  };
}
