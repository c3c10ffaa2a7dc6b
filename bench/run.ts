// `npm run bench [-- fanout|fanout-post-first|fanout-lecture|write|write-burst|memory|join-storm|join-storm-pglite|search|notify|participation|class-export …]`: makes a fresh PostgreSQL database, starts the real server
// as a child process, creates the users, sessions, classes and channels, runs the benchmarks (each
// against its baseline in the same run), prints their tables, writes bench/results/<name>.json, and
// cleans up (sockets, children, pools, the database). BENCH_QUICK=1 shortens every step.
import { chat } from './chat';
import { classExport } from './class-export';
import { fanout, fanoutLecture, fanoutPostFirst } from './fanout';
import { joinStorm, joinStormPglite } from './joinStorm';
import { search } from './search';
import { memory } from './memory';
import { notify } from './notify';
import { participation } from './participation';
import { web } from './web';
import { write, writeBurst } from './write';
import { startServer, type ChildHandle } from './lib/child';
import type { BenchContext } from './lib/context';
import { createBenchDatabase, findPostgres, type BenchPostgres } from './lib/database';
import { preparePostFirstRooms } from './lib/postFirst';
import {
  createRooms,
  mintSessions,
  openBenchDatabase,
  signIn,
  signUpUsers,
  type Fixture,
} from './lib/fixtures';
import type { Database } from '../apps/server/src/db/client';
import { formatTable, goalMet, quick, round, writeResult, type BenchResult } from './lib/util';

/** Signed-in WebSocket connections (each with a session of its own). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1000);
/** Distinct users behind them (sign-up hashes a password; sign-in checks it: both are slow). */
const USERS = 60;
/**
 * Sessions made through the real sign-in endpoint on top of sign-up's own; the rest are minted as
 * sign-in would make them (lib/fixtures.ts). BENCH_HTTP_SIGN_INS=1 signs every one in over HTTP.
 */
const HTTP_SIGN_INS = process.env.BENCH_HTTP_SIGN_INS === '1' ? CONNECTIONS - USERS : USERS;
const ROOM_SIZE = 30;
/** A lecture: one channel read by 300 (fanout-lecture). */
const LECTURE_SIZE = 300;
const CLASSES = 2;
/** Messages already in every channel, so a subscription's snapshot is a full page (BENCH_HISTORY). */
const HISTORY = Number(process.env.BENCH_HISTORY ?? 25);

const BENCHES: Record<string, (context: BenchContext) => Promise<BenchResult>> = {
  fanout,
  'fanout-post-first': fanoutPostFirst,
  'fanout-lecture': fanoutLecture,
  write,
  'write-burst': writeBurst,
  memory,
  'join-storm': joinStorm,
  search,
};

/** Benchmarks that start what they measure: no PostgreSQL, no fixture (run first, alone if asked). */
const STANDALONE: Record<string, (log: (line: string) => void) => Promise<BenchResult>> = {
  web,
  chat,
  notify,
  participation,
  'class-export': classExport,
  'join-storm-pglite': joinStormPglite,
};

const runStarted = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - runStarted) / 1000).toFixed(1).padStart(5)} s] ${line}`);

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !(name in BENCHES) && !(name in STANDALONE));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark: ${unknown.join(', ')}. Choose from: ${[...Object.keys(BENCHES), ...Object.keys(STANDALONE)].join(', ')}.`,
  );
  process.exit(2);
}
// Always in this order: write's baseline leaves rows the fanout would not expect mid-run.
const selected = Object.keys(BENCHES).filter(
  (name) => requested.length === 0 || requested.includes(name),
);
/** Run only when named (`npm run bench -- notify`): the whole quick run must stay under 4 min. */
const ON_REQUEST = new Set(['notify', 'participation', 'class-export']);
const standalone = Object.keys(STANDALONE).filter((name) =>
  requested.length === 0 ? !ON_REQUEST.has(name) : requested.includes(name),
);

let postgres: BenchPostgres | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let server: ChildHandle | null = null;
let database: Database | null = null;

async function cleanup(): Promise<void> {
  await server?.stop().catch(() => undefined);
  server = null;
  await database?.close().catch(() => undefined);
  database = null;
  await dropDatabase?.().catch((error: unknown) =>
    console.error('could not drop the bench database:', error),
  );
  dropDatabase = null;
  postgres?.stop?.();
  postgres = null;
}

process.once('SIGINT', () => {
  console.error('\ninterrupted: cleaning up');
  void cleanup().then(() => process.exit(130));
});

/** Writes a benchmark's result file and logs its line. */
function record(result: BenchResult): BenchResult {
  const path = writeResult({
    ...result,
    date: new Date().toISOString(),
    durationSeconds: round((performance.now() - runStarted) / 1000),
  });
  log(
    `${result.name}: ours ${result.ours} vs baseline ${result.baseline} ${result.unit} → ratio ${result.ratio} (goal ≥ ${result.goal}); wrote ${path}`,
  );
  return result;
}

async function main(): Promise<number> {
  log(`benchmarks: ${[...standalone, ...selected].join(', ')}${quick ? ' (BENCH_QUICK)' : ''}`);
  const results: BenchResult[] = [];
  for (const name of standalone) {
    log(name);
    results.push(record(await (STANDALONE[name] as (typeof STANDALONE)[string])(log)));
  }
  if (selected.length > 0) await runLiveBenchmarks(results);
  printSummary(results);
  return 0;
}

/** The live-layer benchmarks: a fresh PostgreSQL database, the server, the fixture. */
async function runLiveBenchmarks(results: BenchResult[]): Promise<void> {
  postgres = await findPostgres();
  const bench = await createBenchDatabase(postgres);
  dropDatabase = bench.drop;
  log(
    `PostgreSQL ${bench.settings.server_version} via ${postgres.source}, database ${bench.name} (synchronous_commit=${bench.settings.synchronous_commit}, fsync=${bench.settings.fsync})`,
  );

  server = await startServer(bench.url);
  log(`server listening at ${server.url} (pid ${server.pid})`);
  database = await openBenchDatabase(bench.url);

  let started = performance.now();
  const signedUp = await signUpUsers(server.url, USERS);
  const users = signedUp.map((session) => session.user);
  const signUpMs = performance.now() - started;
  started = performance.now();
  const signedIn = await signIn(server.url, users, Math.min(HTTP_SIGN_INS, CONNECTIONS - USERS));
  const signInMs = performance.now() - started;
  started = performance.now();
  const minted = await mintSessions(
    database,
    users,
    Math.max(0, CONNECTIONS - USERS - signedIn.length),
    signedIn[0]?.cookie ?? signedUp[0]?.cookie ?? '',
  );
  const mintMs = performance.now() - started;
  log(
    `${USERS} users signed up in ${round(signUpMs / 1000)} s; ${signedIn.length} sign-ins over HTTP in ${round(signInMs / 1000)} s; ${minted.length} sessions minted in ${round(mintMs / 1000)} s`,
  );
  started = performance.now();
  const rooms = await createRooms(database, users, CONNECTIONS, {
    roomSize: ROOM_SIZE,
    classCount: CLASSES,
    history: HISTORY,
    prefix: 'bench',
  });
  const lectureRooms = await createRooms(database, users, CONNECTIONS, {
    roomSize: LECTURE_SIZE,
    classCount: 1,
    history: HISTORY,
    prefix: 'lecture',
  });
  const sessions = [...signedUp, ...signedIn, ...minted];
  const caseRooms = await preparePostFirstRooms(
    database,
    users,
    sessions,
    await createRooms(database, users, CONNECTIONS, {
      roomSize: ROOM_SIZE,
      classCount: CLASSES,
      history: HISTORY,
      prefix: 'case',
    }),
    HISTORY,
  );
  const fixture: Fixture = {
    users,
    // Sign-up's and sign-in's sessions first, so the first connections use real HTTP cookies.
    sessions,
    rooms,
    lectureRooms,
    caseRooms,
    timings: { signUpMs, signInMs, mintMs, rowsMs: performance.now() - started },
  };
  log(
    `${rooms.length} channels of up to ${ROOM_SIZE} connections in ${CLASSES} classes; ${lectureRooms.length} lecture channels of up to ${LECTURE_SIZE}`,
  );

  const context: BenchContext = {
    databaseUrl: bench.url,
    postgresSettings: bench.settings,
    server,
    database,
    fixture,
    log,
  };
  for (const name of selected) {
    log(`${name}`);
    const result = await (BENCHES[name] as (context: BenchContext) => Promise<BenchResult>)(
      context,
    );
    // Post-first rooms must cost at most 10 % of plain fanout's ratio in the same run.
    const plain = results.find((done) => done.name === 'fanout');
    if (name === 'fanout-post-first' && plain) {
      result.goal = round(plain.ratio * 0.9);
      result.goalText = `≥ 0.9 × fanout (${result.goal})`;
      result.fanoutRatio = plain.ratio;
    }
    results.push(record(result));
  }
}

function printSummary(results: BenchResult[]): void {
  console.log('');
  console.log(
    formatTable(
      ['benchmark', 'unit', 'ours', 'baseline', 'ratio', 'goal', 'peers', 'met'],
      results.map((result) => {
        const peers = Object.entries(result.peers ?? {});
        return [
          result.name,
          result.unit,
          result.ours,
          result.baseline,
          result.ratio,
          typeof result.goalText === 'string'
            ? result.goalText
            : `≥ ${result.goal}${peers.length > 0 ? ', ≥ peers' : ''}`,
          peers.map(([name, value]) => `${name} ${value}`).join(', ') || '—',
          goalMet(result) ? 'yes' : 'NO',
        ];
      }),
    ),
  );
  log('done');
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error('bench failed:', error);
} finally {
  await cleanup();
}
process.exit(code);
