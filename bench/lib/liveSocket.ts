// A light client of the server's live socket that speaks tRPC's WebSocket protocol directly (JSON
// text frames: {id, method, params} out, {id, result | error} back, PING/PONG keep-alive), so one bench
// process can hold 1,000 signed-in connections. It sends what a browser tab would: the session cookie
// and the app's Origin on the upgrade.
import WebSocket from 'ws';

/** A tRPC error as it comes over the wire. */
export class LiveError extends Error {
  constructor(readonly shape: unknown) {
    super(`tRPC error: ${JSON.stringify(shape).slice(0, 300)}`);
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Subscription {
  onData(data: unknown): void;
  started: Pending;
}

export class LiveSocket {
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #subscriptions = new Map<number, Subscription>();
  /** Errors that arrived for a subscription after it started (the bench reports them). */
  readonly errors: unknown[] = [];
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer, isBinary: boolean) => this.#onMessage(raw, isBinary));
    ws.on('close', () => {
      this.closed = true;
      const error = new Error('socket closed');
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      for (const subscription of this.#subscriptions.values()) subscription.started.reject(error);
      this.#subscriptions.clear();
    });
  }

  /** Opens /api/live on `baseUrl` with a browser's cookie and Origin; rejects on a refused upgrade. */
  static connect(baseUrl: string, cookie: string): Promise<LiveSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`, {
        headers: { cookie, origin: baseUrl },
        perMessageDeflate: false,
      });
      ws.once('open', () => {
        ws.removeAllListeners('error');
        ws.on('error', () => undefined);
        resolve(new LiveSocket(ws));
      });
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  #send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Calls a mutation; resolves to its result. */
  mutation(path: string, input: unknown): Promise<unknown> {
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#send({ id, method: 'mutation', params: { path, input } });
    });
  }

  /**
   * Starts a subscription; resolves once the server says it started. `onData` gets each event (for
   * tracked events, the event itself, without the tracking envelope).
   */
  subscribe(path: string, input: unknown, onData: (data: unknown) => void): Promise<void> {
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise((resolve, reject) => {
      this.#subscriptions.set(id, { onData, started: { resolve: () => resolve(), reject } });
      this.#send({ id, method: 'subscription', params: { path, input } });
    });
  }

  #onMessage(raw: Buffer, isBinary: boolean): void {
    const text = raw.toString(isBinary ? 'binary' : 'utf8');
    if (text === 'PING') {
      this.ws.send('PONG');
      return;
    }
    if (text === 'PONG') return;
    const message = JSON.parse(text) as {
      id: number | null;
      result?: { type: 'started' | 'data' | 'stopped'; id?: string; data?: unknown };
      error?: unknown;
    };
    if (message.id === null) {
      this.errors.push(message.error);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (pending) {
      this.#pending.delete(message.id);
      if (message.error) pending.reject(new LiveError(message.error));
      else pending.resolve(message.result?.data);
      return;
    }
    const subscription = this.#subscriptions.get(message.id);
    if (!subscription) return;
    if (message.error) {
      this.errors.push(message.error);
      subscription.started.reject(new LiveError(message.error));
      this.#subscriptions.delete(message.id);
      return;
    }
    const result = message.result;
    if (!result) return;
    if (result.type === 'started') subscription.started.resolve(undefined);
    else if (result.type === 'stopped') this.#subscriptions.delete(message.id);
    else if (result.type === 'data') {
      // Tracked events arrive as {id: cursor, data: event}.
      const data = result.id !== undefined ? (result.data as { data: unknown }).data : result.data;
      subscription.onData(data);
    }
  }

  /** Closes the socket and waits until it is closed. */
  close(): Promise<void> {
    if (this.closed || this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, 3000);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close();
    });
  }
}
