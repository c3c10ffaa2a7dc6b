// A tRPC client over the live WebSocket, as a browser tab of a signed-in user would open it.
import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from '@trpc/client';
import WebSocket from 'ws';
import type { AppRouter } from '../src/live/router';

export interface LiveTestClient {
  trpc: TRPCClient<AppRouter>;
  close(): Promise<void>;
  /** Close codes the socket saw. */
  closes: number[];
}

/** Connects to `baseUrl`'s /api/live with the cookie and Origin a browser would send. */
export function connectLive(
  baseUrl: string,
  options: { cookie?: string; origin?: string } = {},
): LiveTestClient {
  const closes: number[] = [];
  const headers: Record<string, string> = { origin: options.origin ?? baseUrl };
  if (options.cookie) headers.cookie = options.cookie;
  class BrowserLikeSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
      this.on('close', (code) => closes.push(code));
    }
  }
  const wsClient = createWSClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/api/live`,
    WebSocket: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 100,
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  return {
    trpc,
    closes,
    close: async () => {
      await wsClient.close();
    },
  };
}

/** Collects a subscription's events; `until` waits for a condition on them. */
export class EventLog<T> {
  readonly events: T[] = [];
  readonly errors: unknown[] = [];
  #waiters: Array<() => void> = [];

  push(event: T): void {
    this.events.push(event);
    this.#waiters.splice(0).forEach((wake) => wake());
  }

  fail(error: unknown): void {
    this.errors.push(error);
    this.#waiters.splice(0).forEach((wake) => wake());
  }

  async until(predicate: (events: T[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.events)) {
      if (this.errors.length > 0)
        throw this.errors[0] instanceof Error ? this.errors[0] : new Error(String(this.errors[0]));
      if (Date.now() > deadline)
        throw new Error(`timed out; events so far: ${JSON.stringify(this.events).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}
