import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryRouter, RouteTable } from '../testing/memoryRouter';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { page } from './routes';

function Thrower(): never {
  throw new Error('The page broke');
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it('shows what a page threw, with a reload, and tries again at another address', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/broken">
        <Thrower />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The page broke');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined();

    rerender(
      <RouteErrorBoundary resetKey="/broken">
        <p>Fine now</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeDefined();

    rerender(
      <RouteErrorBoundary resetKey="/elsewhere">
        <p>Fine now</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Fine now')).toBeDefined();
  });

  it('shows a page that throws something that is not an error (a 0) as failed too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function ThrowsZero(): never {
      throw 0;
    }
    render(
      <RouteErrorBoundary resetKey="/zero">
        <ThrowsZero />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
  });

  it('shows a lazy page whose chunk fails to load as an error, and one that loads as itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = [
      {
        path: '/gone',
        ...page(() => Promise.reject(new Error('Failed to fetch the page')), 'Gone'),
      },
      { path: '/here', ...page(async () => ({ Here: () => <h1>Here</h1> }), 'Here') },
    ];
    for (const [path, expected] of [
      ['/gone', 'Failed to fetch the page'],
      ['/here', 'Here'],
    ] as const) {
      const { shell } = memoryRouter([path]);
      render(
        <RouteErrorBoundary resetKey={path}>
          <Suspense fallback={<p>Loading</p>}>{shell(<RouteTable routes={routes} />)}</Suspense>
        </RouteErrorBoundary>,
      );
      expect(await screen.findByText(expected, { exact: false })).toBeDefined();
      cleanup();
    }
  });
});
