import { createElement, Suspense, type ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { page, preloadRouteChunks, type LazyRouteHandle } from './routes';

afterEach(cleanup);

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
    void preloadRouteChunks('/classes/c1', routes);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(page).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('loads nothing for a path no route matches, and leaves a failed load to the page', async () => {
    const { routes, layout, failing } = table();
    void preloadRouteChunks('/nowhere/at/all', routes);
    expect(layout).not.toHaveBeenCalled();
    void preloadRouteChunks('/broken', routes);
    expect(failing).toHaveBeenCalledTimes(1);
    // A route without a chunk of its own is passed over.
    void preloadRouteChunks('/plain', routes);
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

  it('settles once every load has arrived or failed', async () => {
    const { routes } = table();
    await expect(preloadRouteChunks('/classes/c1', routes)).resolves.toBeUndefined();
    await expect(preloadRouteChunks('/broken', routes)).resolves.toBeUndefined();
    await expect(preloadRouteChunks('/nowhere/at/all', routes)).resolves.toBeUndefined();
  });
});

describe('page', () => {
  // The first page renders once its chunks are in (main.tsx): a fallback committed then would make
  // React hold the page back for 300 ms after it (its FALLBACK_THROTTLE_MS).
  it('renders a page whose chunk has arrived at once, without the Suspense fallback', async () => {
    const route = page(async () => ({ Page: () => createElement('p', null, 'the page') }), 'Page');
    await (route.handle as LazyRouteHandle).preload();
    const fallback = vi.fn((): ReactNode => 'loading');
    const Fallback = () => fallback();
    render(createElement(Suspense, { fallback: createElement(Fallback) }, route.element));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(fallback).not.toHaveBeenCalled();
  });

  it('shows the fallback while a chunk is still on its way, then the page', async () => {
    const route = page(
      async () => ({ Page: () => createElement('p', null, 'the later page') }),
      'Page',
    );
    render(createElement(Suspense, { fallback: 'loading' }, route.element));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the later page')).toBeTruthy();
  });
});
