// Docs: docs/realtime.md#the-client — what the live socket's client is made of (connection.ts runs
// it): its options and errors, the socket it needs, and the shape of a request and of a live query
// shared by its listeners.
import type { LiveEvent, LiveRow, LiveState } from '../liveEvents';
import type { StreamCursor } from '../liveWire';
import type { ClientFrame, WireError } from '../liveProtocol';

/** The connection's state for the UI. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** An error the server answered with (its tRPC shape). */
export class LiveRequestError extends Error {
  constructor(readonly shape: WireError) {
    super(shape.message);
    this.name = 'LiveRequestError';
  }
}

/** The request never got an answer: the connection was lost (it may be sent again safely by id). */
export class LiveConnectionError extends Error {
  constructor(message = 'The connection to the server was lost.') {
    super(message);
    this.name = 'LiveConnectionError';
  }
}

/** What a live query's listener gets. */
export interface LiveListener {
  /** An event; `cursor` is a stream's position after it (null for collections). */
  onEvent(event: LiveEvent<LiveRow>, cursor: string | null): void;
  onError(error: unknown): void;
}

/** The minimal WebSocket the connection needs (the browser's, or `ws` in Node). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: { code: number }) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface LiveConnectionOptions {
  url: string;
  /** Opens a socket (default: the global WebSocket). */
  socket?: SocketFactory;
  /** The wait before reconnect attempt `attempt` (0-based). */
  retryDelayMs: (attempt: number) => number;
  /** Client keep-alive: a PING every `intervalMs`; no answer within `timeoutMs` drops the socket. */
  keepAlive?: { intervalMs: number; timeoutMs: number } | false;
  /** A socket that has not opened after this long is given up (and retried). */
  connectTimeoutMs?: number;
  /**
   * The server ended the session (4401) or disabled the user (4403): the connection stops for good
   * and says so here.
   */
  onTerminated?: (code: number) => void;
  /** An attempt failed before the socket opened (the server may have refused the cookie). */
  onConnectFailed?: () => void;
}

export interface PendingRequest {
  frame: ClientFrame;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Sent on the current socket (and so lost with it). */
  sent: boolean;
}

/** One live query, shared by every listener with the same topic and input. */
export interface LiveQuery {
  path: string;
  input: unknown;
  identity: string;
  listeners: Set<LiveListener>;
  /** The server's key (from its `s` frame); null until subscribed on the current socket. */
  key: string | null;
  /** The request id of the subscribe in flight on the current socket. */
  requestId: number | null;
  /** A stream's cursor (null: a collection, or a stream that starts afresh). */
  cursor: StreamCursor | null;
  stream: boolean;
  /** The rows so far, replayed as a snapshot to a listener that joins later. */
  state: LiveState<LiveRow>;
  idOf: (row: LiveRow) => string;
}

/** WebSocket.OPEN (not every socket the factory makes has the constant). */
export const OPEN = 1;

/** An id for rows: the first of the usual id fields a row has. */
export function defaultIdOf(row: LiveRow): string {
  const record = row as unknown as Record<string, unknown>;
  for (const field of [
    'id',
    'channel_id',
    'class_id',
    'activity_id',
    'product_id',
    'uid',
  ] as const) {
    const value = record[field];
    if (typeof value === 'string') return value;
  }
  return JSON.stringify(row);
}

/** A stable text of an input (object keys sorted), without a stream's resume point. */
export function identityOf(path: string, input: unknown): string {
  const normalize = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normalize);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([key, entry]) => key !== 'lastEventId' && entry !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, entry]) => [key, normalize(entry)]),
      );
    return value;
  };
  return `${path}\u0000${JSON.stringify(normalize(input) ?? null)}`;
}
