// Docs: docs/phases.md#the-timer — every node sweeps for phase timers that ran out. The deadline is
// in the activity row, so a restart loses nothing and any node may apply it; the conditional,
// locked update in applyDuePhaseTimers makes it happen once however many nodes sweep.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { applyDuePhaseTimers } from './phases';

/** How often each node looks for timers that ran out (a phase ends at most this late). */
export const PHASE_SWEEP_MS = 1_000;

export class PhaseTimer {
  #timer: NodeJS.Timeout | null = null;
  #running = false;

  constructor(
    readonly db: Db,
    readonly log: FastifyBaseLogger,
    readonly everyMs = PHASE_SWEEP_MS,
    /** A sweep ended (counted in the node's metrics). */
    readonly onSweep?: () => void,
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.sweep(), this.everyMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** One sweep (skipped while the last one runs); failures are logged and retried next time. */
  async sweep(): Promise<number> {
    if (this.#running) return 0;
    this.#running = true;
    try {
      return await applyDuePhaseTimers(this.db);
    } catch (error) {
      this.log.warn({ err: error }, 'phase timer sweep failed');
      return 0;
    } finally {
      this.#running = false;
      this.onSweep?.();
    }
  }
}
