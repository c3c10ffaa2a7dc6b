// Docs: docs/realtime.md#a-lost-listen-connection — the node's one LISTEN connection to PostgreSQL.
// NOTIFY is delivered only to connections listening when it is sent, so a lost connection loses
// notices. The listener therefore reports the gap before the new connection delivers anything: its
// `onReset` handlers run once every channel is LISTENed again and before the first notice that
// arrived on the new connection is handed out (those are held until then). A resync that starts in
// `onReset` thus reads from marks that no post-gap notice has moved yet, and everything committed
// after it starts also comes as a notice.
import pg from 'pg';

/** A handler for NOTIFY payloads on one channel. */
export type NotifyHandler = (payload: string) => void;

export interface ListenerOptions {
  url: string;
  /** Wait before reconnect attempt `attempt` (1, 2, …): 250 ms doubling up to 30 s by default. */
  backoffMs?: ((attempt: number) => number) | undefined;
}

const defaultBackoff = (attempt: number) => Math.min(30_000, 250 * 2 ** attempt);

/** LISTEN on PostgreSQL through one dedicated connection, reconnected when lost. */
export class PgListener {
  readonly #url: string;
  readonly #backoff: (attempt: number) => number;
  readonly #handlers = new Map<string, Set<NotifyHandler>>();
  readonly #resets = new Set<() => void>();
  /** The connection that listens and delivers; null while there is none. */
  #client: pg.Client | null = null;
  /** An attempt under way (the first connection, a reconnect, or a listen() that could not wait). */
  #connecting: Promise<pg.Client> | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #attempt = 0;
  /** A connection was lost: the next one runs the reset handlers before delivering. */
  #gap = false;
  #closed = false;

  constructor(options: ListenerOptions) {
    this.#url = options.url;
    this.#backoff = options.backoffMs ?? defaultBackoff;
  }

  /** Connections open now (tests: never more than one). */
  get openConnections(): number {
    return this.#client ? 1 : 0;
  }

  /** A reconnect waiting out its back-off, or an attempt under way (tests: none after close()). */
  get reconnecting(): boolean {
    return this.#timer !== null || this.#connecting !== null;
  }

  /**
   * LISTENs on `channel`; resolves once listening, to a function that stops it. `onReset` runs
   * after a lost connection was re-established, before any notice of the new connection.
   */
  async listen(
    channel: string,
    handler: NotifyHandler,
    onReset?: () => void,
  ): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error('The database is closed.');
    let set = this.#handlers.get(channel);
    const isNew = set === undefined;
    if (!set) {
      set = new Set();
      this.#handlers.set(channel, set);
    }
    set.add(handler);
    if (onReset) this.#resets.add(onReset);
    const forget = () => {
      set.delete(handler);
      if (onReset) this.#resets.delete(onReset);
      if (set.size === 0 && this.#handlers.get(channel) === set) this.#handlers.delete(channel);
    };
    try {
      // A connection made from now on LISTENs on every channel it finds in #handlers; one that is
      // already open is told here.
      const client = await this.#ready();
      if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      forget();
      throw error;
    }
    return async () => {
      forget();
      if (this.#handlers.has(channel)) return;
      await this.#client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const connecting = this.#connecting;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
    // An attempt under way ends its own connection when it sees #closed.
    await connecting?.catch(() => undefined);
  }

  /** The open connection, or the one being made (made now, without the back-off, if none is). */
  #ready(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    if (this.#connecting) return this.#connecting;
    if (this.#timer) {
      // A reconnect is waiting out its back-off: someone needs the connection now, so try now.
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    return this.#attemptConnect();
  }

  #attemptConnect(): Promise<pg.Client> {
    const attempt = this.#connect().finally(() => {
      if (this.#connecting === attempt) this.#connecting = null;
    });
    this.#connecting = attempt;
    attempt.catch(() => {
      // After a loss, keep trying in the background; before the first connection, the caller
      // (start-up) sees the error.
      if (this.#gap) this.#schedule();
    });
    return attempt;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#url });
    // Notices that arrive before this connection takes over are held, in order.
    const early: Array<{ channel: string; payload: string }> = [];
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (this.#client === client) this.#deliver(message.channel, payload);
      else early.push({ channel: message.channel, payload });
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      for (const channel of this.#handlers.keys())
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      throw new Error('The database is closed.');
    }
    this.#client = client;
    this.#attempt = 0;
    if (this.#gap) {
      this.#gap = false;
      for (const reset of [...this.#resets]) reset();
    }
    for (const { channel, payload } of early) this.#deliver(channel, payload);
    return client;
  }

  #deliver(channel: string, payload: string): void {
    for (const handler of this.#handlers.get(channel) ?? []) handler(payload);
  }

  /** The connection closed or failed: notices are being lost until another one listens. */
  #lost(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = null;
    this.#gap = true;
    void client.end().catch(() => undefined);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#closed || this.#timer || this.#connecting || this.#client) return;
    this.#attempt += 1;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#closed || this.#client || this.#connecting) return;
      this.#attemptConnect().catch(() => undefined);
    }, this.#backoff(this.#attempt));
    this.#timer.unref();
  }
}
