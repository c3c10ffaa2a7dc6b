// Absence proved after an event, not after a sleep: a test that must show something did NOT happen
// (a second send, a second phase move) waits until each node's worker has ended more passes —
// read from the node's own Prometheus counter, seminar_worker_passes_total (docs/operations.md#metrics)
// — so a pass that began after the state it checks has looked, and found nothing to do.
import { expect } from 'vitest';
import type { WorkerName } from '../src/metrics/metrics';

/** How many passes `worker` of the node at `url` has ended (its /metrics, served to loopback). */
export async function workerPasses(url: string, worker: WorkerName): Promise<number> {
  const response = await fetch(`${url}/metrics`);
  if (!response.ok) throw new Error(`GET ${url}/metrics answered ${response.status}`);
  const text = await response.text();
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`seminar_worker_passes_total{worker="${worker}"} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** Resolves once every node has ended at least `passes` more passes of `worker` than now. */
export async function afterPasses(
  urls: readonly string[],
  worker: WorkerName,
  passes = 2,
): Promise<void> {
  const start = await Promise.all(urls.map((url) => workerPasses(url, worker)));
  await expect
    .poll(
      async () => {
        const now = await Promise.all(urls.map((url) => workerPasses(url, worker)));
        return now.every((count, index) => count >= (start[index] ?? 0) + passes);
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}
