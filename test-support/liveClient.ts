// A typed client of the live socket for Node (server tests, browser tests' side channels, tools):
// the app's own LiveConnection and tRPC link over `ws`, with the cookie and Origin a browser sends.
import { createTRPCClient, type TRPCClient } from '@trpc/client';
import WebSocket from 'ws';
import { LiveConnection, liveLink, type SocketLike } from '@seminar/shared/live-client';
import type { AppRouter } from '../apps/server/src/router';

export interface LiveTestClient {
  trpc: TRPCClient<AppRouter>;
  connection: LiveConnection;
  close(): Promise<void>;
  /** Close codes the sockets saw. */
  closes: number[];
}

/** Connects to `baseUrl`'s /api/live with the cookie and Origin a browser would send. */
export function connectLive(
  baseUrl: string,
  options: {
    cookie?: string;
    origin?: string;
    retryDelayMs?: number;
    /** Picks the node of each new socket (a load balancer in front of several); default baseUrl. */
    target?: () => string;
    /** Sees each socket opened (a fault injector cuts it). */
    onSocket?: (ws: WebSocket) => void;
  } = {},
): LiveTestClient {
  const closes: number[] = [];
  const headers: Record<string, string> = { origin: options.origin ?? baseUrl };
  if (options.cookie) headers.cookie = options.cookie;
  const connection = new LiveConnection({
    url: `${baseUrl.replace(/^http/, 'ws')}/api/live`,
    socket: (url) => {
      const to = options.target ? `${options.target().replace(/^http/, 'ws')}/api/live` : url;
      const ws = new WebSocket(to, { headers, perMessageDeflate: false });
      ws.on('close', (code) => closes.push(code));
      ws.on('error', () => undefined);
      options.onSocket?.(ws);
      return ws as unknown as SocketLike;
    },
    retryDelayMs: () => options.retryDelayMs ?? 100,
    keepAlive: false,
  });
  const trpc = createTRPCClient<AppRouter>({ links: [liveLink<AppRouter>(connection)] });
  return { trpc, connection, closes, close: () => connection.close() };
}
