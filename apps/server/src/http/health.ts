// Docs: README.md#endpoints — liveness, readiness and server time.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DrainingError, type Runtime } from '../runtime';

/** How long /readyz waits for the database before calling it down. */
const PING_TIMEOUT_MS = 2_000;
/** Answered while draining: the process is alive, and says it is not ready. */
const HEALTH_PATHS = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

/**
 * GET /livez (200 while the process serves HTTP: restart it only when this fails), GET /readyz
 * (200 once the database answers and migrations ran, 503 with a reason before, whenever the
 * database does not answer, and from the moment the node drains: send it no traffic then), GET /healthz (readyz, the older name) and
 * GET /api/time.
 */
export function registerHealthRoutes(app: FastifyInstance, runtime: Runtime): void {
  // A draining node takes no new request (docs/realtime.md#drain): the balancer, told by /readyz,
  // sends them elsewhere and retries a 503 on another node. What already runs finishes.
  app.addHook('onRequest', async (request, reply) => {
    const draining = runtime.draining;
    if (!draining || HEALTH_PATHS.has(request.url.split('?')[0] ?? '')) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send({ error: 'unavailable', message: new DrainingError().message });
  });

  app.get('/livez', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  const readiness = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    const draining = runtime.draining;
    if (draining) {
      return reply.code(503).send({ status: 'draining', reason: draining.reason });
    }
    const services = runtime.services;
    if (!services) {
      return reply.code(503).send({
        status: 'starting',
        reason: 'The database is being opened and migrated.',
      });
    }
    try {
      await withTimeout(services.database.ping(), PING_TIMEOUT_MS);
      return { status: 'ok', database: services.database.kind };
    } catch {
      return reply.code(503).send({
        status: 'database unavailable',
        reason: `The database did not answer within ${PING_TIMEOUT_MS / 1000} s.`,
      });
    }
  };
  app.get('/readyz', readiness);
  app.get('/healthz', readiness);

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
