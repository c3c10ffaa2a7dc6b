// Docs: docs/accounts.md#disabling-a-user — PUT /api/admin/users/:uid/disabled, for site admins.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { textSchema } from '@seminar/shared';
import { sessionUser } from '../auth/session';
import { requireServices, type Runtime } from '../runtime';
import { userDisabledSetter } from './commands';
import { canSetUserDisabled } from './policies';

const paramsSchema = z.object({ uid: textSchema().min(1).max(200) });
const bodySchema = z.object({ disabled: z.boolean() });

export function registerUserRoutes(app: FastifyInstance, runtime: Runtime): void {
  app.put('/api/admin/users/:uid/disabled', async (request, reply) => {
    const services = requireServices(runtime);
    const actor = await sessionUser(services, request);
    if (!actor) return reply.code(401).send({ error: 'unauthorized', message: 'Sign in first.' });
    const params = paramsSchema.safeParse(request.params);
    const body = bodySchema.safeParse(request.body);
    if (!params.success || !body.success) {
      return reply
        .code(400)
        .send({ error: 'bad_request', message: 'Send {"disabled": true} or {"disabled": false}.' });
    }
    if (!canSetUserDisabled(actor, params.data.uid, services.config.adminEmails)) {
      return reply
        .code(403)
        .send({ error: 'forbidden', message: 'Only site admins may disable users.' });
    }
    const found = await userDisabledSetter(
      services.database.db,
      params.data.uid,
      body.data.disabled,
    );
    if (!found) return reply.code(404).send({ error: 'not_found', message: 'No such user.' });
    return { uid: params.data.uid, disabled: body.data.disabled };
  });
}
