// Docs: docs/realtime.md#the-client — the client end of the live socket: one WebSocket that
// reconnects with back-off (at once when the browser says the network is back), answers requests,
// and keeps live queries going across reconnects — a stream resumes from its cursor, so nothing is
// lost or doubled. Every frame from the server is checked (`readServerFrame`: the protocol's schema,
// without zod).
import { applyLiveEvent, emptyLiveState, type LiveEvent, type LiveRow } from '../liveEvents';
import {
  decodeStreamCursor,
  encodeStreamCursor,
  laterStreamCursor,
  LIVE_CLOSE_CODES,
  LIVE_PING,
  LIVE_PONG,
  readServerFrame,
} from '../liveWire';
import type { ClientFrame } from '../liveProtocol';

import {
  defaultIdOf,
  identityOf,
  LiveConnectionError,
  LiveRequestError,
  OPEN,
  type ConnectionState,
  type LiveConnectionOptions,
  type LiveListener,
  type LiveQuery,
  type PendingRequest,
  type SocketLike,
} from './connectionParts';

/** The live socket of one tab (see the file header). */
export class LiveConnection {
  #socket: SocketLike | null = null;
  #state: ConnectionState = 'connecting';
  #opened = false;
  #stopped = false;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #connectTimer: ReturnType<typeof setTimeout> | null = null;
  #pingTimer: ReturnType<typeof setInterval> | null = null;
  #lastHeard = 0;
  #nextId = 1;
  readonly #requests = new Map<number, PendingRequest>();
  readonly #queries = new Map<string, LiveQuery>();
  /** Live queries by `path\0key` (their event frames' address). */
  readonly #byAddress = new Map<string, LiveQuery>();
  readonly #stateListeners = new Set<() => void>();

  constructor(readonly options: LiveConnectionOptions) {
    this.#connect();
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** Calls `listener` whenever the state changes; returns the unsubscribe. */
  onStateChange(listener: () => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** A query or mutation; waits for the connection when it is down. */
  request(type: 'query' | 'mutation', path: string, input: unknown): Promise<unknown> {
    if (this.#stopped) return Promise.reject(new LiveConnectionError('The connection is closed.'));
    const id = this.#nextId++;
    const frame: ClientFrame = { t: type === 'query' ? 'q' : 'm', id, p: path, i: input };
    return new Promise((resolve, reject) => {
      const request: PendingRequest = { frame, resolve, reject, sent: false };
      this.#requests.set(id, request);
      this.#sendRequest(request);
    });
  }

  /**
   * Starts (or joins) a live query. Listeners of the same topic and input share one subscription;
   * one that joins later first gets the rows so far as a snapshot. Returns the unsubscribe.
   */
  subscribe(
    path: string,
    input: unknown,
    listener: LiveListener,
    idOf: (row: LiveRow) => string = defaultIdOf,
  ): () => void {
    const identity = identityOf(path, input);
    let query = this.#queries.get(identity);
    if (query) {
      query.listeners.add(listener);
      if (query.state.ready) {
        const event: LiveEvent<LiveRow> = {
          type: 'snapshot',
          rows: [...query.state.rows.values()],
          replace: true,
        };
        listener.onEvent(event, query.cursor ? encodeStreamCursor(query.cursor) : null);
      }
    } else {
      const lastEventId =
        input && typeof input === 'object'
          ? (input as { lastEventId?: unknown }).lastEventId
          : null;
      query = {
        path,
        input,
        identity,
        listeners: new Set([listener]),
        key: null,
        requestId: null,
        cursor: typeof lastEventId === 'string' ? decodeStreamCursor(lastEventId) : null,
        stream: false,
        state: emptyLiveState<LiveRow>(),
        idOf,
      };
      this.#queries.set(identity, query);
      this.#sendSubscribe(query);
    }
    const joined = query;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size === 0) this.#drop(joined, true);
    };
  }

  /**
   * Tries to reconnect now instead of after the back-off (the browser says the network is back,
   * or a hidden tab became visible). A server that keeps refusing still gets a growing back-off.
   */
  reconnectNow(): void {
    if (this.#stopped || this.#state === 'open' || !this.#retryTimer) return;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#connect();
  }

  /** Closes for good: every request fails, every live query ends, nothing reconnects. */
  async close(): Promise<void> {
    this.#stop();
    const socket = this.#socket;
    this.#socket = null;
    if (socket && socket.readyState <= OPEN) socket.close(1000, 'closed');
  }

  #setState(next: ConnectionState): void {
    if (next === this.#state) return;
    this.#state = next;
    for (const listener of [...this.#stateListeners]) listener();
  }

  #connect(): void {
    if (this.#stopped) return;
    const factory =
      this.options.socket ??
      ((url: string) =>
        new (globalThis.WebSocket as unknown as new (url: string) => SocketLike)(url));
    const socket = factory(this.options.url);
    this.#socket = socket;
    let opened = false;
    this.#connectTimer = setTimeout(() => {
      if (!opened) socket.close();
    }, this.options.connectTimeoutMs ?? 15_000);
    socket.addEventListener('open', () => {
      if (socket !== this.#socket) return;
      opened = true;
      this.#clearConnectTimer();
      this.#attempt = 0;
      this.#opened = true;
      this.#lastHeard = Date.now();
      this.#setState('open');
      this.#startKeepAlive(socket);
      for (const query of this.#queries.values()) this.#sendSubscribe(query);
      for (const request of this.#requests.values()) this.#sendRequest(request);
    });
    socket.addEventListener('message', (event) => {
      if (socket !== this.#socket) return;
      this.#lastHeard = Date.now();
      if (typeof event.data === 'string') this.#receive(event.data);
    });
    socket.addEventListener('error', () => undefined);
    socket.addEventListener('close', (event) => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      this.#clearConnectTimer();
      this.#stopKeepAlive();
      this.#lost(event.code, opened);
    });
  }

  #lost(code: number, opened: boolean): void {
    // Requests on the lost socket never got an answer; subscriptions start again on the next one.
    // A draining server ran none of them: they are sent again on the next socket.
    const draining = code === LIVE_CLOSE_CODES.serverDraining;
    for (const [id, request] of this.#requests)
      if (request.sent && draining) request.sent = false;
      else if (request.sent) {
        this.#requests.delete(id);
        request.reject(new LiveConnectionError());
      }
    for (const query of [...this.#queries.values()]) {
      if (query.key !== null) this.#byAddress.delete(`${query.path}\u0000${query.key}`);
      query.key = null;
      query.requestId = null;
      if (query.listeners.size === 0) this.#queries.delete(query.identity);
    }
    if (this.#stopped) return;
    if (code === LIVE_CLOSE_CODES.sessionEnded || code === LIVE_CLOSE_CODES.userDisabled) {
      this.#stop();
      this.options.onTerminated?.(code);
      return;
    }
    if (!opened) this.options.onConnectFailed?.();
    this.#setState(this.#opened ? 'reconnecting' : 'connecting');
    // A draining server sends its clients elsewhere: at once, not after the back-off. If the next
    // attempt fails too (the balancer has not yet seen the node go), the back-off applies.
    const delay = draining ? 0 : this.options.retryDelayMs(this.#attempt);
    if (!draining) this.#attempt += 1;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      this.#connect();
    }, delay);
  }

  #stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#clearConnectTimer();
    this.#stopKeepAlive();
    this.#setState('closed');
    const error = new LiveConnectionError('The connection is closed.');
    for (const request of this.#requests.values()) request.reject(error);
    this.#requests.clear();
    for (const query of [...this.#queries.values()]) {
      this.#drop(query, false);
      for (const listener of query.listeners) listener.onError(error);
    }
  }

  #clearConnectTimer(): void {
    if (this.#connectTimer) clearTimeout(this.#connectTimer);
    this.#connectTimer = null;
  }

  #startKeepAlive(socket: SocketLike): void {
    const keepAlive = this.options.keepAlive;
    if (!keepAlive) return;
    this.#pingTimer = setInterval(() => {
      if (Date.now() - this.#lastHeard > keepAlive.intervalMs + keepAlive.timeoutMs) {
        // Nothing heard since the last ping was due: the network is gone. Drop and reconnect.
        socket.close(4000, 'no answer to ping');
        return;
      }
      if (socket.readyState === OPEN) socket.send(LIVE_PING);
    }, keepAlive.intervalMs);
  }

  #stopKeepAlive(): void {
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#pingTimer = null;
  }

  #sendRequest(request: PendingRequest): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN || this.#state !== 'open') return;
    request.sent = true;
    socket.send(JSON.stringify(request.frame));
  }

  #sendSubscribe(query: LiveQuery): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN || this.#state !== 'open') return;
    const id = this.#nextId++;
    query.requestId = id;
    let input = query.input;
    if (query.cursor && input && typeof input === 'object')
      input = { ...(input as object), lastEventId: encodeStreamCursor(query.cursor) };
    socket.send(JSON.stringify({ t: 's', id, p: query.path, i: input } satisfies ClientFrame));
  }

  /**
   * Forgets a live query (`tellServer`: unsubscribe on the server too). One whose `s` frame is still
   * on the way stays, without listeners, until it arrives: then it is unsubscribed — unless a new
   * listener joined meanwhile (a component that unmounted and mounted again).
   */
  #drop(query: LiveQuery, tellServer: boolean): void {
    if (tellServer && query.key === null && query.requestId !== null) {
      query.listeners.clear();
      return;
    }
    this.#queries.delete(query.identity);
    if (query.key === null) return;
    this.#byAddress.delete(`${query.path}\u0000${query.key}`);
    const socket = this.#socket;
    if (tellServer && socket && socket.readyState === OPEN)
      socket.send(JSON.stringify({ t: 'u', p: query.path, k: query.key } satisfies ClientFrame));
  }

  #receive(text: string): void {
    if (text === LIVE_PONG) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const frame = readServerFrame(value);
    if (!frame) return;
    if (frame.t === 'r') {
      const request = this.#requests.get(frame.id);
      if (request) {
        this.#requests.delete(frame.id);
        if (frame.e) request.reject(new LiveRequestError(frame.e));
        else request.resolve(frame.d);
        return;
      }
      // A subscribe the server refused.
      const query = this.#queryByRequest(frame.id);
      if (query && frame.e) {
        const listeners = [...query.listeners];
        query.requestId = null;
        this.#drop(query, false);
        for (const listener of listeners) listener.onError(new LiveRequestError(frame.e));
      }
      return;
    }
    if (frame.t === 's') {
      const query = this.#queryByRequest(frame.id);
      if (!query) return;
      if (query.listeners.size === 0) {
        // Nobody wants it any more.
        this.#queries.delete(query.identity);
        this.#socket?.send(
          JSON.stringify({ t: 'u', p: query.path, k: frame.k } satisfies ClientFrame),
        );
        return;
      }
      query.key = frame.k;
      query.requestId = null;
      query.stream = frame.c !== undefined;
      this.#byAddress.set(`${query.path}\u0000${frame.k}`, query);
      this.#deliver(query, frame.e as LiveEvent<LiveRow>, frame.c);
      return;
    }
    const query = this.#byAddress.get(`${frame.p}\u0000${frame.k}`);
    if (query) this.#deliver(query, frame.e as LiveEvent<LiveRow>, frame.c);
  }

  #queryByRequest(id: number): LiveQuery | undefined {
    for (const query of this.#queries.values()) if (query.requestId === id) return query;
    return undefined;
  }

  #deliver(query: LiveQuery, event: LiveEvent<LiveRow>, cursor: string | undefined): void {
    if (event.type === 'end' && event.retry) {
      // The server asks this query to subscribe again (it fell behind, or its snapshot may have
      // missed a change): a stream resumes from its cursor, and the server answers with what came
      // after it, or with the newest page, replacing, when that is too far back.
      this.#byAddress.delete(`${query.path}\u0000${query.key ?? ''}`);
      query.key = null;
      this.#sendSubscribe(query);
      return;
    }
    if (cursor !== undefined)
      query.cursor = laterStreamCursor(query.cursor, decodeStreamCursor(cursor));
    query.state = applyLiveEvent(query.state, event, query.idOf);
    const position = query.cursor ? encodeStreamCursor(query.cursor) : null;
    for (const listener of [...query.listeners]) listener.onEvent(event, position);
    if (event.type === 'end') this.#drop(query, false);
  }
}
