// Docs: docs/realtime.md#drain — a node's graceful stop (SIGTERM): it takes nothing new, finishes what
// it holds, hands back what it cannot finish in time, and closes; main.ts bounds the whole by
// SHUTDOWN_GRACE_SECONDS with a forced exit.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import type { Runtime } from './runtime';

export interface DrainOptions {
  runtime: Runtime;
  app: FastifyInstance;
  /** Null when the node stops before its database was open. */
  database: Database | null;
  log: FastifyBaseLogger;
  /** SHUTDOWN_GRACE_SECONDS in ms: everything, closing included, must fit in it. */
  graceMs: number;
  /** Said by /readyz while draining. */
  reason: string;
}

/** What is kept of the grace for closing the app and the database after the drain proper. */
export function closeReserveMs(graceMs: number): number {
  return Math.min(2_000, graceMs / 4);
}

/**
 * Drains and closes the node. Returns 'drained' when every socket answered what it ran and every
 * agent job it held was answered, 'handed back' when time ran out first (the sockets left are
 * closed with 1001, the jobs go back to the queue for another node).
 */
export async function drainAndClose(options: DrainOptions): Promise<'drained' | 'handed back'> {
  const { runtime, app, database, log, graceMs, reason } = options;
  const agents = runtime.services?.agents;
  // Readiness turns 503 and new sockets and requests are refused from here on, synchronously.
  const sockets = runtime.drain(reason);
  const notifications = runtime.services?.notifications;
  const push = runtime.services?.push;
  const jobs = Promise.all([
    agents ? agents.stopClaiming().then(() => agents.idle()) : undefined,
    notifications?.stopClaiming().then(() => notifications.idle()),
    push?.stopClaiming().then(() => push.idle()),
  ]);
  const budget = graceMs - closeReserveMs(graceMs);
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    Promise.all([sockets, jobs]).then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(resolve, budget, false);
    }),
  ]);
  clearTimeout(timer);
  let outcome: 'drained' | 'handed back' = 'drained';
  if (!finished) {
    outcome = 'handed back';
    const handed = agents ? await agents.handBack().catch(() => 0) : 0;
    await notifications?.handBack().catch(() => 0);
    await push?.handBack().catch(() => 0);
    log.warn(
      { budgetMs: budget, jobsHandedBack: handed },
      'drain ran out of time: closing the sockets left, agent jobs handed back',
    );
  }
  await app.close();
  await database?.close();
  return outcome;
}
