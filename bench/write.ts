// write: persisted messages per second through the real mutation path (messages.send over the live
// WebSocket: zod, access checks, the channel row lock, seq, insert, pg_notify, commit), N clients
// each posting in a closed loop to its own channel. Baseline: N `pg` clients doing a raw single-row
// INSERT into the same `messages` table plus pg_notify, one statement each (autocommit), against the
// same database with the same commit settings.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { makeRecordId } from '@seminar/shared';
import { LIVE_CHANNEL } from '../apps/server/src/live/bus';
import type { BenchContext } from './lib/context';
import type { Room } from './lib/fixtures';
import { LiveSocket } from './lib/liveSocket';
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

const CLIENTS = 8;
const WARMUP_MS = quick ? 1000 : 2000;
const MEASURE_MS = quick ? 4000 : 10_000;
const BODY = 'A write bench message, about as long as a line people type in class.';

interface WriteRun {
  system: 'ours' | 'baseline';
  writes: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  cpu: CpuShare | null;
}

/** Runs `write` in a closed loop on every client; counts what completes inside the measured window. */
async function closedLoop(
  system: WriteRun['system'],
  clients: number,
  write: (client: number) => Promise<void>,
  serverCpu: () => Promise<NodeJS.CpuUsage>,
): Promise<WriteRun> {
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const measureTo = measureFrom + MEASURE_MS;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  const sampler = (async () => {
    await sleep(WARMUP_MS);
    const cpu = await cpuWindow(serverCpu);
    await sleep(MEASURE_MS);
    return cpu();
  })();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < measureTo) {
        const begin = performance.now();
        try {
          await write(client);
        } catch (error) {
          errors += 1;
          firstError ??= error;
          continue;
        }
        const end = performance.now();
        if (begin >= measureFrom && end <= measureTo) latencies.push(end - begin);
      }
    }),
  );
  const cpu = await sampler.catch(() => null);
  if (firstError) console.error(`  ${system}: ${errors} failed writes; first:`, firstError);
  return {
    system,
    writes: latencies.length,
    perSecond: latencies.length / (MEASURE_MS / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    cpu,
  };
}

/** CPU ms per completed write from a CPU share in % of one core. */
function msPerWrite(run: WriteRun, pct: number | undefined): number {
  return pct === undefined ? Number.NaN : (pct * 10) / run.perSecond;
}

export async function write(context: BenchContext): Promise<BenchResult> {
  const { fixture, server, database } = context;
  // Each client posts to a channel of its own (no lock contention between clients, as in a school
  // where classes post at the same time), as a different user with its own session.
  const rooms = fixture.rooms.slice(0, CLIENTS);
  if (rooms.length < CLIENTS) throw new Error(`write needs ${CLIENTS} rooms`);
  const writers = rooms.map((room) => ({
    room,
    session: fixture.sessions[room.members[0] as number],
  }));

  // Ours: messages.send over the live socket.
  const sockets = await Promise.all(
    writers.map((writer) => LiveSocket.connect(server.url, writer.session?.cookie ?? '')),
  );
  await server.profileStart();
  const ours = await closedLoop(
    'ours',
    CLIENTS,
    async (client) => {
      const { room, session } = writers[client] as (typeof writers)[number];
      await (sockets[client] as LiveSocket).mutation('messages.send', {
        id: makeRecordId('msg', session?.user.uid ?? 'bench'),
        class_id: room.classId,
        channel_id: room.channelId,
        body: BODY,
      });
    },
    () => server.cpu(),
  );
  await server.profileStop('write-ours');
  await Promise.all(sockets.map((socket) => socket.close()));
  context.log(`  ours: ${round(ours.perSecond)} writes/s`);

  // Baseline: raw INSERT + pg_notify, one statement per message, from `pg` directly. Each client owns
  // its channel, so it numbers seq itself from the channel's current maximum (a plain counter: no
  // channel row lock, no last_seq update). The notice has the real notices' shape on the same
  // channel, so the server's listener receives (and ignores) it as it does the real ones.
  const clients = await Promise.all(
    rooms.map(async () => {
      const client = new pg.Client({ connectionString: context.databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    }),
  );
  const seqs = await Promise.all(
    rooms.map(async (room) => {
      const result = await database.db.execute(
        sql`select coalesce(max(seq), 0)::int as seq from messages where channel_id = ${room.channelId}`,
      );
      return Number((result as unknown as { rows: Array<{ seq: number }> }).rows[0]?.seq ?? 0);
    }),
  );
  const statement = `with row as (
      insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body)
      values ($1, $2, $3, $4, $5, $6, $7) returning id, channel_id)
    select pg_notify($8, json_build_object('topic', 'bench', 'key', row.channel_id, 'ids', json_build_array(row.id))::text) from row`;
  const baseline = await closedLoop(
    'baseline',
    CLIENTS,
    async (client) => {
      const { room, session } = writers[client] as (typeof writers)[number];
      const seq = (seqs[client] as number) + 1;
      seqs[client] = seq;
      await (clients[client] as pg.Client).query(statement, [
        makeRecordId('msg', session?.user.uid ?? 'bench'),
        room.classId,
        room.channelId,
        seq,
        session?.user.uid ?? 'bench',
        session?.user.name ?? 'Bench',
        BODY,
        LIVE_CHANNEL,
      ]);
    },
    () => server.cpu(),
  );
  await Promise.all(clients.map((client) => client.end()));
  // The baseline did not bump last_seq: put the channels back in a state the server can write to.
  for (const room of rooms as Room[]) {
    await database.db.execute(
      sql`update channels set last_seq = (select coalesce(max(seq), 0) from messages where channel_id = ${room.channelId}) where channel_id = ${room.channelId}`,
    );
  }
  context.log(`  baseline: ${round(baseline.perSecond)} writes/s`);

  const runs = [ours, baseline];
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
        run.cpu?.benchPct ?? Number.NaN,
        run.cpu?.serverPct ?? Number.NaN,
        run.cpu?.postgresPct ?? Number.NaN,
        run.cpu?.otherPct ?? Number.NaN,
        msPerWrite(run, run.cpu?.serverPct),
        msPerWrite(run, run.cpu?.postgresPct),
      ]),
    ),
  );
  return {
    name: 'write',
    unit: 'messages/s',
    ours: round(ours.perSecond),
    baseline: round(baseline.perSecond),
    ratio: round(ours.perSecond / baseline.perSecond),
    goal: 0.5,
    description:
      'Persisted messages per second: messages.send over the live WebSocket (closed loop per client, own channel each) vs raw single-row INSERT + pg_notify (one autocommit statement) from pg.',
    clients: CLIENTS,
    warmupSeconds: WARMUP_MS / 1000,
    measureSeconds: MEASURE_MS / 1000,
    quick,
    postgres: context.postgresSettings,
    baselineNotes:
      'seq from a per-client counter (each client owns its channel); no channel row lock, no last_seq update, no access check; version from the column default (the shared live_version sequence); notice on the same NOTIFY channel as the real ones.',
    runs: runs.map((run) => ({
      system: run.system,
      writes: run.writes,
      perSecond: round(run.perSecond),
      p50Ms: round(run.p50Ms),
      p99Ms: round(run.p99Ms),
      errors: run.errors,
      cpuPctOfOneCore: run.cpu
        ? Object.fromEntries(Object.entries(run.cpu).map(([key, value]) => [key, round(value)]))
        : null,
      serverCpuMsPerWrite: round(msPerWrite(run, run.cpu?.serverPct)),
      postgresCpuMsPerWrite: round(msPerWrite(run, run.cpu?.postgresPct)),
    })),
  };
}
