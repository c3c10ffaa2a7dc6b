// Docs: docs/accounts.md#sessions — who is asking, from the session cookie.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../runtime';

/** The signed-in user of a request as the rest of the server sees it (SPEC §3 auth user). */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
}

/** Better Auth's session for the request's cookie, or null. */
export async function sessionUser(
  services: Services,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const result = await services.auth.api.getSession({ headers });
  if (!result) return null;
  return { uid: result.user.id, email: result.user.email, displayName: result.user.name };
}
