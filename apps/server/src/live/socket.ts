// Docs: docs/realtime.md#transport — one WebSocket per tab at /api/live carrying tRPC queries,
// mutations and subscriptions. The session cookie authenticates the upgrade; Origin is checked; the
// socket closes when its session ends or its user is disabled.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { sessionFromCookie, type ViewerSession } from '../auth/session';
import { sessions } from '../db/schema';
import type { Runtime } from '../runtime';
import { appRouter } from './router';

export const LIVE_PATH = '/api/live';

/** Close codes the client acts on (4000–4999 are the application's). */
export const CLOSE_CODES = {
  /** The session ended (signed out elsewhere, expired, password reset): sign out with a message. */
  sessionEnded: 4401,
  /** The user was disabled by a site admin. */
  userDisabled: 4403,
} as const;

/** How often each node checks that its sockets' sessions still exist. */
const SESSION_SWEEP_MS = 30_000;

interface Connection {
  socket: WebSocket;
  session: ViewerSession;
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** Attaches the live WebSocket endpoint to the app's HTTP server. */
export function registerLiveSocket(
  app: FastifyInstance,
  runtime: Runtime,
): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const sessionsByRequest = new WeakMap<IncomingMessage, ViewerSession>();
  const connections = new Set<Connection>();
  let handlerInstalled = false;

  const install = () => {
    if (handlerInstalled) return;
    handlerInstalled = true;
    applyWSSHandler({
      wss,
      router: appRouter,
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 10_000 },
      createContext: ({ req }) => {
        const services = runtime.services;
        if (!services) throw new Error('live socket before the server is ready');
        const session = sessionsByRequest.get(req);
        return { services, viewer: session?.user ?? null, connectionId: randomUUID() };
      },
    });
    runtime.services?.hub.on('user', (notice) => {
      // A disabled user's sockets close at once on every node.
      for (const connection of connections) {
        if (connection.session.user.uid === notice.key)
          connection.socket.close(CLOSE_CODES.userDisabled, 'user-disabled');
      }
    });
  };

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== LIVE_PATH) return reject(socket, 404, 'Not Found');
      const services = runtime.services;
      if (!services) return reject(socket, 503, 'Service Unavailable');
      if (request.headers.origin !== services.config.publicUrl)
        return reject(socket, 403, 'Forbidden');
      const session = await sessionFromCookie(services, request.headers.cookie);
      if (!session) return reject(socket, 401, 'Unauthorized');
      install();
      wss.handleUpgrade(request, socket, head, (ws) => {
        sessionsByRequest.set(request, session);
        const connection = { socket: ws, session };
        connections.add(connection);
        ws.once('close', () => connections.delete(connection));
        wss.emit('connection', ws, request);
      });
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'live upgrade failed');
      reject(socket, 500, 'Internal Server Error');
    });
  });

  // Sessions end without telling us (sign-out elsewhere, expiry, password reset): sweep.
  const sweep = setInterval(() => {
    const services = runtime.services;
    if (!services || connections.size === 0) return;
    const ids = [...new Set([...connections].map((connection) => connection.session.sessionId))];
    void services.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())))
      .then((rows) => {
        const live = new Set(rows.map((row) => row.id));
        for (const connection of connections) {
          if (!live.has(connection.session.sessionId))
            connection.socket.close(CLOSE_CODES.sessionEnded, 'user-token-expired');
        }
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_MS);
  sweep.unref();

  return {
    async close() {
      clearInterval(sweep);
      for (const connection of connections) connection.socket.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
