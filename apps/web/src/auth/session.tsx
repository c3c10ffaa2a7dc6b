// The session seen by the web app: Better Auth's GET /api/auth/get-session through TanStack Query.
// `useSession()` is the contract the layouts rely on. Besides reading the session this module keeps
// the session rules of SPEC §8–§9:
// - sliding refresh: get-session is asked again SESSION_REFRESH_BEFORE_EXPIRY_MS before
//   `session.expiresAt` (the server extends the session when asked); a refresh that gets no answer
//   is retried from 30 s, doubling up to 16 min, while the user stays signed in;
// - a signed-in session that turns into `null` (expired or revoked) is 'user-token-expired': the
//   cache is cleared and the Sign in page says why;
// - `signOutWithMessage(queryClient, code)` (or `useSignOut().signOutWithMessage(code)`, both in
//   signOut.ts) lets other code end the session for 'user-disabled' / 'user-token-expired' with
//   the same effect.
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authErrorSignsOut, SESSION_REFRESH_BEFORE_EXPIRY_MS } from '@seminar/shared';
import { authApi, AuthError } from './authApi';
import { forgetSession, lastSession, rememberSession } from './lastSession';
import {
  fetchSession,
  SESSION_QUERY_KEY,
  type SessionInfo,
  type SessionPayload,
  type SessionUser,
} from './sessionData';
import {
  clearSignOutNotice,
  removeUserData,
  serverMayKeepSession,
  setSignOutNotice,
} from './signOut';

// Importers read the session's parts from here: what the server sends (sessionData.ts) and how the
// session ends (signOut.ts).
export {
  fetchSession,
  GET_SESSION_PATH,
  SESSION_QUERY_KEY,
  type SessionInfo,
  type SessionPayload,
  type SessionUser,
} from './sessionData';
export {
  clearSessionLocally,
  clearSignOutNotice,
  getSignOutNotice,
  setSignOutNotice,
  signOut,
  signOutWithMessage,
  useSignedOutByUser,
  useSignOut,
  useSignOutNotice,
  type SignOutActions,
} from './signOut';

/** Session refresh retries (SPEC §9 identity provider defaults): from 30 s, doubling, up to 16 min. */
export const SESSION_RETRY_BASE_MS = 30_000;
export const SESSION_RETRY_MAX_MS = 16 * 60_000;
/** The longest wait between a first load's retries while opened as the last session. */
export const FIRST_LOAD_RETRY_MAX_MS = 10_000;
/** setTimeout's largest delay (about 24.8 days); longer ones would fire at once. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  session: SessionInfo | null;
}

// ---------------------------------------------------------------------------------------------
// Sliding refresh.

/**
 * How long to wait before asking for the session again: until SESSION_REFRESH_BEFORE_EXPIRY_MS
 * before `expiresAt`, but at least SESSION_RETRY_BASE_MS (so a session the server did not extend is
 * not asked for in a loop; once it has expired the next answer is `null`) and at most what
 * setTimeout can wait. `null` when `expiresAt` is not a date.
 */
export function sessionRefreshDelay(expiresAt: unknown, now: number): number | null {
  if (
    typeof expiresAt !== 'string' &&
    typeof expiresAt !== 'number' &&
    !(expiresAt instanceof Date)
  )
    return null;
  const expiry = new Date(expiresAt).getTime();
  if (Number.isNaN(expiry)) return null;
  const delay = expiry - SESSION_REFRESH_BEFORE_EXPIRY_MS - now;
  return Math.min(Math.max(delay, SESSION_RETRY_BASE_MS), MAX_TIMER_DELAY_MS);
}

/** Delay before the n-th retry (1-based) of a failed refresh: 30 s, 60 s, … up to 16 min. */
export function sessionRetryDelay(attempt: number): number {
  return Math.min(SESSION_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), SESSION_RETRY_MAX_MS);
}

/** A first load's retries (opened as the last session): 1 s, doubling, at most 10 s apart. */
export function firstLoadRetryDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attempt - 1), FIRST_LOAD_RETRY_MAX_MS);
}

/** Errors worth retrying: the request got no answer, was rate limited or the server failed. */
function isTransient(error: unknown): boolean {
  return error instanceof AuthError && serverMayKeepSession(error);
}

/**
 * The session query's function: reads the session and applies the rules when it changes — a
 * session that turns into `null` ended ('user-token-expired'); a sign-out code from the server
 * ends it with that code; another user's session drops the previous user's cached data.
 */
async function loadSession(
  client: QueryClient,
  signal: AbortSignal,
): Promise<SessionPayload | null> {
  const previous = client.getQueryData<SessionPayload | null>(SESSION_QUERY_KEY);
  let next: SessionPayload | null;
  try {
    next = await fetchSession(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    if (!(error instanceof AuthError) || !authErrorSignsOut(error.code)) throw error;
    setSignOutNotice(error.code);
    removeUserData(client);
    forgetSession();
    void authApi.signOut().catch(() => undefined);
    return null;
  }
  // Cancelled meanwhile (signing out cancels every query): this answer is from before, and
  // remembering it would keep the signed-out session on this device for the next start.
  if (signal.aborted) throw new DOMException('The session check was cancelled.', 'AbortError');
  if (previous && next === null) {
    setSignOutNotice('user-token-expired');
    removeUserData(client);
  } else if (previous && next && previous.user.id !== next.user.id) {
    removeUserData(client);
  }
  rememberSession(next);
  return next;
}

// ---------------------------------------------------------------------------------------------
// Provider and hooks.

const SessionContext = createContext<SessionState | null>(null);

/** The session's query (SessionProvider reads it; main.tsx starts it before the first render). */
export function sessionQueryOptions(client: QueryClient) {
  return {
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) => loadSession(client, signal),
    staleTime: 60_000,
    // Retry a refresh while signed in, and a first load opened as the last session (below); any
    // other first load that fails simply shows Sign in.
    retry: (_failureCount: number, error: unknown) =>
      (client.getQueryData(SESSION_QUERY_KEY) != null || lastSession() !== null) &&
      isTransient(error),
    // A refresh waits as SPEC §9 says; a first load that got no answer asks again soon, so the app
    // opened offline as the last session knows who is signed in within seconds of coming back.
    retryDelay: (failureCount: number) =>
      client.getQueryData(SESSION_QUERY_KEY) === undefined
        ? firstLoadRetryDelay(failureCount + 1)
        : sessionRetryDelay(failureCount + 1),
  };
}

/**
 * Asks for the session now, before React renders: the provider's own request would start only
 * once the first render commits, after the page's route chunks have loaded.
 */
export function prefetchSession(client: QueryClient): void {
  void client.prefetchQuery(sessionQueryOptions(client));
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const query = useQuery(sessionQueryOptions(client));

  const payload = query.data;
  const failed = query.isError;
  // The first answer has not come (offline, the server down): the app opens as the last session
  // this browser saw, its live data reconnecting, while the request is retried (lastSession.ts).
  const unanswered =
    payload === undefined && query.failureCount > 0 && isTransient(query.failureReason);
  const expiresAt = payload?.session.expiresAt;
  const updatedAt = query.dataUpdatedAt;

  // Sliding refresh: ask again shortly before the session expires. Re-armed after every answer.
  useEffect(() => {
    const delay = sessionRefreshDelay(expiresAt, Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => {
      void client.refetchQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
    }, delay);
    return () => clearTimeout(timer);
  }, [client, expiresAt, updatedAt]);

  const value = useMemo<SessionState>(() => {
    // With data, a failed refresh keeps the user signed in (the retries above continue).
    if (payload) return { status: 'signed-in', user: payload.user, session: payload.session };
    const last = unanswered ? lastSession() : null;
    if (last) return { status: 'signed-in', user: last.user, session: last.session };
    if (payload === null || failed) return { status: 'signed-out', user: null, session: null };
    return { status: 'loading', user: null, session: null };
  }, [payload, failed, unanswered]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}

/** Re-reads the session, e.g. after signing in or out. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    [queryClient],
  );
}

/**
 * After a successful sign-in or sign-up: re-reads the session and checks it is there (the
 * signed-out layout then sends the user on); clears the sign-out notice. Throws an AuthError
 * when the session did not show up.
 */
export function useConfirmSignedIn(): () => Promise<void> {
  const client = useQueryClient();
  const refreshSession = useRefreshSession();
  return useCallback(async () => {
    await refreshSession();
    const state = client.getQueryState(SESSION_QUERY_KEY);
    if (!state?.data)
      throw state?.error instanceof AuthError ? state.error : new AuthError('unknown');
    clearSignOutNotice();
  }, [client, refreshSession]);
}
