// A light client of the server's live socket that speaks its protocol directly (JSON text frames,
// docs/realtime.md#protocol: {t, id, p, i} out; {t:'r'|'s'|'e', …} back; PING/PONG), so one bench
// process can hold 1,000 signed-in connections. It does not zod-check frames as the app's client
// does: here the bench process is the receiving side of every benchmark, ours and the baselines
// alike, so it does the least work per frame for all of them. It sends what a browser tab would: the
// session cookie and the app's Origin on the upgrade.
import WebSocket from 'ws';

/** An error the server answered with (its shape as it came over the wire). */
export class LiveError extends Error {
  constructor(readonly shape: unknown) {
    super(`live error: ${JSON.stringify(shape).slice(0, 300)}`);
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Frame {
  t: 'r' | 's' | 'e';
  id?: number;
  p?: string;
  k?: string;
  d?: unknown;
  e?: unknown;
}

export class LiveSocket {
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  /** Subscriptions waiting for their `s` frame, by request id. */
  readonly #starting = new Map<number, { path: string; onData(data: unknown): void } & Pending>();
  /** Live subscriptions by `path\0key`. */
  readonly #live = new Map<string, (data: unknown) => void>();
  /** Errors that arrived outside a request (the bench reports them). */
  readonly errors: unknown[] = [];
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer, isBinary: boolean) => this.#onMessage(raw, isBinary));
    ws.on('close', () => {
      this.closed = true;
      const error = new Error('socket closed');
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      for (const starting of this.#starting.values()) starting.reject(error);
      this.#starting.clear();
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

  /** Calls a mutation; resolves to its result. */
  mutation(path: string, input: unknown): Promise<unknown> {
    return this.#call('m', path, input);
  }

  /** Calls a query; resolves to its result. */
  query(path: string, input: unknown): Promise<unknown> {
    return this.#call('q', path, input);
  }

  #call(type: 'q' | 'm', path: string, input: unknown): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ t: type, id, p: path, i: input }));
    });
  }

  /**
   * Starts a live query; resolves once the server answered with its snapshot (which `onData` gets
   * first). `onData` gets each event.
   */
  subscribe(path: string, input: unknown, onData: (data: unknown) => void): Promise<void> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#starting.set(id, { path, onData, resolve: () => resolve(), reject });
      this.ws.send(JSON.stringify({ t: 's', id, p: path, i: input }));
    });
  }

  #onMessage(raw: Buffer, isBinary: boolean): void {
    const text = raw.toString(isBinary ? 'binary' : 'utf8');
    if (text === 'PONG') return;
    const frame = JSON.parse(text) as Frame;
    if (frame.t === 'e') {
      this.#live.get(`${frame.p}\u0000${frame.k}`)?.(frame.e);
      return;
    }
    const id = frame.id ?? 0;
    if (frame.t === 's') {
      const starting = this.#starting.get(id);
      if (!starting) return;
      this.#starting.delete(id);
      this.#live.set(`${starting.path}\u0000${frame.k}`, starting.onData);
      starting.onData(frame.e);
      starting.resolve(undefined);
      return;
    }
    const pending = this.#pending.get(id);
    if (pending) {
      this.#pending.delete(id);
      if (frame.e) pending.reject(new LiveError(frame.e));
      else pending.resolve(frame.d);
      return;
    }
    const starting = this.#starting.get(id);
    if (starting) {
      this.#starting.delete(id);
      this.errors.push(frame.e);
      starting.reject(new LiveError(frame.e));
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
