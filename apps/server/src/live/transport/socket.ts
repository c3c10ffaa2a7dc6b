// Docs: docs/realtime.md#transport — the one WebSocket per tab at /api/live. The session cookie
// authenticates the upgrade and Origin is checked; a user's sockets per node are capped; a socket
// whose session ends (sign-out, reset, expiry) or whose user is disabled is revoked on every node.
// A draining node takes no new socket and closes its sockets once they have answered what they run.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AnyTRPCRouter } from '@trpc/server';
import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { sessionFromCookie, type SessionAuth } from '../../auth/session';
import type { Config } from '../../config';
import { DatabaseOutage } from '../../errors';
import { sessions } from '../../db/schema';
import type { LiveNotice } from '../bus';
import { noLiveMetrics, type LiveMetrics } from '../metrics';
import { sessionsEndedSignal, userDisabledSignal } from '../signals';
import type { AnyTopic } from '../topic';
import type { KernelServices } from '../trpc';
import { CLOSE_CODES, Connection, type ConnectionHost } from './connection';
import { MutationRateLimiter, type LiveLimits } from './limits';

export const LIVE_PATH = '/api/live';
export { CLOSE_CODES };

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * The topics served, from the router's subscription procedures (each declares its topic in its
 * meta, see `liveSubscription`): a subscription without a topic is a mistake caught at start.
 */
export function topicsOf(router: AnyTRPCRouter): Map<string, AnyTopic> {
  const topics = new Map<string, AnyTopic>();
  const procedures = router._def.procedures as Record<
    string,
    { _def: { type: string; meta?: { topic?: AnyTopic } } }
  >;
  for (const [path, procedure] of Object.entries(procedures)) {
    if (procedure._def.type !== 'subscription') continue;
    const topic = procedure._def.meta?.topic;
    if (!topic || topic.name !== path)
      throw new Error(`subscription ${path} must be a liveSubscription of a topic named "${path}"`);
    topics.set(path, topic);
  }
  return topics;
}

/** The mutations that are signals (meta `signal`): they spend the signal budget (trpc.ts). */
export function signalPathsOf(router: AnyTRPCRouter): Set<string> {
  const procedures = router._def.procedures as Record<
    string,
    { _def: { type: string; meta?: { signal?: boolean } } }
  >;
  const paths = new Set<string>();
  for (const [path, procedure] of Object.entries(procedures))
    if (procedure._def.type === 'mutation' && procedure._def.meta?.signal) paths.add(path);
  return paths;
}

/**
 * What the socket needs of the node (runtime.ts's `Runtime` is one): its configuration, its
 * services once ready (the kernel's, and sessions to read), whether it drains, and a say in the
 * drain.
 */
export interface LiveRuntime {
  readonly config: Config;
  readonly services: (KernelServices & { readonly auth: SessionAuth }) | null;
  readonly draining: unknown;
  onDrain(drainer: () => Promise<void>): void;
}

/** Attaches the live WebSocket endpoint to the app's HTTP server. */
export function registerLiveSocket(
  app: FastifyInstance,
  runtime: LiveRuntime,
  router: AnyTRPCRouter,
  metrics: LiveMetrics = noLiveMetrics,
): { close(): Promise<void>; readonly connections: number } {
  const limits: LiveLimits = runtime.config.live;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false,
  });
  const byUser = new Map<string, Set<Connection>>();
  let handlersInstalled = false;

  const host: ConnectionHost = {
    services: () => runtime.services,
    router,
    topics: topicsOf(router),
    limits,
    rate: new MutationRateLimiter(limits.mutationsPerSecond, limits.mutationBurst),
    signalRate: new MutationRateLimiter(limits.signalsPerSecond, limits.signalBurst),
    signalPaths: signalPathsOf(router),
    log: app.log,
    metrics,
    outage: new DatabaseOutage(
      app.log,
      () => runtime.services?.database.ping() ?? Promise.resolve(),
    ),
    closed(connection) {
      const set = byUser.get(connection.viewer.uid);
      set?.delete(connection);
      if (set?.size === 0) byUser.delete(connection.viewer.uid);
      if (byUser.size === 0) drained?.();
    },
    heldElsewhere(connection, key) {
      for (const other of byUser.get(connection.viewer.uid) ?? [])
        if (other !== connection && !other.gone && other.holds?.has(key)) return true;
      return false;
    },
  };

  const revokeWhere = (uid: string, code: number, reason: string, sessionIds?: Set<string>) => {
    for (const connection of [...(byUser.get(uid) ?? [])])
      if (!sessionIds || sessionIds.has(connection.sessionId)) connection.revoke(code, reason);
  };

  const installHandlers = () => {
    if (handlersInstalled || !runtime.services) return;
    handlersInstalled = true;
    const hub = runtime.services.hub;
    hub.onSignal(userDisabledSignal, (notice: LiveNotice) =>
      revokeWhere(notice.key, CLOSE_CODES.userDisabled, 'user-disabled'),
    );
    hub.onSignal(sessionsEndedSignal, (notice: LiveNotice) =>
      revokeWhere(
        notice.key,
        CLOSE_CODES.sessionEnded,
        'user-token-expired',
        notice.ids ? new Set(notice.ids) : undefined,
      ),
    );
  };

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== LIVE_PATH) return reject(socket, 404, 'Not Found');
      const services = runtime.services;
      if (!services || runtime.draining) return reject(socket, 503, 'Service Unavailable');
      if (request.headers.origin !== services.config.publicUrl)
        return reject(socket, 403, 'Forbidden');
      const session = await sessionFromCookie(services, request.headers.cookie);
      if (!session) return reject(socket, 401, 'Unauthorized');
      const uid = session.user.uid;
      if ((byUser.get(uid)?.size ?? 0) >= limits.socketsPerUser) {
        metrics.refused('sockets_per_user');
        return reject(socket, 429, 'Too Many Requests');
      }
      // The node may have begun draining while the session was read.
      if (runtime.draining) return reject(socket, 503, 'Service Unavailable');
      installHandlers();
      wss.handleUpgrade(request, socket, head, (ws) => {
        const connection = new Connection(ws, session, host);
        if (runtime.draining) connection.drain();
        let set = byUser.get(uid);
        if (!set) {
          set = new Set();
          byUser.set(uid, set);
        }
        set.add(connection);
      });
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'live upgrade failed');
      reject(socket, 500, 'Internal Server Error');
    });
  });

  const allConnections = () => [...byUser.values()].flatMap((set) => [...set]);

  // Draining (docs/realtime.md#drain): every socket answers what it runs, then closes with 4503 so
  // its client reconnects at once, to another node. Resolves when none is left.
  let drained: (() => void) | null = null;
  runtime.onDrain(
    () =>
      new Promise<void>((resolve) => {
        drained = resolve;
        for (const connection of allConnections()) connection.drain();
        if (byUser.size === 0) resolve();
      }),
  );

  // Sessions end without a notice when they expire (and a notice can be lost): sweep.
  const sweep = setInterval(() => {
    host.rate.prune();
    host.signalRate.prune();
    const services = runtime.services;
    const connections = allConnections();
    if (!services || connections.length === 0) return;
    const ids = [...new Set(connections.map((connection) => connection.sessionId))];
    void services.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())))
      .then((rows) => {
        const live = new Set(rows.map((row) => row.id));
        for (const connection of connections)
          if (!live.has(connection.sessionId))
            connection.revoke(CLOSE_CODES.sessionEnded, 'user-token-expired');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, limits.sessionSweepMs);
  sweep.unref();

  // A socket that answers no ping is gone (a lost network): cut it so its live queries end.
  const ping = setInterval(() => {
    for (const connection of allConnections()) {
      if (!connection.alive) {
        metrics.cut('ping_timeout');
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
    }
  }, limits.pingMs);
  ping.unref();

  return {
    get connections() {
      return allConnections().length;
    },
    async close() {
      host.outage.stop();
      clearInterval(sweep);
      clearInterval(ping);
      for (const connection of allConnections()) connection.ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
