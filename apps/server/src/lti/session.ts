// Docs: docs/institutions.md#signed-in-without-a-password — a launch signs the person in with a Better
// Auth session made through Better Auth's own adapter (its hooks run: a disabled user gets none), and
// the cookie Better Auth itself would set, so sign-out, revocation and the live socket treat it as any
// other session.
import { createHmac } from 'node:crypto';
import type { Auth } from '../auth/auth';

/** The Set-Cookie header value that carries a new session for `uid`. */
export async function sessionCookieFor(auth: Auth, uid: string): Promise<string> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(uid);
  if (!session) throw new Error('no session was created');
  const cookie = context.authCookies.sessionToken;
  // Better Auth's signed cookie (better-call's serializeSignedCookie): token "." base64 HMAC-SHA256.
  const signature = createHmac('sha256', context.secret).update(session.token).digest('base64');
  const value = encodeURIComponent(`${session.token}.${signature}`);
  const attributes = cookie.attributes;
  const parts = [`${cookie.name}=${value}`, 'Path=/', 'HttpOnly'];
  parts.push(`Max-Age=${context.sessionConfig.expiresIn}`);
  parts.push(`SameSite=${attributes.sameSite === 'none' ? 'None' : 'Lax'}`);
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}
