// Docs: docs/catalogue.md#analytics — POST /api/events: the client's analytics batches (SPEC §7, DESIGN §2).
import type { FastifyInstance } from 'fastify';
import { ANALYTICS_BODY_MAX_BYTES, analyticsBatchSchema } from '@seminar/shared';
import { sessionUser } from '../auth/session';
import { analyticsEvents } from '../db/schema';
import { requireServices, type Runtime } from '../runtime';

/**
 * Stores a batch of events. 401 without a session; 400 for anything malformed, oversized or too
 * many; the stored uid is always the session's, never the one the payload claims.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, runtime: Runtime): void {
  app.post('/api/events', { bodyLimit: ANALYTICS_BODY_MAX_BYTES }, async (request, reply) => {
    const services = requireServices(runtime);
    const viewer = await sessionUser(services, request);
    if (!viewer) return reply.code(401).send({ error: 'unauthorized', message: 'Sign in first.' });
    const parsed = analyticsBatchSchema.safeParse(request.body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return reply.code(400).send({
        error: 'bad_request',
        message: `Malformed events${first ? ` at ${first.path.join('.') || 'the body'}: ${first.message}` : ''}.`,
      });
    }
    await services.database.db.insert(analyticsEvents).values(
      parsed.data.map(({ event, timestamp, ...rest }) => ({
        uid: viewer.uid,
        name: event,
        client_timestamp: new Date(timestamp),
        payload: { ...rest, payload: { ...rest.payload, uid: viewer.uid } },
      })),
    );
    return reply.code(202).send({ stored: parsed.data.length });
  });
}
