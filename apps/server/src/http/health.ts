// Docs: README.md#endpoints — liveness and server time.
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime';

/** How long /healthz waits for the database before calling it down. */
const PING_TIMEOUT_MS = 2_000;

/** GET /healthz (200 once the database answers, 503 before) and GET /api/time. */
export function registerHealthRoutes(app: FastifyInstance, runtime: Runtime): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const services = runtime.services;
    if (!services) return reply.code(503).send({ status: 'starting' });
    try {
      await withTimeout(services.database.ping(), PING_TIMEOUT_MS);
      return { status: 'ok', database: services.database.kind };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  // The client measures its clock offset against this (SPEC §7, "server time offset").
  app.get('/api/time', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { now: Date.now() };
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
