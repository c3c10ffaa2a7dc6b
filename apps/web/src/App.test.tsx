import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, AppRoutes } from './App';
import { GET_SESSION_PATH } from './auth/session';
import { fakeLiveClientFactory } from './testing/liveTestKit';
import { memoryRouter } from './testing/memoryRouter';
import { page } from './routes/routes';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const signedIn = {
  session: { id: 's1', userId: 'u1', expiresAt: '2099-01-01T00:00:00.000Z' },
  user: { id: 'u1', email: 'ada@example.edu', name: 'Ada Lovelace', emailVerified: true },
};

function stubSessionFetch(respond: () => Response | Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    if (String(input) === GET_SESSION_PATH) return Promise.resolve(respond());
    return Promise.reject(new Error(`unexpected fetch ${String(input)}`));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string, state?: unknown) {
  const { router, shell } = memoryRouter([{ pathname: path, state }]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <App
      router={shell}
      queryClient={queryClient}
      createLiveClient={fakeLiveClientFactory().factory}
    />,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routing and the session guard', () => {
  it('shows a loading indicator, then sends signed-out users to /sign-in', async () => {
    const fetchMock = stubSessionFetch(() => jsonResponse(null));
    const router = renderAt('/');

    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeDefined();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.state).toEqual({ from: '/' });
    expect(fetchMock).toHaveBeenCalledWith(
      GET_SESSION_PATH,
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('treats a failed session request as signed out', async () => {
    stubSessionFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const router = renderAt('/some/deep/page');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeDefined();
    expect(router.state.location.state).toEqual({ from: '/some/deep/page' });
  });

  it('treats an error status as signed out', async () => {
    stubSessionFetch(() => jsonResponse({ message: 'boom' }, 500));
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it.each([
    ['/sign-up', 'Create account'],
    ['/forgot-password', 'Forgot password'],
  ])('lets signed-out users open %s', async (path, heading) => {
    stubSessionFetch(() => jsonResponse(null));
    const router = renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeDefined();
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows signed-in users the home page with the app bar and a main landmark', async () => {
    stubSessionFetch(() => jsonResponse(signedIn));
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'My classes', level: 1 })).toBeDefined();
    expect(screen.getByRole('banner').textContent).toContain('Seminar');
    expect(screen.getByRole('button', { name: 'Colour mode' })).toBeDefined();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe(
      '#main-content',
    );
  });

  it('sends signed-in users away from /sign-in to where they were going', async () => {
    stubSessionFetch(() => jsonResponse(signedIn));
    const router = renderAt('/sign-in', { from: '/classes/42' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/42'));
  });

  it('sends signed-in users away from /sign-in to home by default', async () => {
    stubSessionFetch(() => jsonResponse(signedIn));
    const router = renderAt('/sign-in');
    expect(await screen.findByRole('heading', { name: 'My classes' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows "Page not found" with a link home for unknown paths', async () => {
    stubSessionFetch(() => jsonResponse(signedIn));
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });
});

describe('the route chunks', () => {
  it('asks for a page’s chunk with its layout’s, not once the layout has arrived', async () => {
    const layoutLoad = vi.fn(() => new Promise<never>(() => undefined));
    const pageLoad = vi.fn(async () => ({ Page: () => <h1>Page</h1> }));
    const table = [
      {
        ...page(layoutLoad, 'Layout'),
        children: [{ path: '/classes/:classId', ...page(pageLoad, 'Page') }],
      },
    ];
    const { shell } = memoryRouter(['/classes/c1']);
    render(<>{shell(<AppRoutes table={table} />)}</>);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeDefined();
    expect(layoutLoad).toHaveBeenCalledTimes(1);
    expect(pageLoad).toHaveBeenCalledTimes(1);
  });
});
