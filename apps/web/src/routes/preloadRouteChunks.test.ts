import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { page, preloadRouteChunks, type LazyRouteHandle } from './routes';

describe('preloadRouteChunks', () => {
  const table = () => {
    const layout = vi.fn(async () => undefined);
    const page = vi.fn(async () => undefined);
    const other = vi.fn(async () => undefined);
    const failing = vi.fn(async () => Promise.reject(new Error('offline')));
    const routes: RouteObject[] = [
      {
        handle: { preload: layout },
        children: [
          { path: '/classes/:classId/:tab?', handle: { preload: page } },
          { path: '/catalogue', handle: { preload: other } },
          { path: '/broken', handle: { preload: failing } },
          { path: '/plain' },
        ],
      },
    ];
    return { routes, layout, page, other, failing };
  };

  it('loads the layout’s and the page’s chunks together, and no other', () => {
    const { routes, layout, page, other } = table();
    preloadRouteChunks('/classes/c1', routes);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(page).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('loads nothing for a path no route matches, and leaves a failed load to the page', async () => {
    const { routes, layout, failing } = table();
    preloadRouteChunks('/nowhere/at/all', routes);
    expect(layout).not.toHaveBeenCalled();
    preloadRouteChunks('/broken', routes);
    expect(failing).toHaveBeenCalledTimes(1);
    // A route without a chunk of its own is passed over.
    preloadRouteChunks('/plain', routes);
    expect(layout).toHaveBeenCalledTimes(2);
    // No unhandled rejection: the promise's failure is caught here.
    await Promise.resolve();
  });

  it('loads again after a failed load, and once when it succeeds', async () => {
    let attempts = 0;
    const route = page(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { Page: () => null };
    }, 'Page');
    const { preload } = route.handle as LazyRouteHandle;
    await expect(preload()).rejects.toThrow('offline');
    await preload();
    await preload();
    expect(attempts).toBe(2);
  });
});
