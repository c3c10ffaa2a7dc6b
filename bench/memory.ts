// memory: what one idle, signed-in connection with a live `messages.live` subscription costs the
// real server, against one idle connection to a bare `ws` server (in a room, as in the fanout
// baseline). Both run as fresh child processes with --expose-gc; each is measured after a GC before
// and after the N connections open, and the difference is divided by N.
import type WebSocket from 'ws';
import type { LiveEvent, Message } from '@seminar/shared';
import { closeBaseline, connectBaseline } from './lib/baselineSocket';
import { startBaseline, startServer, type ChildHandle } from './lib/child';
import type { BenchContext } from './lib/context';
import { LiveSocket } from './lib/liveSocket';
import { formatTable, mapLimit, round, sleep, type BenchResult } from './lib/util';

/** Connections opened (and closed) before the first measurement, so lazy code and JIT are warm. */
const WARMUP_CONNECTIONS = 30;
/** Time for the server to settle (timers, pending writes) before a measurement. */
const SETTLE_MS = 1500;

interface Measured {
  system: 'ours' | 'baseline';
  connections: number;
  before: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
  /** (heapUsed + external) growth per connection, bytes: the figure the ratio uses. */
  heapPlusExternalPerConnection: number;
  heapUsedPerConnection: number;
  externalPerConnection: number;
  rssPerConnection: number;
}

function measured(
  system: Measured['system'],
  connections: number,
  before: NodeJS.MemoryUsage,
  after: NodeJS.MemoryUsage,
): Measured {
  const per = (key: 'heapUsed' | 'external' | 'rss') => (after[key] - before[key]) / connections;
  return {
    system,
    connections,
    before,
    after,
    heapPlusExternalPerConnection: per('heapUsed') + per('external'),
    heapUsedPerConnection: per('heapUsed'),
    externalPerConnection: per('external'),
    rssPerConnection: per('rss'),
  };
}

async function measureOurs(context: BenchContext, count: number): Promise<Measured> {
  const { fixture } = context;
  const server: ChildHandle = await startServer(context.databaseUrl);
  try {
    const open = async (member: number, roomIndex: number) => {
      const room = fixture.rooms[roomIndex];
      const session = fixture.sessions[member];
      if (!room || !session) throw new Error(`no room/session for ${member}`);
      const socket = await LiveSocket.connect(server.url, session.cookie);
      let snapshotArrived!: () => void;
      const snapshot = new Promise<void>((resolve) => (snapshotArrived = resolve));
      await socket.subscribe(
        'messages.live',
        { class_id: room.classId, channel_id: room.channelId },
        (data) => {
          if ((data as LiveEvent<Message>).type === 'snapshot') snapshotArrived();
        },
      );
      await snapshot;
      return socket;
    };
    const roomOf = (member: number) =>
      fixture.rooms.findIndex((room) => room.members.includes(member));
    const members = fixture.rooms.flatMap((room) => room.members).slice(0, count);
    const warm = await mapLimit(members.slice(0, WARMUP_CONNECTIONS), 10, (member) =>
      open(member, roomOf(member)),
    );
    await Promise.all(warm.map((socket) => socket.close()));
    await sleep(SETTLE_MS);
    const before = await server.memory();
    await server.heapSnapshot('memory-ours-before');
    const sockets = await mapLimit(members, 25, (member) => open(member, roomOf(member)));
    await sleep(SETTLE_MS);
    const after = await server.memory();
    await server.heapSnapshot('memory-ours-after');
    const { subscriptions } = await server.stats<{ subscriptions: number }>();
    if (subscriptions !== count)
      throw new Error(`expected ${count} live subscriptions on the server, found ${subscriptions}`);
    await mapLimit(sockets, 100, (socket) => socket.close());
    return measured('ours', count, before, after);
  } finally {
    await server.stop();
  }
}

async function measureBaseline(context: BenchContext, count: number): Promise<Measured> {
  const { fixture } = context;
  const child = await startBaseline();
  try {
    const roomOf = (member: number) =>
      fixture.rooms.findIndex((room) => room.members.includes(member));
    const members = fixture.rooms.flatMap((room) => room.members).slice(0, count);
    const open = (member: number) => connectBaseline(child.url, roomOf(member), () => undefined);
    const warm = await mapLimit(members.slice(0, WARMUP_CONNECTIONS), 10, open);
    await Promise.all(warm.map((socket) => closeBaseline(socket)));
    await sleep(SETTLE_MS);
    const before = await child.memory();
    const sockets: WebSocket[] = await mapLimit(members, 25, open);
    await sleep(SETTLE_MS);
    const after = await child.memory();
    const { connections } = await child.stats<{ connections: number }>();
    if (connections !== count)
      throw new Error(`expected ${count} baseline connections, found ${connections}`);
    await mapLimit(sockets, 100, (socket) => closeBaseline(socket));
    return measured('baseline', count, before, after);
  } finally {
    await child.stop();
  }
}

export async function memory(context: BenchContext): Promise<BenchResult> {
  const count = context.fixture.sessions.length;
  const ours = await measureOurs(context, count);
  context.log(`  ours: ${round(ours.heapPlusExternalPerConnection)} bytes per connection`);
  const baseline = await measureBaseline(context, count);
  context.log(`  baseline: ${round(baseline.heapPlusExternalPerConnection)} bytes per connection`);
  const runs = [ours, baseline];
  const kib = (bytes: number) => bytes / 1024;
  console.log(
    formatTable(
      [
        'system',
        'connections',
        'heap+ext KiB/conn',
        'heapUsed KiB/conn',
        'external KiB/conn',
        'rss KiB/conn',
        'rss before MiB',
        'rss after MiB',
      ],
      runs.map((run) => [
        run.system,
        run.connections,
        kib(run.heapPlusExternalPerConnection),
        kib(run.heapUsedPerConnection),
        kib(run.externalPerConnection),
        kib(run.rssPerConnection),
        run.before.rss / 2 ** 20,
        run.after.rss / 2 ** 20,
      ]),
    ),
  );
  return {
    name: 'memory',
    unit: 'bytes/connection',
    ours: round(ours.heapPlusExternalPerConnection),
    baseline: round(baseline.heapPlusExternalPerConnection),
    ratio: round(baseline.heapPlusExternalPerConnection / ours.heapPlusExternalPerConnection),
    goal: 0.33,
    description:
      'Server memory (heapUsed + external, after a GC) per idle signed-in connection with one messages.live subscription, vs an idle connection to a bare ws server; ratio = baseline / ours.',
    connections: count,
    warmupConnections: WARMUP_CONNECTIONS,
    rssRatio: round(baseline.rssPerConnection / ours.rssPerConnection),
    runs: runs.map((run) => ({
      system: run.system,
      connections: run.connections,
      heapPlusExternalPerConnection: round(run.heapPlusExternalPerConnection),
      heapUsedPerConnection: round(run.heapUsedPerConnection),
      externalPerConnection: round(run.externalPerConnection),
      rssPerConnection: round(run.rssPerConnection),
      before: run.before,
      after: run.after,
    })),
  };
}
