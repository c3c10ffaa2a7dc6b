// The soak's verdict: what each subscriber was owed (every message of its channel after its first
// snapshot, and that snapshot) against what it was given; the send → deliver times; the nodes'
// memory; the errors people saw. Printed as tables and written to bench/results/soak.json.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client';
import { formatTable, percentile, round, writeResult, type BenchResult } from '../lib/util';
import type { SoakNode } from './cluster';
import type { FaultRecord } from './faults';
import { channelRows, type Track, type Workload } from './workload';

const MIB = 1024 * 1024;
/** Memory bound per node process, from its reading after warm-up to its last (after a GC each). */
export const HEAP_GROWTH_BOUND = 64 * MIB;
export const RSS_GROWTH_BOUND = 192 * MIB;

export interface Delivery {
  subscribers: number;
  /** The lowest delivered/expected of any subscriber (1 when all got everything). */
  lowest: number;
  short: number;
  missing: number;
  duplicates: number;
  reorders: number;
}

/** Compares what every subscriber was given with what its channel holds now. */
export async function measureDelivery(database: Database, workload: Workload): Promise<Delivery> {
  const byChannel = new Map<string, Array<{ id: string; seq: number }>>();
  const tracks: Track[] = workload.students.flatMap((student) => student.tracks);
  for (const track of tracks)
    if (!byChannel.has(track.channelId))
      byChannel.set(track.channelId, await channelRows(database, track.channelId));
  const delivery: Delivery = {
    subscribers: tracks.length,
    lowest: 1,
    short: 0,
    missing: 0,
    duplicates: 0,
    reorders: 0,
  };
  for (const track of tracks) {
    const owed = (byChannel.get(track.channelId) ?? []).filter(
      (row) => track.snapshotIds.has(row.id) || row.seq > (track.baseline ?? 0),
    );
    const given = owed.filter((row) => track.seen.has(row.id)).length;
    const ratio = owed.length === 0 ? 1 : given / owed.length;
    delivery.lowest = Math.min(delivery.lowest, track.baseline === null ? 0 : ratio);
    if (given < owed.length || track.baseline === null) delivery.short += 1;
    delivery.missing += owed.length - given;
    delivery.duplicates += track.duplicates;
    delivery.reorders += track.reorders;
  }
  return delivery;
}

/** Acknowledged sends that are not in the database (an acknowledged write lost). */
export async function lostAcknowledged(database: Database, ids: string[]): Promise<number> {
  let lost = 0;
  for (let start = 0; start < ids.length; start += 1_000) {
    const chunk = ids.slice(start, start + 1_000);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from messages where id in (${sql.join(
        chunk.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    lost += chunk.length - (rows[0]?.n ?? 0);
  }
  return lost;
}

export interface SoakSummary {
  minutes: number;
  students: number;
  classes: number;
  delivery: Delivery;
  lost: number;
  workload: Workload;
  nodes: SoakNode[];
  faults: FaultRecord[];
  agentJobs: Record<string, number>;
}

const mib = (bytes: number | undefined) => (bytes === undefined ? Number.NaN : bytes / MIB);

/** Prints the tables, writes the JSON; returns whether every goal was met. */
export function report(summary: SoakSummary, print: (text: string) => void): boolean {
  const { delivery, workload, nodes, faults } = summary;
  const { stats } = workload;
  const nodeGrowthOk = nodes.every(
    (node) =>
      !node.firstMemory ||
      !node.lastMemory ||
      (node.lastMemory.heapUsed - node.firstMemory.heapUsed <= HEAP_GROWTH_BOUND &&
        node.lastMemory.rss - node.firstMemory.rss <= RSS_GROWTH_BOUND),
  );
  const goalsMet = {
    'delivered/expected 1.000 for every subscriber': delivery.short === 0,
    'no acknowledged send lost': summary.lost === 0,
    'no duplicates': delivery.duplicates === 0,
    'no reorders': delivery.reorders === 0,
    [`memory bounded (heap +${HEAP_GROWTH_BOUND / MIB} MiB, RSS +${RSS_GROWTH_BOUND / MIB} MiB)`]:
      nodeGrowthOk,
    'every fault applied (a drained node exits 0)': faults.every((fault) => fault.ok),
  };
  const p50 = percentile(stats.latencies, 50);
  const p99 = percentile(stats.latencies, 99);
  print(
    formatTable(
      ['soak', 'value', 'goal'],
      [
        [
          'minutes, students, classes',
          `${summary.minutes}, ${summary.students}, ${summary.classes}`,
          '',
        ],
        ['sends acknowledged', stats.acknowledged.length, ''],
        ['acknowledged but not stored', summary.lost, '0'],
        ['sends retried after a lost connection', stats.retried, ''],
        [
          'agent questions (jobs by status)',
          `${stats.agentQuestions} (${JSON.stringify(summary.agentJobs)})`,
          '',
        ],
        ['uploads', stats.uploads, ''],
        ['subscribers', delivery.subscribers, ''],
        ['delivered/expected, lowest subscriber', delivery.lowest.toFixed(3), '1.000'],
        [
          'subscribers short / messages missing',
          `${delivery.short} / ${delivery.missing}`,
          '0 / 0',
        ],
        ['duplicates', delivery.duplicates, '0'],
        ['reorders', delivery.reorders, '0'],
        ['send → deliver p50 / p99 (ms)', `${round(p50)} / ${round(p99)}`, ''],
      ],
    ),
  );
  print(
    formatTable(
      ['node', 'starts', 'heap start MiB', 'heap end MiB', 'RSS start MiB', 'RSS end MiB'],
      nodes.map((node) => [
        node.name,
        node.starts,
        mib(node.firstMemory?.heapUsed),
        mib(node.lastMemory?.heapUsed),
        mib(node.firstMemory?.rss),
        mib(node.lastMemory?.rss),
      ]),
    ),
  );
  print(
    formatTable(
      ['fault at s', 'fault', 'detail'],
      faults.map((fault) => [fault.at, fault.name, fault.detail]),
    ),
  );
  const errors = [...stats.errors.entries()].sort((a, b) => b[1] - a[1]);
  print(
    errors.length === 0
      ? 'errors shown to users: none'
      : formatTable(['errors shown to users', 'count'], errors),
  );
  for (const [goal, met] of Object.entries(goalsMet))
    print(`${met ? 'met   ' : 'FAILED'}  ${goal}`);
  const result: BenchResult = {
    // npm test's short form writes soak-short.json (not committed), leaving soak.json to the long one.
    name: process.env.SOAK_RESULT ?? 'soak',
    unit: 'delivered/expected (lowest subscriber)',
    ours: delivery.lowest,
    baseline: 1,
    ratio: delivery.lowest,
    goal: 1,
    goalsMet,
    minutes: summary.minutes,
    students: summary.students,
    classes: summary.classes,
    acknowledged: stats.acknowledged.length,
    lostAcknowledged: summary.lost,
    retried: stats.retried,
    agentQuestions: stats.agentQuestions,
    agentJobs: summary.agentJobs,
    uploads: stats.uploads,
    delivery,
    latencyMs: { p50, p99 },
    nodes: nodes.map((node) => ({
      name: node.name,
      starts: node.starts,
      first: node.firstMemory,
      last: node.lastMemory,
    })),
    faults,
    errorsShown: Object.fromEntries(errors),
  };
  print(`results: ${writeResult(result)}`);
  return Object.values(goalsMet).every(Boolean);
}
