// Docs: docs/realtime.md#the-client — the app's typed tRPC client over the one live socket per tab
// at /api/live (`LiveConnection` from @seminar/shared/live-client). The session cookie authenticates
// the socket; live queries resume after a reconnect (streams from their cursor). The socket comes
// back at once when the browser says the network is back or the tab becomes visible; a server that
// refuses it still gets the growing back-off. The server closes it with 4401 when the session ended
// and 4403 when the user was disabled: the app then signs out with that reason. A draining server
// closes it with 4503: it reconnects at once (to another node) and sends its unanswered requests
// again (`LiveConnection`, docs/realtime.md#drain).
import { createTRPCClient, type TRPCClient } from '@trpc/client';
import type { QueryClient } from '@tanstack/react-query';
import { LIVE_CLOSE_CODES } from '@seminar/shared';
import {
  LiveConnection,
  liveLink,
  reconnectDelay,
  type ConnectionState,
  type SocketFactory,
} from '@seminar/shared/live-client';
import { signOutWithMessage } from '../auth/session';
import type { AppRouter as LiveRouter } from '../../../server/src/router';

export type { LiveRouter, ConnectionState };
export { RECONNECT_JITTER, reconnectDelay } from '@seminar/shared/live-client';

/** The typed tRPC client of the app's router. */
export type LiveTrpcClient = TRPCClient<LiveRouter>;

export const LIVE_PATH = '/api/live';

/** The server's close codes and the reason each signs out with. */
export const SIGN_OUT_CLOSE_CODES = {
  [LIVE_CLOSE_CODES.sessionEnded]: 'user-token-expired',
  [LIVE_CLOSE_CODES.userDisabled]: 'user-disabled',
} as const;
export type LiveSignOutCode = (typeof SIGN_OUT_CLOSE_CODES)[keyof typeof SIGN_OUT_CLOSE_CODES];

/** The URL of the live socket on the page's own origin (ws: or wss:). */
export function liveSocketUrl(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${LIVE_PATH}`;
}

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
  /** Where `online` and `visibilitychange` come from (default: the page's window and document). */
  events?: { window: Pick<Window, 'addEventListener' | 'removeEventListener'>; document: Document };
}

export type LiveClientFactory = (options: LiveClientOptions) => LiveClient;

/** Opens the live socket and the tRPC client over it. */
export const createLiveClient: LiveClientFactory = (options) => {
  const signOut = options.signOut ?? ((code) => signOutWithMessage(options.queryClient, code));
  const SocketClass = options.WebSocket;
  const socket: SocketFactory | undefined = SocketClass
    ? (url) => new SocketClass(url) as unknown as ReturnType<SocketFactory>
    : undefined;
  const connection = new LiveConnection({
    url: options.url ?? liveSocketUrl(),
    ...(socket ? { socket } : {}),
    retryDelayMs: (attempt) => reconnectDelay(attempt),
    keepAlive: options.keepAlive === false ? false : { intervalMs: 20_000, timeoutMs: 10_000 },
    onTerminated: (code) => {
      const reason = SIGN_OUT_CLOSE_CODES[code as keyof typeof SIGN_OUT_CLOSE_CODES];
      if (reason) void signOut(reason);
    },
    onConnectFailed: () => options.onConnectFailed?.(),
  });

  // The network is back, or the tab is shown again: reconnect now rather than after the back-off.
  const win = options.events?.window ?? (typeof window === 'undefined' ? null : window);
  const doc = options.events?.document ?? (typeof document === 'undefined' ? null : document);
  const reconnectNow = () => {
    if (!doc || doc.visibilityState !== 'hidden') connection.reconnectNow();
  };
  win?.addEventListener('online', reconnectNow);
  doc?.addEventListener('visibilitychange', reconnectNow);

  const trpc = createTRPCClient<LiveRouter>({ links: [liveLink<LiveRouter>(connection)] });

  return {
    trpc,
    getConnectionState: () => connection.state,
    subscribeConnectionState: (listener) => connection.onStateChange(listener),
    async close() {
      win?.removeEventListener('online', reconnectNow);
      doc?.removeEventListener('visibilitychange', reconnectNow);
      await connection.close();
    },
  };
};
