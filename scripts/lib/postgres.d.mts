export function canConnect(url: string): Promise<boolean>;
export function startThrowawayCluster(port?: number): { url: string; stop: () => void } | null;
export function resolvePostgres(): Promise<{
  url: string;
  source: string;
  stop?: () => void;
} | null>;
export function hasPostgresBinaries(): boolean;
