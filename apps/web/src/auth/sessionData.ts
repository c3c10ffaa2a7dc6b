// The session as the server sends it: Better Auth's GET /api/auth/get-session read into a payload
// (or null), and the query key the app keeps it under.
// session.tsx keeps it fresh (sliding refresh); signOut.ts ends it.
import { GET_SESSION_PATH } from '@seminar/shared';
import { authErrorFromResponse, authFetch } from './authApi';

// The signed-in class page's HTML preloads this request (apps/server/src/http/web.ts): the first
// fetchSession's request, as it is (same-origin credentials), takes its answer.
export { GET_SESSION_PATH };
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified?: boolean;
  [field: string]: unknown;
}

export interface SessionInfo {
  id?: string;
  userId?: string;
  expiresAt?: string;
  [field: string]: unknown;
}

export interface SessionPayload {
  session: SessionInfo;
  user: SessionUser;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isSessionPayload(value: unknown): value is SessionPayload {
  return (
    isRecord(value) &&
    isRecord(value.session) &&
    isRecord(value.user) &&
    typeof value.user.id === 'string'
  );
}

/**
 * Asks the server for the current session: the payload, or `null` when there is none (a `null`
 * answer or 401). A request without an answer or with an unexpected error status throws an
 * AuthError, so a passing network problem is not mistaken for the session ending.
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionPayload | null> {
  const response = await authFetch(GET_SESSION_PATH, {
    method: 'GET',
    headers: { accept: 'application/json' },
    signal: signal ?? null,
  });
  if (response.status === 401) return null;
  if (!response.ok) throw await authErrorFromResponse(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return null;
  }
  return isSessionPayload(body) ? body : null;
}
