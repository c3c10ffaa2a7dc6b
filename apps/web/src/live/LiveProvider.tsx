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
import type {
  ConnectionState,
  LiveClient,
  LiveClientFactory,
  LiveClientOptions,
  LiveTrpcClient,
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
  /** The signed-in person whose rows this device may keep offline (offlineCache.ts). */
  uid?: string | null;
}

const SIGNED_OUT: LiveContextValue = { client: null, connection: 'closed' };

/** Exported so tests (and stories) can provide a fake client. */
export const LiveContext = createContext<LiveContextValue>(SIGNED_OUT);

const noSubscription = () => () => undefined;
const closedState = (): ConnectionState => 'closed';

/** The real client's code, loaded with the first sign-in (signed-out pages do not need it). */
const loadLiveClientFactory = (): Promise<LiveClientFactory> =>
  import('./client').then((module) => module.createLiveClient);

export function LiveProvider({
  children,
  createClient,
}: {
  children: ReactNode;
  /** Makes the client (tests pass a fake); default: the real socket, loaded on demand. */
  createClient?: LiveClientFactory | undefined;
}) {
  const { status, user } = useSession();
  // No live client until the address is verified: the app waits behind the "Verify your e-mail"
  // step, and the socket opened afterwards carries the verified viewer (team channels).
  const userId = status === 'signed-in' && user?.emailVerified === true ? (user.id ?? null) : null;
  const queryClient = useQueryClient();
  const { reportError, clearError } = useErrorActions();
  const [live, setLive] = useState<LiveClient | null>(null);
  // The client whose socket has failed to open at least once (offline, the server down).
  const [failedToOpen, setFailedToOpen] = useState<LiveClient | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let lastRecheck = -Infinity;
    let ended = false;
    let client: LiveClient | null = null;
    const options: LiveClientOptions = {
      queryClient,
      onConnectFailed: () => {
        if (!ended) setFailedToOpen(client);
        const now = Date.now();
        if (now - lastRecheck < SESSION_RECHECK_INTERVAL_MS) return;
        lastRecheck = now;
        void queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
      },
    };
    const open = (factory: LiveClientFactory) => {
      if (ended) return;
      client = factory(options);
      setLive(client);
    };
    if (createClient) open(createClient);
    else
      loadLiveClientFactory().then(open, (error: unknown) => {
        // The app was updated and this chunk is gone, or the network dropped: say so.
        if (!ended) reportError(error);
      });
    return () => {
      ended = true;
      setLive(null);
      void client?.close();
    };
  }, [userId, queryClient, createClient, reportError]);

  // Signed out: whatever the banner said belonged to the previous session.
  useEffect(() => {
    if (status === 'signed-out') clearError();
  }, [status, clearError]);

  const clientState = useSyncExternalStore(
    live?.subscribeConnectionState ?? noSubscription,
    live?.getConnectionState ?? closedState,
    live?.getConnectionState ?? closedState,
  );
  // A socket that has never opened stays 'connecting' through its retries; once an attempt has
  // failed it is reconnecting as far as anyone can tell (the app opened offline says so).
  const connection: ConnectionState =
    clientState === 'connecting' && live !== null && failedToOpen === live
      ? 'reconnecting'
      : clientState;

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
    () => (live ? { client: live.trpc, connection, uid: userId } : SIGNED_OUT),
    [live, connection, userId],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** The live tRPC client (null while signed out) and the connection state. */
export function useLive(): LiveContextValue {
  return useContext(LiveContext);
}
