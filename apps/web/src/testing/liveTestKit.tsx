// Test helpers for the live layer: a fake live client (no socket) and its factory, and providers
// for rendering a component that uses live queries with a fake tRPC client.
import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import type { LiveEvent } from '@seminar/shared';
import { vi } from 'vitest';
import type {
  ConnectionState,
  LiveClient,
  LiveClientFactory,
  LiveClientOptions,
  LiveTrpcClient,
} from '../live/client';
import { createErrorStore, ErrorStateProvider, type ErrorStore } from '../live/errors';
import { LiveContext } from '../live/LiveProvider';

export interface FakeLiveClient extends LiveClient {
  readonly closed: boolean;
  readonly options: LiveClientOptions;
  /** Whether anyone listens to the connection state (React subscribes in an effect, after the
   * render that first shows the client). */
  readonly watched: boolean;
  setConnectionState(state: ConnectionState): void;
}

export function fakeLiveClient(
  options: LiveClientOptions,
  trpc: LiveTrpcClient = fakeTrpc().trpc,
): FakeLiveClient {
  let state: ConnectionState = 'open';
  let closed = false;
  const listeners = new Set<() => void>();
  const setState = (next: ConnectionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    trpc,
    options,
    get closed() {
      return closed;
    },
    get watched() {
      return listeners.size > 0;
    },
    getConnectionState: () => state,
    subscribeConnectionState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setConnectionState: setState,
    close: vi.fn(async () => {
      closed = true;
      setState('closed');
    }),
  };
}

/**
 * A factory of fake clients; `clients` lists every one it made, in order. Each gets `trpc` when
 * given, otherwise its own fake tRPC client whose live queries stay loading.
 */
export function fakeLiveClientFactory(trpc?: LiveTrpcClient) {
  const clients: FakeLiveClient[] = [];
  const factory = vi.fn<LiveClientFactory>((options) => {
    const client = fakeLiveClient(options, trpc);
    clients.push(client);
    return client;
  });
  return { factory, clients };
}

// ---------------------------------------------------------------------------------------------
// A fake tRPC client: every procedure path exists. Subscriptions are recorded for the test to
// drive (`sub.send(event)`); mutations and queries answer what `on(path, handler)` says.

/** Lets TanStack Query tell its observers (it notifies on a zero timeout). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface FakeSubscription {
  /** The procedure, e.g. 'classes.mine'. */
  path: string;
  input: unknown;
  unsubscribed: boolean;
  /** Sends a live event, or a tracked `{ id, data }` one (inside act, then lets the cache tell). */
  send: (event: LiveEvent<unknown> | { id: string; data: LiveEvent<unknown> }) => Promise<void>;
  /** Fails the subscription. */
  fail: (error: unknown) => Promise<void>;
}

type FakeHandler = (input: never) => unknown;

export interface FakeTrpc {
  trpc: LiveTrpcClient;
  subscriptions: FakeSubscription[];
  /** Every mutation and query called, in order. */
  calls: { path: string; input: unknown }[];
  /** Sets what a mutation or query answers (a throw rejects it). Unset paths reject. */
  on: (path: string, handler: (input: never) => unknown) => FakeTrpc;
  /** The latest active subscription to `path` (optionally with this input), or throws. */
  subscription: (path: string, input?: unknown) => FakeSubscription;
  /** The inputs `path` was called with. */
  inputsOf: (path: string) => unknown[];
}

export function fakeTrpc(): FakeTrpc {
  const subscriptions: FakeSubscription[] = [];
  const calls: { path: string; input: unknown }[] = [];
  const handlers = new Map<string, FakeHandler>();

  const call = async (path: string, input: unknown) => {
    calls.push({ path, input });
    const handler = handlers.get(path);
    if (!handler) throw new Error(`fake tRPC: nothing answers ${path}`);
    return handler(input as never);
  };

  const subscribe = (
    path: string,
    input: unknown,
    observer: { onData?: (value: unknown) => void; onError?: (error: unknown) => void },
  ) => {
    const sub: FakeSubscription = {
      path,
      input,
      unsubscribed: false,
      send: (event) =>
        act(async () => {
          if (!sub.unsubscribed) observer.onData?.(event);
          await settle();
        }),
      fail: (error) =>
        act(async () => {
          if (!sub.unsubscribed) observer.onError?.(error);
          await settle();
        }),
    };
    subscriptions.push(sub);
    return { unsubscribe: () => void (sub.unsubscribed = true) };
  };

  const node = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get(_target, prop) {
        if (typeof prop === 'symbol' || prop === 'then') return undefined;
        const name = path.join('.');
        if (prop === 'subscribe')
          return (input: unknown, observer: object) => subscribe(name, input, observer);
        if (prop === 'mutate' || prop === 'query') return (input: unknown) => call(name, input);
        return node([...path, prop]);
      },
    });

  const fake: FakeTrpc = {
    trpc: node([]) as LiveTrpcClient,
    subscriptions,
    calls,
    on(path, handler) {
      handlers.set(path, handler as FakeHandler);
      return fake;
    },
    subscription(path, input) {
      const matches = subscriptions.filter(
        (sub) =>
          sub.path === path &&
          !sub.unsubscribed &&
          (input === undefined || JSON.stringify(sub.input) === JSON.stringify(input)),
      );
      const sub = matches.at(-1);
      if (!sub) throw new Error(`fake tRPC: no live subscription to ${path}`);
      return sub;
    },
    inputsOf: (path) => calls.filter((c) => c.path === path).map((c) => c.input),
  };
  return fake;
}

/** Providers for a component using live queries: a QueryClient, the error state, a fake client. */
export function liveTestProviders({
  trpc = {} as LiveTrpcClient,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  errors = createErrorStore(() => undefined),
}: { trpc?: LiveTrpcClient | null; queryClient?: QueryClient; errors?: ErrorStore } = {}) {
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <ErrorStateProvider store={errors}>
          <LiveContext.Provider value={{ client: trpc, connection: trpc ? 'open' : 'closed' }}>
            {children}
          </LiveContext.Provider>
        </ErrorStateProvider>
      </QueryClientProvider>
    );
  }
  return { Providers, queryClient, errors };
}

/** An error as a tRPC procedure sends it (e.g. trpcError('NOT_FOUND', 'Class not found.')). */
export function trpcError(code: string, message: string, data: Record<string, unknown> = {}) {
  return TRPCClientError.from({ error: { code: -32000, message, data: { code, ...data } } });
}

/** The error a call gets when the socket closed under it. */
export function connectionClosedError() {
  const cause = new Error('WebSocket closed');
  cause.name = 'TRPCWebSocketClosedError';
  return TRPCClientError.from(cause);
}

/**
 * A WebSocket stand-in for tRPC's wsClient: the test opens it, closes it from the "server" with a
 * code, or fails the handshake. `FakeWebSocket.instances` lists every socket made.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  readonly sent: unknown[] = [];

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  send(data: unknown): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    if (this.readyState === this.CLOSED) return;
    this.#closed(code);
  }

  /** The server accepted the upgrade. */
  accept(): void {
    this.readyState = this.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** The server closed the socket with `code`. */
  serverClose(code: number): void {
    this.#closed(code);
  }

  /** The upgrade was refused (the browser reports an error, then 1006). */
  refuse(): void {
    this.readyState = this.CLOSED;
    this.dispatchEvent(new Event('error'));
    this.#closed(1006);
  }

  #closed(code: number): void {
    this.readyState = this.CLOSED;
    this.dispatchEvent(
      Object.assign(new Event('close'), { code, reason: '', wasClean: code !== 1006 }),
    );
  }
}
