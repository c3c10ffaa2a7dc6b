// Docs: docs/realtime.md#the-client — how long the client waits before reconnecting.
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '../constants';

/** Share of a reconnect delay that is random, so tabs cut off together do not return together. */
export const RECONNECT_JITTER = 0.25;

/**
 * The wait before reconnect attempt `attempt` (0-based): RECONNECT_BASE_MS (0.5 s) doubling up to
 * RECONNECT_MAX_MS (30 s), less up to RECONNECT_JITTER of it at random. Never above the maximum.
 * @param random a number in [0, 1) (Math.random by default)
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Number.isFinite(attempt) ? Math.max(0, Math.floor(attempt)) : 0;
  // 2 ** 60 and more would only overflow the cap; stop doubling well before.
  const nominal = Math.min(RECONNECT_BASE_MS * 2 ** Math.min(step, 30), RECONNECT_MAX_MS);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(nominal * (1 - RECONNECT_JITTER * r));
}
