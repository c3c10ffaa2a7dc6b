// Docs: docs/operations.md#metrics — what the live kernel tells the node's metrics. The kernel knows
// this narrow sink, never the Prometheus registry (apps/server/src/metrics/): every call is an
// increment of a number on the hot path (one per frame, one per batch of deliveries), nothing is
// allocated, and the registry reads the numbers when it is scraped.

/** Why a live socket was cut by the node. */
export type LiveCutReason =
  /** It did not read what it was sent (LIVE_MAX_BUFFERED_BYTES, or a paced part not taken). */
  | 'slow_reader'
  /** It did not answer a ping. */
  | 'ping_timeout'
  /** Its session ended or its user was disabled (4401, 4403). */
  | 'revoked'
  /** It sent what is not the protocol (1008). */
  | 'protocol';

/** Which per-socket or per-user limit refused something. */
export type LiveLimitName =
  'sockets_per_user' | 'subscriptions_per_socket' | 'requests_in_flight' | 'mutation_rate';

/** The live kernel's metrics sink. */
export interface LiveMetrics {
  /** A frame was written to a socket (`bytes` long). */
  frame(bytes: number): void;
  /** `count` subscribers were sent one change event each (snapshots are not counted). */
  delivered(count: number): void;
  /** The node cut a socket. */
  cut(reason: LiveCutReason): void;
  /** A limit refused a socket, a live query or a request. */
  refused(limit: LiveLimitName): void;
  /** A NOTIFY payload of the live channel arrived (`bytes` long). */
  notice(bytes: number): void;
  /** The LISTEN connection was lost and is back. */
  listenRestored(): void;
}

/** A sink that counts nothing (tests and tools that build a hub without a node's metrics). */
export const noLiveMetrics: LiveMetrics = {
  frame() {},
  delivered() {},
  cut() {},
  refused() {},
  notice() {},
  listenRestored() {},
};
