import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client. `networkMode: 'always'`: TanStack Query's default ('online') pauses a
 * request while the browser says it is offline, so "Sign in" would silently do nothing; our requests
 * word a missing answer themselves (SPEC §8 network-request-failed) and the live socket reconnects
 * on its own.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
}
