// The app root: providers (TanStack Query, colour mode + MUI theme, session, shared error state,
// live client) around the router.
import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from './auth/session';
import type { LiveClientFactory } from './live/client';
import { ErrorStateProvider } from './live/errors';
import { LiveProvider } from './live/LiveProvider';
import { createQueryClient } from './queryClient';
import { routes } from './routes/routes';
import { useViewportHeight } from './shell/viewport';
import { ColorModeProvider } from './theme/ColorModeProvider';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
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
          <ErrorStateProvider>
            <LiveProvider createClient={createLiveClient}>{children}</LiveProvider>
          </ErrorStateProvider>
        </SessionProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}

/** `router`, `queryClient` and the live client factory can be injected (tests). */
export function App({
  router,
  queryClient,
  createLiveClient,
}: {
  router?: AppRouter;
  queryClient?: QueryClient;
  createLiveClient?: LiveClientFactory;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [appRouter] = useState(() => router ?? createAppRouter());
  useViewportHeight();
  return (
    <AppProviders queryClient={client} createLiveClient={createLiveClient}>
      <RouterProvider router={appRouter} />
    </AppProviders>
  );
}
