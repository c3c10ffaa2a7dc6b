// Docs: DESIGN §3–§4 — the tRPC client over the one WebSocket per tab at /api/live. The session
// cookie authenticates the socket; wsLink resubscribes every live query after a reconnect (tracked
// streams resume from their last event id). The server closes the socket with 4401 when the
// session ended and 4403 when the user was disabled: the app then signs out with that reason and
// does not reconnect.
import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from '@trpc/client';
import type { QueryClient } from '@tanstack/react-query';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '@seminar/shared';
import { signOutWithMessage } from '../auth/session';
import type { AppRouter as LiveRouter } from '../../../server/src/live/router';

export type { LiveRouter };

/** The typed tRPC client of the app's router. */
export type LiveTrpcClient = TRPCClient<LiveRouter>;

export const LIVE_PATH = '/api/live';

/** The server's close codes (apps/server/src/live/socket.ts) and the reason each signs out with. */
export const SIGN_OUT_CLOSE_CODES = {
  4401: 'user-token-expired',
  4403: 'user-disabled',
} as const;
export type LiveSignOutCode = (typeof SIGN_OUT_CLOSE_CODES)[keyof typeof SIGN_OUT_CLOSE_CODES];

/** Share of a reconnect delay that is random, so tabs cut off together do not return together. */
export const RECONNECT_JITTER = 0.25;

/**
 * The wait before reconnect attempt `attempt` (0-based): RECONNECT_BASE_MS (0.5 s) doubling up to
 * RECONNECT_MAX_MS (30 s), less up to RECONNECT_JITTER of it at random. Never above the maximum.
 * @param random a number in [0, 1) (Math.random by default)
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Number.isFinite(attempt) ? Math.max(0, Math.floor(attempt)) : 0;
  // 2 ** 60 and more would only overflow the cap; stop doubling well before.
  const nominal = Math.min(RECONNECT_BASE_MS * 2 ** Math.min(step, 30), RECONNECT_MAX_MS);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(nominal * (1 - RECONNECT_JITTER * r));
}

/** The URL of the live socket on the page's own origin (ws: or wss:). */
export function liveSocketUrl(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${LIVE_PATH}`;
}

/**
 * The socket's state for the UI: 'connecting' before it first opened, 'open', 'reconnecting'
 * after it was lost, 'closed' once the client was closed (signed out).
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LiveClient {
  readonly trpc: LiveTrpcClient;
  getConnectionState(): ConnectionState;
  /** Calls `listener` whenever the connection state changes; returns the unsubscribe. */
  subscribeConnectionState(listener: () => void): () => void;
  /** Closes the socket for good: every live query completes, nothing reconnects. */
  close(): Promise<void>;
}

export interface LiveClientOptions {
  queryClient: QueryClient;
  /** Default: `liveSocketUrl()`. */
  url?: string;
  /** A WebSocket class (tests). */
  WebSocket?: typeof WebSocket;
  /** Ends the session for a close code (default: `signOutWithMessage(queryClient, code)`). */
  signOut?: (code: LiveSignOutCode) => Promise<void>;
  /**
   * Called when an attempt to open the socket failed before it opened: the server may have refused
   * the cookie (the session ended while the socket was down), so the app re-checks its session.
   */
  onConnectFailed?: () => void;
  /** Client pings (a lost network shows up within about 30 s). Default on. */
  keepAlive?: boolean;
}

export type LiveClientFactory = (options: LiveClientOptions) => LiveClient;

/** Opens the live socket and the tRPC client over it. */
export const createLiveClient: LiveClientFactory = (options) => {
  const signOut = options.signOut ?? ((code) => signOutWithMessage(options.queryClient, code));
  let state: ConnectionState = 'connecting';
  let opened = false;
  let terminated = false;
  const listeners = new Set<() => void>();
  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const wsClient = createWSClient({
    url: options.url ?? liveSocketUrl(),
    WebSocket: options.WebSocket,
    retryDelayMs: (attempt) => reconnectDelay(attempt),
    keepAlive:
      options.keepAlive === false
        ? { enabled: false }
        : { enabled: true, intervalMs: 20_000, pongTimeoutMs: 10_000 },
    onClose: (cause) => {
      if (terminated) return;
      const code = cause?.code;
      if (code === 4401 || code === 4403) {
        // Stop first (synchronously), so the client does not start a reconnect after this callback.
        terminated = true;
        void wsClient.close();
        setState('closed');
        void signOut(SIGN_OUT_CLOSE_CODES[code]);
        return;
      }
      // Still 'connecting' at close: the socket never opened (e.g. the upgrade was refused).
      if (wsClient.connectionState.get().state !== 'pending') options.onConnectFailed?.();
    },
  });

  const stateSubscription = wsClient.connectionState.subscribe({
    next: (value) => {
      if (terminated) return;
      if (value.state === 'pending') {
        opened = true;
        setState('open');
      } else if (value.state === 'connecting') {
        setState(opened ? 'reconnecting' : 'connecting');
      } else {
        setState('closed');
      }
    },
  });

  const trpc = createTRPCClient<LiveRouter>({ links: [wsLink({ client: wsClient })] });

  return {
    trpc,
    getConnectionState: () => state,
    subscribeConnectionState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      terminated = true;
      setState('closed');
      stateSubscription.unsubscribe();
      await wsClient.close();
    },
  };
};
