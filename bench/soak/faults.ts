// The soak's faults, in rotation: kill -9 a node (then start it again), SIGTERM a node (it drains; then
// start it again), terminate the LISTEN backends, restart PostgreSQL, cut some clients off for 30 s.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/db/client';
import type { Cluster, SoakNode } from './cluster';
import type { Workload } from './workload';

export const FAULTS = [
  'kill -9',
  'SIGTERM',
  'LISTEN lost',
  'PostgreSQL restart',
  'client cut',
] as const;
export type FaultName = (typeof FAULTS)[number];

/** How long a cut client stays cut off, and how many are cut. */
export const CUT_MS = 30_000;
const CUT_CLIENTS = 10;

export interface FaultRecord {
  name: FaultName;
  /** Seconds since the soak's load began. */
  at: number;
  detail: string;
  /** False when the fault itself went wrong (a drained node that did not exit 0). */
  ok: boolean;
}

/** Applies the `index`-th fault of the rotation; node restarts go on in `pending`. */
export async function applyFault(
  index: number,
  cluster: Cluster,
  workload: Workload,
  pending: Array<Promise<void>>,
  log: (line: string) => void,
): Promise<Omit<FaultRecord, 'at'>> {
  const name = FAULTS[index % FAULTS.length]!;
  const node = cluster.nodes[index % cluster.nodes.length] as SoakNode;
  const restart = (after: Promise<unknown>) => {
    const restarted = after
      .then(() => cluster.startNode(node))
      // Its memory once it has taken its share of clients again.
      .then(() => new Promise((resolve) => setTimeout(resolve, 10_000)))
      .then(() => cluster.readMemory(node))
      .then(() => undefined)
      .catch((error: unknown) => log(`restarting ${node.name} failed: ${String(error)}`));
    pending.push(restarted);
  };
  switch (name) {
    case 'kill -9': {
      const process = node.process!;
      node.process = null;
      restart(process.kill());
      return { name, detail: node.name, ok: true };
    }
    case 'SIGTERM': {
      const process = node.process!;
      node.process = null;
      process.signal('SIGTERM');
      restart(process.exited);
      const exitCode = await process.exited;
      return { name, detail: `${node.name} drained, exit ${String(exitCode)}`, ok: exitCode === 0 };
    }
    case 'LISTEN lost': {
      const rows = await queryRows<{ ok: boolean }>(
        cluster.database.db,
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      return { name, detail: `${rows.length} backends`, ok: rows.length > 0 };
    }
    case 'PostgreSQL restart': {
      await cluster.restartPostgres();
      return { name, detail: 'fast stop, start', ok: true };
    }
    case 'client cut': {
      const cut = workload.cut(CUT_CLIENTS, CUT_MS);
      return { name, detail: `${cut} clients for ${CUT_MS / 1000} s`, ok: cut > 0 };
    }
  }
}
