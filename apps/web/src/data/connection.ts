// Docs: docs/ARCHITECTURE.md#web-data — what every resource's actions share: the live client (or
// null while signed out), the outcome of a write tried before the connection exists, and the
// connection state for components that react to it (e.g. sending again once it is back).
import type { OptimisticOutcome } from '../live/optimistic';
import { useLive } from '../live/LiveProvider';
import type { ConnectionState } from '../live/client';

/** Said when a write is tried before the live connection exists. */
export const NOT_CONNECTED_MESSAGE = 'Not connected to the server. Try again in a moment.';

/** The outcome of a write tried without a connection (nothing was sent). */
export const NOT_CONNECTED = {
  ok: false,
  error: new Error('not connected'),
  message: NOT_CONNECTED_MESSAGE,
} as const satisfies OptimisticOutcome<never>;

/** The live socket's state: 'connecting', 'open', 'reconnecting' or 'closed' (signed out). */
export function useConnectionState(): ConnectionState {
  return useLive().connection;
}

export type { ConnectionState };
export type { LiveQueryResult } from '../live/useLiveQuery';
export type { OptimisticOutcome };
