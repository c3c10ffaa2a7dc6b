// The app root: providers (TanStack Query, colour mode + MUI theme, session) around the router.
import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from './auth/session';
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
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <SessionProvider>{children}</SessionProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}

/** `router` and `queryClient` can be injected (tests use a memory router). */
export function App({ router, queryClient }: { router?: AppRouter; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [appRouter] = useState(() => router ?? createAppRouter());
  useViewportHeight();
  return (
    <AppProviders queryClient={client}>
      <RouterProvider router={appRouter} />
    </AppProviders>
  );
}
