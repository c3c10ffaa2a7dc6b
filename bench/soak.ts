// npm run soak — the chaos soak (docs/realtime.md#the-chaos-soak): three app nodes on a throwaway
// PostgreSQL behind HAProxy, hundreds of simulated students, a fault every 30–60 s. Ends with the
// tables of bench/soak/report.ts and exit code 1 when a goal fails.
//
// SOAK_MINUTES (10), SOAK_FAULTS (unset: as many as fit; set: exactly that many, evenly spaced),
// SOAK_STUDENTS (300), SOAK_CLASSES (30), SOAK_SEND_EVERY_SECONDS (20: each student's mean gap).
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { startCluster } from './soak/cluster';
import { applyFault, type FaultRecord } from './soak/faults';
import { lostAcknowledged, measureDelivery, report } from './soak/report';
import { createWorkload } from './soak/workload';

function setting(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    process.stderr.write(`${name} must be a number from ${min} to ${max} (got "${text}")\n`);
    process.exit(2);
  }
  return value;
}

const minutes = setting('SOAK_MINUTES', 10, 1, 24 * 60);
const faultCount = process.env.SOAK_FAULTS ? setting('SOAK_FAULTS', 0, 0, 1_000) : null;
const studentCount = Math.round(setting('SOAK_STUDENTS', 300, 2, 5_000));
const classCount = Math.round(setting('SOAK_CLASSES', 30, 1, 1_000));
const sendEveryMs = setting('SOAK_SEND_EVERY_SECONDS', 20, 0.1, 3_600) * 1000;
/** Time left after the last fault for the installation to recover before posting stops. */
const RECOVERY_MS = 20_000;
/** How long the soak waits, after posting stopped, for every subscriber to catch up. */
const SETTLE_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Stops what the soak started (nodes, HAProxy, PostgreSQL) when it is interrupted. */
let stopAll: (() => Promise<void>) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    log(`${signal}: stopping the soak's processes…`);
    void (stopAll?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });

async function main(): Promise<boolean> {
  const cluster = await startCluster(3, log);
  stopAll = () => cluster.close();
  let workload: Awaited<ReturnType<typeof createWorkload>> | null = null;
  try {
    log(`signing up ${studentCount} students in ${classCount} classes…`);
    workload = await createWorkload(cluster.url, cluster.database, studentCount, classCount);
    const durationMs = minutes * 60_000;
    const start = Date.now();
    const until = start + durationMs;
    const rampMs = Math.min(60_000, durationMs / 5);
    log(`load for ${minutes} min: classes start over ${rampMs / 1000} s`);
    const posting = workload.run(until, rampMs, sendEveryMs);

    await sleep(rampMs);
    for (const node of cluster.nodes) await cluster.readMemory(node);

    const faults: FaultRecord[] = [];
    const pending: Array<Promise<void>> = [];
    const lastFault = until - RECOVERY_MS;
    const evenGap =
      faultCount && faultCount > 0 ? (lastFault - (start + rampMs)) / faultCount : Number.NaN;
    for (let index = 0; faultCount === null || index < faultCount; index += 1) {
      const gap = Number.isNaN(evenGap)
        ? 30_000 + Math.random() * 30_000
        : Math.min(60_000, Math.max(30_000, evenGap));
      if (index > 0) await sleep(gap);
      if (Date.now() > lastFault) break;
      const at = Math.round((Date.now() - start) / 1000);
      const fault = await applyFault(index, cluster, workload, pending, log);
      faults.push({ ...fault, at });
      log(`${at} s: ${fault.name} (${fault.detail})`);
    }
    await posting;
    log('posting stopped; waiting for restarts, cut clients and subscribers to catch up…');
    await Promise.all(pending);
    const cutEnds = Math.max(0, ...workload.students.map((student) => student.cutUntil));
    await sleep(cutEnds - Date.now());
    const settleBy = Date.now() + SETTLE_MS;
    let delivery = await measureDelivery(cluster.database, workload);
    while (delivery.short > 0 && Date.now() < settleBy) {
      await sleep(1_000);
      delivery = await measureDelivery(cluster.database, workload);
    }
    for (const node of cluster.nodes) await cluster.readMemory(node);
    const jobs = await queryRows<{ status: string; n: number }>(
      cluster.database.db,
      sql`select status, count(*)::int as n from ai_jobs group by status order by status`,
    );
    return report(
      {
        minutes,
        students: studentCount,
        classes: classCount,
        delivery,
        lost: await lostAcknowledged(cluster.database, workload.stats.acknowledged),
        workload,
        nodes: cluster.nodes,
        faults,
        agentJobs: Object.fromEntries(jobs.map((row) => [row.status, row.n])),
      },
      log,
    );
  } finally {
    await workload?.close();
    await cluster.close();
  }
}

main().then(
  (met) => process.exit(met ? 0 : 1),
  (error: unknown) => {
    process.stderr.write(
      `soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
