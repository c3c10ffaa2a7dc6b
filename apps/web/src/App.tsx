// The app root: providers (TanStack Query, colour mode, session, the live client factory) around the
// router. The shared error state, the live client and the MUI theme wrap the signed-in pages only
// (features/classes/ClassesLayout.tsx): the signed-out pages load none of their code.
import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { SessionProvider } from './auth/session';
import type { LiveClientFactory } from './live/client';
import { LiveClientFactoryContext } from './live/liveClientFactory';
import { createQueryClient } from './queryClient';
import { RouteErrorBoundary } from './routes/RouteErrorBoundary';
import { preloadRouteChunks, routes } from './routes/routes';
import { FullPageLoading } from './shell/FullPageLoading';
import { useViewportHeight } from './shell/viewport';
import { ColorModeProvider } from './theme/ColorModeProvider';

/** Puts the app's routes under a router: the browser's; tests pass a memory router. */
export type RouterShell = (routes: ReactNode) => ReactNode;

const browserRouter: RouterShell = (children) => <BrowserRouter>{children}</BrowserRouter>;

/**
 * The page at the current address (`table`: routes/routes.tsx's, or a test's). While the first
 * page's chunks load, the same screen as index.html's first one; a page that throws shows
 * RouteError in its place.
 */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  const page = useRoutes(table);
  const { pathname, search } = useLocation();
  // The chunks of every route at this address, at once: rendering would ask for a page's only once
  // its layout's had arrived (after signing in, say). Loads are shared and started once, so doing
  // this as the new address renders (a transition that has not committed yet) is safe.
  void preloadRouteChunks(pathname, table);
  return (
    <RouteErrorBoundary resetKey={pathname + search}>
      <Suspense fallback={<FullPageLoading />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}

export function AppProviders({
  queryClient,
  createLiveClient,
  children,
}: {
  queryClient: QueryClient;
  /** Makes the live client (tests pass a fake; undefined: the real socket). */
  createLiveClient?: LiveClientFactory | undefined;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <SessionProvider>
          <LiveClientFactoryContext.Provider value={createLiveClient}>
            {children}
          </LiveClientFactoryContext.Provider>
        </SessionProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}

/** The router, `queryClient` and the live client factory can be injected (tests). */
export function App({
  router = browserRouter,
  queryClient,
  createLiveClient,
}: {
  router?: RouterShell;
  queryClient?: QueryClient;
  createLiveClient?: LiveClientFactory;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useViewportHeight();
  return (
    <AppProviders queryClient={client} createLiveClient={createLiveClient}>
      {router(<AppRoutes />)}
    </AppProviders>
  );
}
