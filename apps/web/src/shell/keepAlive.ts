// Keep-alive (SPEC §7, DESIGN §2): HEAD /favicon.svg, uncached, keepalive, at once and every
// 180000 ms. Failures are ignored: it only keeps connections and sessions warm.
import { KEEP_ALIVE_INTERVAL_MS, KEEP_ALIVE_PATH } from '@seminar/shared';

export type KeepAliveFetch = (input: string, init: RequestInit) => Promise<unknown>;

export interface KeepAliveOptions {
  fetchImpl?: KeepAliveFetch;
  intervalMs?: number;
}

export const KEEP_ALIVE_INIT: RequestInit = { method: 'HEAD', cache: 'no-store', keepalive: true };

/** Sends the first ping at once and then every `intervalMs`; returns stop(). */
export function startKeepAlive({
  fetchImpl = (input, init) => globalThis.fetch(input, init),
  intervalMs = KEEP_ALIVE_INTERVAL_MS,
}: KeepAliveOptions = {}): () => void {
  const ping = () => {
    try {
      fetchImpl(KEEP_ALIVE_PATH, { ...KEEP_ALIVE_INIT }).catch(() => undefined);
    } catch {
      // A synchronous throw (no fetch at all, say) is ignored too.
    }
  };

  ping();
  const timer = setInterval(ping, intervalMs);
  return () => clearInterval(timer);
}
