// The session seen by the web app: Better Auth's GET /api/auth/get-session through TanStack Query.
// `useSession()` is the contract the layouts rely on. Besides reading the session this module keeps
// the session rules of SPEC §8–§9:
// - sliding refresh: get-session is asked again SESSION_REFRESH_BEFORE_EXPIRY_MS before
//   `session.expiresAt` (the server extends the session when asked); a refresh that gets no answer
//   is retried from 30 s, doubling up to 16 min, while the user stays signed in;
// - a signed-in session that turns into `null` (expired or revoked) is 'user-token-expired': the
//   cache is cleared and the Sign in page says why;
// - `signOutWithMessage(queryClient, code)` (or `useSignOut().signOutWithMessage(code)`) lets other
//   code end the session for 'user-disabled' / 'user-token-expired' with the same effect.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { hashKey, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  authErrorSignsOut,
  GET_SESSION_PATH,
  SESSION_REFRESH_BEFORE_EXPIRY_MS,
  type AuthErrorCode,
} from '@seminar/shared';
import { authApi, authErrorFromResponse, authFetch, AuthError, toAuthError } from './authApi';
import { forgetSession, lastSession, rememberSession } from './lastSession';

// The signed-in class page's HTML preloads this request (apps/server/src/http/web.ts): the first
// fetchSession's request, as it is (same-origin credentials), takes its answer.
export { GET_SESSION_PATH };
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Session refresh retries (SPEC §9 identity provider defaults): from 30 s, doubling, up to 16 min. */
export const SESSION_RETRY_BASE_MS = 30_000;
export const SESSION_RETRY_MAX_MS = 16 * 60_000;
/** The longest wait between a first load's retries while opened as the last session. */
export const FIRST_LOAD_RETRY_MAX_MS = 10_000;
/** setTimeout's largest delay (about 24.8 days); longer ones would fire at once. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

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

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  session: SessionInfo | null;
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

// ---------------------------------------------------------------------------------------------
// Why the session ended last: a SPEC §8 code, shown on the Sign in page until dismissed or until
// the next sign-in, or 'user' for the user's own sign-out (Sign in then shows nothing and does not
// return to the previous user's page). One per browser tab, like the session itself.

type SignOutReason = AuthErrorCode | 'user' | null;

let signOutReason: SignOutReason = null;
const reasonListeners = new Set<() => void>();

function setSignOutReason(reason: SignOutReason): void {
  if (signOutReason === reason) return;
  signOutReason = reason;
  for (const listener of reasonListeners) listener();
}

function subscribeToReason(listener: () => void): () => void {
  reasonListeners.add(listener);
  return () => reasonListeners.delete(listener);
}

function getSignOutReason(): SignOutReason {
  return signOutReason;
}

/** Sets (or with `null` clears) the reason shown on the Sign in page. */
export function setSignOutNotice(code: AuthErrorCode | null): void {
  setSignOutReason(code);
}

export function clearSignOutNotice(): void {
  setSignOutReason(null);
}

/** The code the user was last signed out for, if any. */
export function getSignOutNotice(): AuthErrorCode | null {
  return signOutReason === 'user' ? null : signOutReason;
}

/** The code the user was last signed out for (its words: `authErrorWords(code).message`). */
export function useSignOutNotice(): AuthErrorCode | null {
  const reason = useSyncExternalStore(subscribeToReason, getSignOutReason, getSignOutReason);
  return reason === 'user' ? null : reason;
}

/** True after the user's own sign-out (until the next sign-in). */
export function useSignedOutByUser(): boolean {
  const reason = useSyncExternalStore(subscribeToReason, getSignOutReason, getSignOutReason);
  return reason === 'user';
}

// ---------------------------------------------------------------------------------------------
// Ending the session.

const SESSION_QUERY_HASH = hashKey(SESSION_QUERY_KEY);

/** Drops every cached query but the session's, and every mutation: nothing of the user is kept. */
function removeUserData(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryHash !== SESSION_QUERY_HASH });
  client.getMutationCache().clear();
  // The rows kept for offline use go too (a shared computer keeps nothing of the last person).
  void import('../live/offlineCache').then((cache) => cache.clearOffline());
}

/**
 * Signs out on this device only: cancels running queries, marks the session signed out (the
 * session query keeps `null`, so every `useSession()` turns 'signed-out') and removes every other
 * query and mutation from the cache. The signed-in layout then sends the user to Sign in.
 */
export async function clearSessionLocally(client: QueryClient): Promise<void> {
  // Cancel first: an in-flight get-session must not bring the old session back.
  await client.cancelQueries();
  client.setQueryData(SESSION_QUERY_KEY, null);
  removeUserData(client);
  forgetSession();
}

/**
 * Ends the session because of `code` — for SPEC §8's 'user-disabled' and 'user-token-expired'
 * (e.g. when the live layer is refused): clears the cache, tells the server (best effort, so its
 * cookie goes too) and shows the code's words on the Sign in page. Never throws.
 */
export async function signOutWithMessage(client: QueryClient, code: AuthErrorCode): Promise<void> {
  setSignOutNotice(code);
  await Promise.all([clearSessionLocally(client), authApi.signOut().catch(() => undefined)]);
}

/** Whether a failed sign-out request may have left the session alive on the server. */
function serverMayKeepSession(error: AuthError): boolean {
  return (
    error.code === 'network-request-failed' ||
    error.code === 'too-many-requests' ||
    error.status >= 500
  );
}

/**
 * The user's own sign-out: ends the session on the server, then clears the cache; the signed-in
 * layout then shows Sign in (without a message, and without returning to this user's page).
 * Throws an AuthError (and keeps the user signed in) when the server may not have ended the session.
 */
export async function signOut(client: QueryClient): Promise<void> {
  try {
    await authApi.signOut();
  } catch (error) {
    const authError = toAuthError(error);
    // Other refusals (e.g. "no session") mean the server holds no session for this cookie.
    if (serverMayKeepSession(authError)) throw authError;
  }
  setSignOutReason('user');
  // Their own sign-out: what they had not sent stays off a shared computer.
  // Loaded here, not with the sign-in page: the drafts code is the chat's (issue 13's budget).
  const uid = client.getQueryData<SessionPayload | null>(SESSION_QUERY_KEY)?.user.id;
  if (uid) {
    try {
      (await import('../features/chat/drafts')).forgetDrafts(uid);
    } catch {
      // The chunk could not load (offline, a new deploy): sign out all the same.
    }
  }
  // Nor do their notifications: this browser's push subscription goes (docs/channels.md#web-push).
  try {
    await (await import('../features/notifications/pushDevice')).dropThisBrowsersPush();
  } catch {
    // The chunk could not load: sign out all the same.
  }
  await clearSessionLocally(client);
}

export interface SignOutActions {
  /** The user's own sign-out (see `signOut`). */
  signOut: () => Promise<void>;
  /** Sign-out for a reason shown on the Sign in page (see `signOutWithMessage`). */
  signOutWithMessage: (code: AuthErrorCode) => Promise<void>;
}

/** `signOut` and `signOutWithMessage` bound to the app's QueryClient. */
export function useSignOut(): SignOutActions {
  const client = useQueryClient();
  return useMemo(
    () => ({
      signOut: () => signOut(client),
      signOutWithMessage: (code: AuthErrorCode) => signOutWithMessage(client, code),
    }),
    [client],
  );
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
