// Test helpers for the auth screens: a fake of the /api/auth endpoints behind a stubbed `fetch`,
// and rendering the whole app (real routes and layouts) at a path with a memory router.
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { expect, vi } from 'vitest';
import { App } from '../App';
import { GET_SESSION_PATH, type SessionPayload } from '../auth/session';
import type { LiveTrpcClient } from '../live/client';
import { fakeLiveClientFactory } from './liveTestKit';
import { memoryRouter } from './memoryRouter';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function sessionFor(
  user: { id?: string; name?: string; email?: string; emailVerified?: boolean } = {},
  expiresAt = '2099-01-01T00:00:00.000Z',
): SessionPayload {
  const id = user.id ?? 'u1';
  return {
    session: { id: `s-${id}`, userId: id, expiresAt },
    user: {
      id,
      name: user.name ?? 'Lovelace, Ada',
      email: user.email ?? 'ada@example.edu',
      emailVerified: user.emailVerified ?? true,
    },
  };
}

type Handler = (body: unknown) => Response | Promise<Response>;

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Stubs `fetch` with a small fake of Better Auth: endpoints answer what
 * `on('POST /api/auth/…', handler)` says (or fail the test loudly); get-session answers
 * `server.session` unless a handler is set for it.
 */
export function fakeAuthServer(session: SessionPayload | null = null) {
  const handlers = new Map<string, Handler>();
  const server = {
    session,
    handlers,
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const method = (init?.method ?? 'GET').toUpperCase();
      const key = `${method} ${String(input)}`;
      const handler = handlers.get(key);
      if (!handler && key === `GET ${GET_SESSION_PATH}`) return jsonResponse(server.session);
      if (!handler) throw new Error(`unexpected fetch ${key}`);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      return handler(body);
    }),
    /** Sets what an endpoint answers, e.g. on('POST /api/auth/sign-in/email', () => …). */
    on(key: string, handler: Handler) {
      handlers.set(key, handler);
      return server;
    },
    /** Drops a handler set with `on`. */
    off(key: string) {
      handlers.delete(key);
      return server;
    },
    /** How many requests went to one endpoint. */
    callsTo(key: string): number {
      return server.bodiesSentTo(key).length;
    },
    /** The JSON bodies sent to one endpoint, in order. */
    bodiesSentTo(key: string): unknown[] {
      return server.fetch.mock.calls
        .filter(
          ([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}` === key,
        )
        .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
    },
  };
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

/**
 * Renders the app at `path` (a path with an optional ?search, and optional router state) with fake live clients (no socket; their
 * tRPC client is `options.trpc`, e.g. `fakeTrpc().trpc`); returns the router, the query client and
 * the live clients made.
 */
export function renderApp(path: string, state?: unknown, options: { trpc?: LiveTrpcClient } = {}) {
  const { pathname, search } = new URL(path, 'http://localhost');
  const { router, shell } = memoryRouter([{ pathname, search, state }]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const live = fakeLiveClientFactory(options.trpc);
  render(<App router={shell} queryClient={queryClient} createLiveClient={live.factory} />);
  return { router, queryClient, liveClients: live.clients };
}

/** The text that describes a field (its helper text) — where field errors are shown. */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** Asserts the labelled field is marked invalid and shows `message` as its description. */
export function expectFieldError(label: string, message: string): void {
  const field = screen.getByLabelText(label, { selector: 'input' });
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(descriptionOf(field)).toBe(message);
}
