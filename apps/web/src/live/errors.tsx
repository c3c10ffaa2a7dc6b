// The shared error state of SPEC §8: errors from live queries and rejected optimistic writes are
// logged and their plain words placed in one app-wide error, shown as a dismissible banner in the
// signed-in layout. `reportError` takes a message or any error (tRPC codes are put in plain words by
// `describeError`); `clearError` empties it (e.g. when the selected class is gone, SPEC §4).
import {
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { TRPCClientError } from '@trpc/client';
import type { LiveRouter } from './client';

/** What the user is told when the socket drops; shown while it reconnects. */
export const CONNECTION_LOST_MESSAGE = 'Lost the connection to the server. Reconnecting…';
export const NOT_FOUND_MESSAGE = 'This is no longer available to you.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Try again.';
const BAD_REQUEST_MESSAGE = 'Some of what was sent is not valid.';

/** Plain words per tRPC error code; FORBIDDEN and CONFLICT carry the server's own words. */
const WORDS_BY_CODE: Readonly<Record<string, string>> = {
  NOT_FOUND: NOT_FOUND_MESSAGE,
  UNAUTHORIZED: SESSION_ENDED_MESSAGE,
  BAD_REQUEST: BAD_REQUEST_MESSAGE,
  PAYLOAD_TOO_LARGE: 'That is too large to send.',
  TOO_MANY_REQUESTS: 'Too many requests. Wait a moment and try again.',
  TIMEOUT: 'The server took too long to answer. Try again.',
  INTERNAL_SERVER_ERROR: 'Something went wrong on the server. Try again.',
  SERVICE_UNAVAILABLE: 'The server is not available right now. Try again shortly.',
};

/** Codes whose server message is already meant for the user. */
// The server words these itself (every TOO_MANY_REQUESTS says what was too much and when to retry;
// BAD_GATEWAY says which outside service failed and how, e.g. an LMS refusing a grade).
const SERVER_WORDED_CODES = new Set([
  'FORBIDDEN',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'TOO_MANY_REQUESTS',
  'BAD_GATEWAY',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * tRPC's own `isTRPCClientError` test (an instance, or an error named so), without loading the
 * tRPC client with the first page: the signed-out pages never make one.
 */
function isTRPCClientError(error: unknown): error is TRPCClientError<LiveRouter> {
  return isRecord(error) && error.name === 'TRPCClientError';
}

/** The first zod issue the server sent for bad input (see the server's errorFormatter). */
function firstIssue(data: unknown): string | null {
  if (!isRecord(data) || !Array.isArray(data.issues)) return null;
  const [issue] = data.issues as unknown[];
  return isRecord(issue) && typeof issue.message === 'string' && issue.message !== ''
    ? issue.message
    : null;
}

/**
 * True for a failure of the connection itself (no answer from the server). Every answer the server
 * gives carries a tRPC code; a client error without one never reached it (the socket closed under
 * it, or never opened), so the same write can be sent again safely.
 */
export function isConnectionError(error: unknown): boolean {
  if (isTRPCClientError(error))
    return !(isRecord(error.data) && typeof error.data.code === 'string');
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

/** Puts an error in plain words for the banner (a string is taken as already worded). */
export function describeError(error: unknown): string {
  if (typeof error === 'string') return error.trim() || GENERIC_ERROR_MESSAGE;
  if (isConnectionError(error)) return CONNECTION_LOST_MESSAGE;
  if (isTRPCClientError(error)) {
    const code = isRecord(error.data) ? error.data.code : undefined;
    if (typeof code === 'string') {
      if (SERVER_WORDED_CODES.has(code) && error.message) return error.message;
      if (code === 'BAD_REQUEST') return firstIssue(error.data) ?? BAD_REQUEST_MESSAGE;
      const words = WORDS_BY_CODE[code];
      // The server logged the detail under this id: with it an administrator can find it.
      const errorId = isRecord(error.data) ? error.data.errorId : undefined;
      if (words && typeof errorId === 'string' && errorId !== '')
        return `${words} (Error id ${errorId}.)`;
      if (words) return words;
    }
  }
  return GENERIC_ERROR_MESSAGE;
}

// ---------------------------------------------------------------------------------------------

/** The shared error: one message (the latest) or none. */
export interface ErrorStore {
  get(): string | null;
  subscribe(listener: () => void): () => void;
  /** Logs the error and shows its plain words; returns those words. */
  report(error: unknown): string;
  /** Clears the error; with `onlyIf`, only when that message is the one shown. */
  clear(onlyIf?: string): void;
}

export function createErrorStore(log: (error: unknown) => void = logError): ErrorStore {
  let current: string | null = null;
  const listeners = new Set<() => void>();
  const set = (next: string | null) => {
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report(error) {
      log(error);
      const message = describeError(error);
      set(message);
      return message;
    },
    clear(onlyIf) {
      if (onlyIf === undefined || current === onlyIf) set(null);
    },
  };
}

function logError(error: unknown): void {
  console.warn('[seminar]', error);
}

export interface ErrorState {
  /** The message shown, or null. */
  error: string | null;
  /** Shows `error` in plain words (and logs it). */
  reportError: (error: unknown) => void;
  /** Dismisses the error; with `onlyIf`, only when that message is the one shown. */
  clearError: (onlyIf?: string) => void;
}

const ErrorStoreContext = createContext<ErrorStore | null>(null);

/** Holds the app's shared error state; `store` can be injected (tests). */
export function ErrorStateProvider({
  children,
  store,
}: {
  children: ReactNode;
  store?: ErrorStore;
}) {
  const [own] = useState(() => store ?? createErrorStore());
  return <ErrorStoreContext.Provider value={store ?? own}>{children}</ErrorStoreContext.Provider>;
}

function useErrorStore(): ErrorStore {
  const store = useContext(ErrorStoreContext);
  if (!store) throw new Error('useErrorState must be used inside <ErrorStateProvider>.');
  return store;
}

/** The shared error and the functions that set and clear it (stable across renders). */
export function useErrorState(): ErrorState {
  const store = useErrorStore();
  const error = useSyncExternalStore(store.subscribe, store.get, store.get);
  const actions = useErrorActions();
  return useMemo(() => ({ error, ...actions }), [error, actions]);
}

/** Only `reportError` and `clearError`: a component using these does not re-render on errors. */
export function useErrorActions(): Omit<ErrorState, 'error'> {
  const store = useErrorStore();
  return useMemo(
    () => ({
      reportError: (error: unknown) => {
        store.report(error);
      },
      clearError: (onlyIf?: string) => store.clear(onlyIf),
    }),
    [store],
  );
}
