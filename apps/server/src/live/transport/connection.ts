// Docs: docs/realtime.md#transport — one signed-in live socket: its frames (queries and mutations as
// tRPC procedure calls, subscriptions served by the hub), its limits, and its end. A connection is
// one object; the socket's listeners are shared functions, so an idle connection costs little more
// than its socket.
import { callTRPCProcedure, TRPCError } from '@trpc/server';
import type { RawData, WebSocket } from 'ws';
import { clientFrameSchema, LIVE_PING, LIVE_PONG, type ClientFrame } from '@seminar/shared';
import { sessionIsLive, type SessionUser, type ViewerSession } from '../../auth/session';
import { failedOnTheServer } from '../trpcErrors';
import type { LiveSink, Subscriber } from '../subscriber';
import type { AnyTopic } from '../topic';
import type { KernelServices, LiveContext, LiveSession } from '../trpc';
import type { MutationRateLimiter } from './limits';
import { SocketOutput, type OutputHost } from './output';

/** What every connection of a node shares. */
export interface ConnectionHost extends OutputHost {
  readonly topics: ReadonlyMap<string, AnyTopic>;
  readonly rate: MutationRateLimiter;
  /** The budget of signals (typing, online, read marks), apart from the budget of changes. */
  readonly signalRate: MutationRateLimiter;
  /** The mutations that spend `signalRate`. */
  readonly signalPaths: ReadonlySet<string>;
  /** The connection is gone (closed or cut off): forget it. */
  closed(connection: Connection): void;
  /** Whether another open socket of `connection`'s user holds `key` (see LiveSession.hold). */
  heldElsewhere(connection: Connection, key: string): boolean;
}

/** Close codes of the application (see LIVE_CLOSE_CODES in packages/shared). */
export const CLOSE_CODES = {
  sessionEnded: 4401,
  userDisabled: 4403,
  serverDraining: 4503,
} as const;

/** A revoked socket gets its close frame, then is cut this long after even if it ignores it. */
const REVOKE_GRACE_MS = 500;
const CONNECTION = Symbol('live connection');

type SocketWithConnection = WebSocket & { [CONNECTION]?: Connection };

let lastConnectionId = 0;

/** One signed-in live socket. */
export class Connection extends SocketOutput implements LiveSink, LiveSession {
  readonly id = ++lastConnectionId;
  /** Its live queries, by `topic\0key`; null until the first. */
  subs: Map<string, Subscriber> | null = null;
  inFlight = 0;
  /** Answered a ping since the last one (or sent anything). */
  alive = true;
  /** What it holds while open (LiveSession.hold); null until the first. */
  holds: Map<string, () => Promise<void>> | null = null;
  /** The node drains: no new frame is run, and the socket closes (4503) once `inFlight` is 0. */
  draining = false;

  constructor(
    ws: WebSocket,
    readonly session: ViewerSession,
    readonly host: ConnectionHost,
  ) {
    super(ws);
    (ws as SocketWithConnection)[CONNECTION] = this;
    ws.on('message', onSocketMessage);
    ws.on('pong', onSocketPong);
    ws.on('error', onSocketError);
    ws.once('close', onSocketClose);
  }

  get viewer(): SessionUser {
    return this.session.user;
  }

  get sessionId(): string {
    return this.session.sessionId;
  }

  ended(sub: Subscriber): void {
    this.subs?.delete(subscriptionKey(sub.topic.name, sub.key));
  }

  failed(sub: Subscriber, error: unknown): void {
    this.subs?.delete(subscriptionKey(sub.topic.name, sub.key));
    this.answerError(sub.requestId, error, 'subscription', sub.topic.name, sub.input);
  }

  /** Checks, before a write, that this socket's session still exists; ends the socket if not. */
  async requireLive(): Promise<void> {
    const services = this.host.services();
    if (!this.revoked && services && (await sessionIsLive(services.database, this.sessionId)))
      return;
    this.end();
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: 'Your session has ended. Sign in again.',
    });
  }

  hold(key: string, release: () => Promise<void>): void {
    if (this.gone) return;
    this.holds ??= new Map();
    this.holds.set(key, release);
  }

  unhold(key: string): void {
    this.holds?.delete(key);
  }

  /** The session is gone: the write that found out is answered first, then the socket is revoked. */
  end(): void {
    setImmediate(() => this.revoke(CLOSE_CODES.sessionEnded, 'user-token-expired'));
  }

  /**
   * Ends the socket for good (session ended, user disabled, protocol error): from now on nothing it
   * sends is read and nothing is written to it; it gets a close frame and is cut shortly after,
   * even if it ignores it.
   */
  revoke(code: number, reason: string): void {
    if (this.revoked || this.gone) return;
    this.revoked = true;
    if (code === CLOSE_CODES.sessionEnded || code === CLOSE_CODES.userDisabled)
      this.host.metrics.cut('revoked');
    else if (code !== CLOSE_CODES.serverDraining) this.host.metrics.cut('protocol');
    this.dispose();
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), REVOKE_GRACE_MS).unref();
  }

  /**
   * The node is shutting down (docs/realtime.md#drain): the requests being run are answered, then
   * the socket closes with 4503. A frame read meanwhile is not run, so the client may send every
   * request it got no answer to again on its next socket (LIVE_CLOSE_CODES.serverDraining).
   */
  drain(): void {
    if (this.draining) return;
    this.draining = true;
    if (this.inFlight === 0) this.revoke(CLOSE_CODES.serverDraining, 'server restarting');
  }

  /** Handles one frame from the client. */
  receive(data: RawData, isBinary: boolean): void {
    if (this.revoked || this.gone) return;
    this.alive = true;
    const text = isBinary ? '' : data.toString();
    if (text === LIVE_PING) {
      this.ws.send(LIVE_PONG);
      return;
    }
    if (this.draining) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const parsed = clientFrameSchema.safeParse(value);
    if (!parsed.success) {
      const id = (value as { id?: unknown } | undefined)?.id;
      if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
        this.answerError(
          id,
          new TRPCError({ code: 'BAD_REQUEST', message: 'That request is not understood.' }),
          'unknown',
          undefined,
          undefined,
        );
      // A client that sends what no client of ours would is not served further.
      else this.revoke(1008, 'protocol error');
      return;
    }
    const frame = parsed.data;
    switch (frame.t) {
      case 'q':
      case 'm':
        void this.#call(frame);
        return;
      case 's':
        this.#subscribe(frame);
        return;
      case 'u':
        this.#unsubscribe(frame.p, frame.k);
    }
  }

  async #call(frame: Extract<ClientFrame, { t: 'q' | 'm' }>): Promise<void> {
    const type = frame.t === 'q' ? 'query' : 'mutation';
    const services = this.host.services();
    const { limits } = this.host;
    const rate = this.host.signalPaths.has(frame.p) ? this.host.signalRate : this.host.rate;
    if (!services) {
      this.answerError(
        frame.id,
        new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The server is starting.' }),
        type,
        frame.p,
        frame.i,
      );
      return;
    }
    if (type === 'mutation' && !rate.take(this.viewer.uid)) {
      this.host.metrics.refused('mutation_rate');
      this.answerError(
        frame.id,
        tooMany('Too many changes in a short time. Wait a moment and try again.'),
        type,
        frame.p,
        frame.i,
      );
      return;
    }
    if (this.inFlight >= limits.requestsInFlightPerSocket) {
      this.host.metrics.refused('requests_in_flight');
      this.answerError(frame.id, tooMany('Too many requests at once.'), type, frame.p, frame.i);
      return;
    }
    this.inFlight += 1;
    try {
      const ctx = this.context(services);
      const data: unknown = await callTRPCProcedure({
        router: this.host.router,
        path: frame.p,
        getRawInput: () => Promise.resolve(frame.i),
        ctx,
        type,
        signal: undefined,
        batchIndex: 0,
      });
      if (this.revoked || this.gone) return;
      this.write(Buffer.from(`{"t":"r","id":${frame.id},"d":${JSON.stringify(data) ?? 'null'}}`));
    } catch (cause) {
      const error = this.answerError(frame.id, cause, type, frame.p, frame.i);
      // A change the server failed to make is not charged to the person's budget.
      if (type === 'mutation' && failedOnTheServer(error)) rate.refund(this.viewer.uid);
    } finally {
      this.inFlight -= 1;
      // Its last answer is written: the close frame follows it on the socket.
      if (this.draining && this.inFlight === 0)
        this.revoke(CLOSE_CODES.serverDraining, 'server restarting');
    }
  }

  #subscribe(frame: Extract<ClientFrame, { t: 's' }>): void {
    const services = this.host.services();
    const topic = this.host.topics.get(frame.p);
    const fail = (error: TRPCError): void => {
      this.answerError(frame.id, error, 'subscription', frame.p, frame.i);
    };
    if (!services)
      return fail(
        new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The server is starting.' }),
      );
    if (!topic)
      return fail(new TRPCError({ code: 'NOT_FOUND', message: `No live query "${frame.p}".` }));
    const input = topic.input.safeParse(frame.i);
    if (!input.success)
      return fail(
        new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input.', cause: input.error }),
      );
    this.subs ??= new Map();
    if (this.subs.size >= this.host.limits.subscriptionsPerSocket) {
      this.host.metrics.refused('subscriptions_per_socket');
      return fail(tooMany('Too many live queries on this connection.'));
    }
    const key = topic.key(input.data, this.viewer);
    const name = subscriptionKey(topic.name, key);
    if (this.subs.has(name))
      return fail(new TRPCError({ code: 'BAD_REQUEST', message: 'Already subscribed to that.' }));
    this.subs.set(name, services.hub.subscribe(topic, this, input.data, key, frame.id));
  }

  #unsubscribe(topic: string, key: string): void {
    const name = subscriptionKey(topic, key);
    const sub = this.subs?.get(name);
    if (!sub) return;
    this.subs?.delete(name);
    this.host.services()?.hub.unsubscribe(sub);
  }

  /** A procedure's context on this socket. */
  protected override context(services: KernelServices): LiveContext {
    return { services, viewer: this.viewer, connectionId: `${this.id}`, session: this };
  }

  /** Ends every live query of this socket (it closed, was cut off or revoked). */
  protected override dispose(): void {
    if (this.gone) return;
    this.gone = true;
    const hub = this.host.services()?.hub;
    for (const sub of this.subs?.values() ?? []) hub?.unsubscribe(sub);
    this.subs = null;
    this.host.closed(this);
    const holds = this.holds;
    this.holds = null;
    for (const [key, release] of holds ?? []) {
      if (this.host.heldElsewhere(this, key)) continue;
      release().catch((error: unknown) =>
        this.host.log.warn({ err: error, key }, 'live socket release failed'),
      );
    }
  }

  /** The socket closed (either side). */
  onClose(): void {
    this.dispose();
  }
}

function tooMany(message: string): TRPCError {
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}

function subscriptionKey(topic: string, key: string): string {
  return `${topic}\u0000${key}`;
}

function connectionOf(ws: WebSocket): Connection | undefined {
  return (ws as SocketWithConnection)[CONNECTION];
}

// Shared listeners (no closure per connection): `this` is the socket.
function onSocketMessage(this: WebSocket, data: RawData, isBinary: boolean): void {
  connectionOf(this)?.receive(data, isBinary);
}
function onSocketPong(this: WebSocket): void {
  const connection = connectionOf(this);
  if (connection) connection.alive = true;
}
function onSocketError(this: WebSocket, error: Error): void {
  // A frame over the size limit, a broken handshake: ws closes the socket itself (1009, 1002).
  connectionOf(this)?.host.log.debug({ err: error }, 'live socket error');
}
function onSocketClose(this: WebSocket): void {
  connectionOf(this)?.onClose();
}
