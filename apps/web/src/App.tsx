// The app root: providers (TanStack Query, colour mode, session, the live client factory) around the
// router. The shared error state, the live client and the MUI theme wrap the signed-in pages only
// (features/classes/ClassesLayout.tsx): the signed-out pages load none of their code.
import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from './auth/session';
import type { LiveClientFactory } from './live/client';
import { LiveClientFactoryContext } from './live/liveClientFactory';
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
          <LiveClientFactoryContext.Provider value={createLiveClient}>
            {children}
          </LiveClientFactoryContext.Provider>
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
