// Docs: DESIGN §4 — the live client exists only while signed in: it opens the socket when the session
// starts and closes it when the session ends (every live query ends; the auth code clears the
// cache). A new user gets a new socket. `useLive()` gives the tRPC client and the connection state.
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, useSession } from '../auth/session';
import {
  createLiveClient,
  type ConnectionState,
  type LiveClient,
  type LiveClientFactory,
  type LiveTrpcClient,
} from './client';
import { CONNECTION_LOST_MESSAGE, useErrorActions } from './errors';

/** How long the socket may be reconnecting before the banner says so (short blips stay quiet). */
export const CONNECTION_LOST_NOTICE_DELAY_MS = 2_000;
/** At most one session re-check per this long while the socket cannot open. */
export const SESSION_RECHECK_INTERVAL_MS = 10_000;

export interface LiveContextValue {
  /** The tRPC client, or null while signed out. */
  client: LiveTrpcClient | null;
  connection: ConnectionState;
}

const SIGNED_OUT: LiveContextValue = { client: null, connection: 'closed' };

/** Exported so tests (and stories) can provide a fake client. */
export const LiveContext = createContext<LiveContextValue>(SIGNED_OUT);

const noSubscription = () => () => undefined;
const closedState = (): ConnectionState => 'closed';

export function LiveProvider({
  children,
  createClient = createLiveClient,
}: {
  children: ReactNode;
  /** Makes the client (tests pass a fake). */
  createClient?: LiveClientFactory;
}) {
  const { status, user } = useSession();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const queryClient = useQueryClient();
  const { reportError, clearError } = useErrorActions();
  const [live, setLive] = useState<LiveClient | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let lastRecheck = -Infinity;
    const client = createClient({
      queryClient,
      onConnectFailed: () => {
        const now = Date.now();
        if (now - lastRecheck < SESSION_RECHECK_INTERVAL_MS) return;
        lastRecheck = now;
        void queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
      },
    });
    setLive(client);
    return () => {
      setLive(null);
      void client.close();
    };
  }, [userId, queryClient, createClient]);

  // Signed out: whatever the banner said belonged to the previous session.
  useEffect(() => {
    if (status === 'signed-out') clearError();
  }, [status, clearError]);

  const connection = useSyncExternalStore(
    live?.subscribeConnectionState ?? noSubscription,
    live?.getConnectionState ?? closedState,
    live?.getConnectionState ?? closedState,
  );

  useEffect(() => {
    if (connection === 'open') clearError(CONNECTION_LOST_MESSAGE);
    if (connection !== 'reconnecting') return;
    const timer = setTimeout(
      () => reportError(CONNECTION_LOST_MESSAGE),
      CONNECTION_LOST_NOTICE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [connection, reportError, clearError]);

  const value = useMemo<LiveContextValue>(
    () => (live ? { client: live.trpc, connection } : SIGNED_OUT),
    [live, connection],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** The live tRPC client (null while signed out) and the connection state. */
export function useLive(): LiveContextValue {
  return useContext(LiveContext);
}
