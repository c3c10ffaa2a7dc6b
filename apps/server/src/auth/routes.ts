// Docs: docs/accounts.md — /api/auth/* handed to Better Auth as a Fetch Request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireServices, type Runtime } from '../runtime';
import { ALLOWED_AUTH_ROUTES, AUTH_BASE_PATH, authRoutePath } from './allowedRoutes';
import { CLIENT_IP_HEADER } from './auth';

/** Headers a client must not be able to set: the client IP is Fastify's (TRUST_PROXY-aware) answer. */
const DROPPED_HEADERS = new Set([
  'x-forwarded-for',
  'x-real-ip',
  'cf-connecting-ip',
  CLIENT_IP_HEADER,
]);

/** Turns a Fastify request into the Fetch Request Better Auth handles. */
export function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED_HEADERS.has(key)) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody
      ? typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body)
      : null,
  });
}

/** Mounts Better Auth's handler at /api/auth/*. */
export function registerAuthRoutes(app: FastifyInstance, runtime: Runtime): void {
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    async handler(request, reply) {
      // Only the routes Seminar uses reach Better Auth; the rest are as if they did not exist.
      const route = authRoutePath(request.url, AUTH_BASE_PATH);
      if (route === null || !ALLOWED_AUTH_ROUTES.has(route)) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found.' });
      }
      const { auth, config } = requireServices(runtime);
      // Better Auth checks Origin only on requests that carry cookies; a browser's cross-site POST
      // without them could still sign a victim into an attacker's account (login CSRF).
      const origin = request.headers.origin;
      if (request.method === 'POST' && origin !== undefined && origin !== config.publicUrl) {
        return reply
          .code(403)
          .send({ code: 'INVALID_ORIGIN', message: 'Requests must come from the app itself.' });
      }
      const response = await auth.handler(toFetchRequest(request, config.publicUrl));
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      reply.header('Cache-Control', 'no-store');
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
