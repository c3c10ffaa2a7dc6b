// write and write-burst: persisted messages per second through the real mutation path
// (messages.send over the live WebSocket: zod, the session and access checks, the channel row lock,
// seq, insert, pg_notify, commit — with group commit), N clients each posting in a closed loop:
// 8 (write) or 64 (write-burst). Baseline: N `pg` clients doing a raw single-row INSERT into the same
// `messages` table plus pg_notify, one statement each (autocommit), against the same database with
// the same commit settings. The two take turns in short rounds, so both see the same background load
// on a shared machine.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { makeRecordId } from '@seminar/shared';
import { LIVE_CHANNEL } from '../apps/server/src/live/bus';
import type { BenchContext } from './lib/context';
import type { Room } from './lib/fixtures';
import { LiveSocket } from './lib/liveSocket';
import { cpuWindow, formatTable, percentile, quick, round, type BenchResult } from './lib/util';

/** Each system writes alone for this long before the measured rounds. */
const WARMUP_MS = 1000;
/** Measured rounds; in each, ours then the baseline write for ROUND_MS. */
const ROUNDS = quick ? 4 : 10;
const ROUND_MS = 1000;
const BODY = 'A write bench message, about as long as a line people type in class.';

/** One system's clients and what it measured so far. */
interface Writer {
  system: 'ours' | 'baseline' | 'baseline-tx';
  write(client: number): Promise<void>;
  latencies: number[];
  seconds: number;
  errors: number;
  firstError: unknown;
  /** CPU seconds: bench, server child, postgres, everything else. */
  cpuSeconds: { bench: number; server: number; postgres: number; other: number };
}

/**
 * Runs every client of `writer` in a closed loop for `ms`; with `record`, counts the writes that
 * completed inside the window. Waits for the last in-flight writes, so rounds do not overlap.
 */
async function segment(
  writer: Writer,
  clients: number,
  ms: number,
  record: boolean,
  serverCpu: () => Promise<NodeJS.CpuUsage>,
) {
  const cpu = await cpuWindow(serverCpu);
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        const begin = performance.now();
        try {
          await writer.write(client);
        } catch (error) {
          writer.errors += 1;
          writer.firstError ??= error;
          continue;
        }
        const end = performance.now();
        if (record && end <= until) writer.latencies.push(end - begin);
      }
    }),
  );
  const share = await cpu();
  if (!record) return;
  writer.seconds += ms / 1000;
  writer.cpuSeconds.bench += (share.benchPct * share.seconds) / 100;
  writer.cpuSeconds.server += (share.serverPct * share.seconds) / 100;
  writer.cpuSeconds.postgres += (share.postgresPct * share.seconds) / 100;
  writer.cpuSeconds.other += (share.otherPct * share.seconds) / 100;
}

function writer(system: Writer['system'], write: Writer['write']): Writer {
  return {
    system,
    write,
    latencies: [],
    seconds: 0,
    errors: 0,
    firstError: null,
    cpuSeconds: { bench: 0, server: 0, postgres: 0, other: 0 },
  };
}

function summarize(run: Writer) {
  const perSecond = run.latencies.length / Math.max(run.seconds, 1e-9);
  const wall = Math.max(run.seconds, 1e-9);
  return {
    system: run.system,
    writes: run.latencies.length,
    perSecond,
    p50Ms: percentile(run.latencies, 50),
    p99Ms: percentile(run.latencies, 99),
    errors: run.errors,
    benchCpuPct: (100 * run.cpuSeconds.bench) / wall,
    serverCpuPct: (100 * run.cpuSeconds.server) / wall,
    postgresCpuPct: (100 * run.cpuSeconds.postgres) / wall,
    otherCpuPct: (100 * run.cpuSeconds.other) / wall,
    /** CPU ms per persisted write, in the server child and in PostgreSQL. */
    serverMsPerWrite: (1000 * run.cpuSeconds.server) / Math.max(run.latencies.length, 1),
    postgresMsPerWrite: (1000 * run.cpuSeconds.postgres) / Math.max(run.latencies.length, 1),
  };
}

interface WriteOptions {
  name: 'write' | 'write-burst';
  clients: number;
  goal: number;
  description: string;
}

async function writeBench(context: BenchContext, options: WriteOptions): Promise<BenchResult> {
  const { fixture, server, database } = context;
  const CLIENTS = options.clients;
  // Each client posts as a session of its own to a channel of its own while there are channels
  // (as when several classes chat at once); beyond that, two share a channel.
  const rooms = Array.from(
    { length: CLIENTS },
    (_, client) => fixture.rooms[client % fixture.rooms.length] as Room,
  );
  const authors = rooms.map((room, client) => {
    const member = room.members[Math.floor(client / fixture.rooms.length)];
    const session = fixture.sessions[member as number];
    if (!session) throw new Error('no session for a writer');
    return { room, session };
  });

  // Ours: messages.send over the live socket.
  const sockets = await Promise.all(
    authors.map((author) => LiveSocket.connect(server.url, author.session.cookie)),
  );
  const ours = writer('ours', async (client) => {
    const { room, session } = authors[client] as (typeof authors)[number];
    await (sockets[client] as LiveSocket).mutation('messages.send', {
      id: makeRecordId('msg', session.user.uid),
      class_id: room.classId,
      channel_id: room.channelId,
      body: BODY,
    });
  });

  // Baseline: raw INSERT + pg_notify, one statement per message, from `pg` directly. Each client owns
  // its channel, so it numbers seq itself from a counter (no channel row lock, no last_seq update).
  // Baseline seqs start far above ours, so the two never collide while they take turns. The notice
  // has the real notices' shape on the same channel, so the server's listener receives (and
  // ignores) it as it does the real ones.
  const clients = await Promise.all(
    rooms.map(async () => {
      const client = new pg.Client({ connectionString: context.databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    }),
  );
  // Each client its own seq range: two clients may share a channel.
  const seqs = rooms.map((_, client) => 1_000_000_000 + client * 10_000_000);
  const statement = `with row as (
      insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body)
      values ($1, $2, $3, $4, $5, $6, $7) returning id, channel_id)
    select pg_notify($8, json_build_object('topic', 'bench', 'key', row.channel_id, 'ids', json_build_array(row.id))::text) from row`;
  const baseline = writer('baseline', async (client) => {
    const { room, session } = authors[client] as (typeof authors)[number];
    const seq = (seqs[client] as number) + 1;
    seqs[client] = seq;
    await (clients[client] as pg.Client).query(statement, [
      makeRecordId('msg', session.user.uid),
      room.classId,
      room.channelId,
      seq,
      session.user.uid,
      session.user.name,
      BODY,
      LIVE_CHANNEL,
    ]);
  });

  // Not in the ratio: the same INSERT and pg_notify as separate statements in a transaction (BEGIN,
  // INSERT, SELECT pg_notify, COMMIT: four round trips), to show what round trips alone cost.
  const seqsTx = rooms.map((_, client) => 2_000_000_000 + client * 10_000_000);
  const baselineTx = writer('baseline-tx', async (client) => {
    const { room, session } = authors[client] as (typeof authors)[number];
    const seq = (seqsTx[client] as number) + 1;
    seqsTx[client] = seq;
    const id = makeRecordId('msg', session.user.uid);
    const connection = clients[client] as pg.Client;
    await connection.query('begin');
    try {
      await connection.query(
        'insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body) values ($1, $2, $3, $4, $5, $6, $7)',
        [id, room.classId, room.channelId, seq, session.user.uid, session.user.name, BODY],
      );
      await connection.query('select pg_notify($1, $2)', [
        LIVE_CHANNEL,
        JSON.stringify({ topic: 'bench', key: room.channelId, ids: [id] }),
      ]);
      await connection.query('commit');
    } catch (error) {
      await connection.query('rollback').catch(() => undefined);
      throw error;
    }
  });

  const serverCpu = () => server.cpu();
  await segment(ours, CLIENTS, WARMUP_MS, false, serverCpu);
  await segment(baseline, CLIENTS, WARMUP_MS, false, serverCpu);
  await segment(baselineTx, CLIENTS, WARMUP_MS / 2, false, serverCpu);
  for (let turn = 0; turn < ROUNDS; turn += 1) {
    // BENCH_PROFILE=1: a CPU profile of the server during ours' first round.
    if (turn === 0) await server.profileStart();
    await segment(ours, CLIENTS, ROUND_MS, true, serverCpu);
    if (turn === 0) await server.profileStop(`${options.name}-ours`);
    await segment(baseline, CLIENTS, ROUND_MS, true, serverCpu);
    await segment(baselineTx, CLIENTS, ROUND_MS / 2, true, serverCpu);
  }
  await Promise.all(sockets.map((socket) => socket.close()));
  await Promise.all(clients.map((client) => client.end()));
  // Take the baseline's rows out again: the other benchmarks expect seq without gaps.
  for (const room of new Set(rooms)) {
    await database.db.execute(
      sql`delete from messages where channel_id = ${room.channelId} and seq > 1000000000`,
    );
  }
  for (const run of [ours, baseline, baselineTx]) {
    if (run.firstError)
      console.error(`  ${run.system}: ${run.errors} failed writes; first:`, run.firstError);
  }

  const runs = [summarize(ours), summarize(baseline), summarize(baselineTx)];
  const [oursRun, baselineRun] = runs as [(typeof runs)[number], (typeof runs)[number]];
  context.log(
    `  ours ${round(oursRun.perSecond)} writes/s, baseline ${round(baselineRun.perSecond)} writes/s`,
  );
  console.log(
    formatTable(
      [
        'system',
        'clients',
        'writes',
        'writes/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'bench cpu%',
        'server cpu%',
        'pg cpu%',
        'other cpu%',
        'server ms/write',
        'pg ms/write',
      ],
      runs.map((run) => [
        run.system,
        CLIENTS,
        run.writes,
        run.perSecond,
        run.p50Ms,
        run.p99Ms,
        run.errors,
        run.benchCpuPct,
        run.serverCpuPct,
        run.postgresCpuPct,
        run.otherCpuPct,
        run.serverMsPerWrite,
        run.postgresMsPerWrite,
      ]),
    ),
  );
  return {
    name: options.name,
    unit: 'messages/s',
    ours: round(oursRun.perSecond),
    baseline: round(baselineRun.perSecond),
    ratio: round(oursRun.perSecond / baselineRun.perSecond),
    goal: options.goal,
    description: options.description,
    clients: CLIENTS,
    rounds: ROUNDS,
    roundSeconds: ROUND_MS / 1000,
    quick,
    postgres: context.postgresSettings,
    baselineNotes:
      'seq from a per-client counter (each client owns its channel, from 1e9 up; the rows are deleted afterwards); no channel row lock, no last_seq update, no access check; version from the column default (the shared live_version sequence); notice on the same NOTIFY channel as the real ones. baseline-tx (not in the ratio): the same as BEGIN; INSERT; SELECT pg_notify; COMMIT (four round trips).',
    runs: runs.map((run) =>
      Object.fromEntries(
        Object.entries(run).map(([key, value]) => [
          key,
          typeof value === 'number' ? round(value) : value,
        ]),
      ),
    ),
  };
}

/** 8 clients, closed loop, a channel each. */
export function write(context: BenchContext): Promise<BenchResult> {
  return writeBench(context, {
    name: 'write',
    clients: 8,
    goal: 0.8,
    description:
      'Persisted messages per second, 8 clients: messages.send over the live WebSocket (closed loop per client, own channel each) vs raw single-row INSERT + pg_notify (one autocommit statement) from pg with 8 clients, taking turns in 1 s rounds.',
  });
}

/** 64 concurrent senders: where group commit goes past the single-row INSERT + NOTIFY ceiling. */
export function writeBurst(context: BenchContext): Promise<BenchResult> {
  return writeBench(context, {
    name: 'write-burst',
    clients: 64,
    goal: 1.5,
    description:
      'Persisted messages per second, 64 concurrent senders (closed loop each, two per channel beyond 34): messages.send with group commit vs raw single-row INSERT + pg_notify (one autocommit statement each) from 64 pg clients, taking turns in 1 s rounds.',
  });
}
