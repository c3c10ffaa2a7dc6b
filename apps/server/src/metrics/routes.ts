// Docs: docs/operations.md#metrics — GET /metrics (Prometheus' text format) and the count of every
// HTTP request by route pattern and status. Served to this machine only (a request whose TCP peer
// is loopback and that no proxy forwarded, whatever TRUST_PROXY says), or to a scraper that sends
// `Authorization: Bearer <METRICS_TOKEN>`.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocalRequest } from '../http/loopback';
import type { ServerMetrics } from './metrics';

export const METRICS_PATH = '/metrics';

/** Compares digests, so neither the token's length nor its bytes leak through timing. */
function sameToken(given: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** Whether `request` may read the metrics. */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (isLocalRequest(request)) return true;
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match !== null && sameToken(match[1] ?? '', token);
}

export function registerMetricsRoutes(
  app: FastifyInstance,
  metrics: ServerMetrics,
  token: string | undefined,
): void {
  // Every answered request, by its route's pattern (never the raw URL: bounded label values);
  // a request no route matched is `unmatched`.
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get(METRICS_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!mayScrape(request, token)) {
      if (token)
        return reply
          .code(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .send({ error: 'unauthorized', message: 'Send Authorization: Bearer <METRICS_TOKEN>.' });
      return reply.code(403).send({
        error: 'forbidden',
        message:
          'Metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere.',
      });
    }
    const { contentType, body } = await metrics.text();
    return reply.header('Content-Type', contentType).send(body);
  });
}
