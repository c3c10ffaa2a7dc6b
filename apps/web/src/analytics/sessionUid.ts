// Who analytics events belong to, read straight from the session query (so an event logged right
// after sign-in, before React re-renders, already counts as signed in).
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, type SessionPayload } from '../auth/session';
import type { UidSource } from './queue';

/** The signed-in uid; null when signed out; undefined while the session is not known yet. */
export function sessionUidSource(queryClient: QueryClient): UidSource {
  return () => {
    const data = queryClient.getQueryData<SessionPayload | null>(SESSION_QUERY_KEY);
    if (data === undefined) return undefined;
    return data?.user.id ?? null;
  };
}
