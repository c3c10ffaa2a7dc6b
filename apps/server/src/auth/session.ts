// Docs: docs/accounts.md#sessions — who is asking, from the session cookie.
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { boundedPersonName } from '@seminar/shared';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';

/** The signed-in user of a request as the rest of the server sees it (SPEC §3 auth user). */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
  /**
   * Whether they proved the address is theirs (the code mailed at sign-up). Until then it claims
   * no invitation and matches no channel_group (docs/accounts.md#verification).
   */
  emailVerified: boolean;
}

/** A signed-in user and the session they are signed in with. */
export interface ViewerSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
}

/**
 * What reading a session needs of Better Auth (auth.ts's `Auth` is one). Said here rather than
 * imported: auth.ts tells the kernel about ended sessions, and the kernel reads sessions through
 * this file, so an import of auth.ts here would close a circle.
 */
export interface SessionAuth {
  api: {
    getSession(context: { headers: Headers }): Promise<{
      user: { id: string; email: string; name: string; emailVerified: boolean };
      session: { id: string; expiresAt: Date };
    } | null>;
  };
}

/** Better Auth's session for a Cookie header, or null. */
export async function sessionFromCookie(
  services: { readonly auth: SessionAuth },
  cookie: string | undefined,
): Promise<ViewerSession | null> {
  if (!cookie) return null;
  const result = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!result) return null;
  return {
    user: {
      uid: result.user.id,
      email: result.user.email,
      // Copied into every message and audit field: bounded even if an older row is not yet cut.
      displayName: boundedPersonName(result.user.name),
      emailVerified: result.user.emailVerified,
    },
    sessionId: result.session.id,
    expiresAt: new Date(result.session.expiresAt),
  };
}

/** The signed-in user of an HTTP request, or null. */
export async function sessionUser(
  services: { readonly auth: SessionAuth },
  request: FastifyRequest,
): Promise<SessionUser | null> {
  return (await sessionFromCookie(services, request.headers.cookie))?.user ?? null;
}

/**
 * Whether a session still exists and has not expired: every write over a live socket checks it,
 * so a signed-out, reset or expired session writes nothing more, whatever its socket does.
 */
export async function sessionIsLive(database: Database, sessionId: string): Promise<boolean> {
  const rows = await database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}
