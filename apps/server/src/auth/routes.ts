// Docs: docs/accounts.md — /api/auth/* handed to Better Auth as a Fetch Request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BodyRefusal, parseBoundedJson } from '../http/boundedJson';
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

/**
 * The largest auth request body: the biggest real one (sign-up: a name of 100 characters, an
 * address, a password of 128) is under 1 KiB.
 */
export const AUTH_BODY_LIMIT = 16 * 1024;

/** The deepest nesting an auth body may have: every real one is a flat object (depth 1). */
export const AUTH_BODY_MAX_DEPTH = 8;

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
  void app.register(async (scope) => {
    // The body is read as text within AUTH_BODY_LIMIT and its nesting counted in one pass before
    // JSON.parse: every later step (the text check in auth.ts, Better Auth's own parse and
    // validation) walks it recursively, and a 5,000-deep array overflowed the stack (a 500).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: AUTH_BODY_LIMIT },
      (request, body, done) => {
        const type = request.headers['content-type'] ?? '';
        if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) return done(null, body);
        try {
          done(null, parseBoundedJson(body as string, AUTH_BODY_MAX_DEPTH));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    // Refused bodies answer in Better Auth's shape ({code, message}), as every other auth error.
    scope.setErrorHandler((error: Error & { code?: string; statusCode?: number }, _req, reply) => {
      if (error instanceof BodyRefusal)
        return reply.code(400).send({ code: error.code, message: error.message });
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply.code(400).send({
          code: 'BODY_TOO_LARGE',
          message: `The request body is larger than ${AUTH_BODY_LIMIT / 1024} KiB.`,
        });
      throw error;
    });
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      bodyLimit: AUTH_BODY_LIMIT,
      handler: (request, reply) => handleAuthRequest(runtime, request, reply),
    });
  });
}

/** Hands one request to Better Auth, if its route is one Seminar uses. */
async function handleAuthRequest(
  runtime: Runtime,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
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
}
