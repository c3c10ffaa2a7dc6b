// Docs: docs/realtime.md#limits — what one user or one socket may cost a node.

/** Every limit of the live socket (README "Configuration": the LIVE_* variables). */
export interface LiveLimits {
  /** Live sockets one user may hold open on one node (more are refused with 429). */
  socketsPerUser: number;
  /** Live queries one socket may hold. */
  subscriptionsPerSocket: number;
  /** Queries and mutations one socket may have in flight at once. */
  requestsInFlightPerSocket: number;
  /** Bytes queued for a socket that is not reading before the node cuts it off. */
  bufferedBytesPerSocket: number;
  /** The largest frame a client may send. */
  maxFrameBytes: number;
  /** Mutations per user per second on one node, sustained, and the burst above it. */
  mutationsPerSecond: number;
  mutationBurst: number;
  /** Signals (typing, online, read marks) per user per second on one node, and the burst above it. */
  signalsPerSecond: number;
  signalBurst: number;
  /** How often the node pings every socket; one that did not answer the last ping is cut. */
  pingMs: number;
  /** How often the node checks that its sockets' sessions still exist and have not expired. */
  sessionSweepMs: number;
}

/**
 * A token bucket per user: `mutationBurst` tokens, refilled at `mutationsPerSecond`. One bucket
 * per user on this node (reconnecting does not refill it); full buckets are pruned.
 */
export class MutationRateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one token for `uid`; false when none is left (TOO_MANY_REQUESTS). */
  take(uid: string): boolean {
    const now = this.now();
    let bucket = this.#buckets.get(uid);
    if (!bucket) {
      bucket = { tokens: this.burst, at: now };
      this.#buckets.set(uid, bucket);
    }
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /**
   * Gives back the token of a mutation that failed on the server (e.g. the database was away): a
   * client retrying such a write should not run out of changes it never made.
   */
  refund(uid: string): void {
    const bucket = this.#buckets.get(uid);
    if (bucket) bucket.tokens = Math.min(this.burst, bucket.tokens + 1);
  }

  /** Drops the buckets that have refilled completely (they hold nothing a new one would not). */
  prune(): void {
    const now = this.now();
    for (const [uid, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst)
        this.#buckets.delete(uid);
    }
  }

  get size(): number {
    return this.#buckets.size;
  }
}
