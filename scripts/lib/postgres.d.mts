export function canConnect(url: string): Promise<boolean>;
export function startThrowawayCluster(port?: number): {
  url: string;
  /** Stops the server and deletes its data. */
  stop: () => void;
  /** Stops the server, keeping its data (an outage). */
  pause: () => void;
  /** Starts it again after `pause`. */
  resume: () => void;
} | null;
export function resolvePostgres(): Promise<{
  url: string;
  source: string;
  stop?: () => void;
} | null>;
export function hasPostgresBinaries(): boolean;
