// Ending the session (SPEC §8): the user's own sign-out, a sign-out for a reason the Sign in page
// shows ('user-disabled', 'user-token-expired'), and the local clearing both do (nothing of the
// user stays in the cache, the offline rows or the drafts).
// session.tsx re-exports all of it: importers keep reading it from there.
import { useMemo, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthErrorCode } from '@seminar/shared';
import { authApi, toAuthError, type AuthError } from './authApi';
import { forgetSession } from './lastSession';
import { SESSION_QUERY_KEY, type SessionPayload } from './sessionData';

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
export function removeUserData(client: QueryClient): void {
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
export function serverMayKeepSession(error: AuthError): boolean {
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
