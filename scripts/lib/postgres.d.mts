export function canConnect(url: string): Promise<boolean>;
export interface ThrowawayCluster {
  url: string;
  /** Stops the server and deletes its data. */
  stop: () => void;
  /** Stops the server, keeping its data (an outage). */
  pause: () => void;
  /** Starts it again after `pause`. */
  resume: () => void;
}
export function startThrowawayCluster(port?: number): ThrowawayCluster | null;
/** On a port from `pickPort`, started again on another when that one was taken meanwhile. */
export function startThrowawayClusterOnFreePort(
  pickPort: () => Promise<number>,
  tries?: number,
): Promise<ThrowawayCluster | null>;
export function resolvePostgres(): Promise<{
  url: string;
  source: string;
  stop?: () => void;
} | null>;
export function hasPostgresBinaries(): boolean;
