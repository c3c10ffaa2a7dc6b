// Docs: docs/accounts.md#rate-limits — failed sign-ins slow down the address they come from, per
// account: a lock per account alone would let anyone lock the owner out with ten wrong passwords.
// Each (account, client address) pair has a streak of failures; past the free ones, each further try
// from that pair waits 30 s, then 1 min, 2, 4, 8, up to the window. The owner, from any other
// address, is not slowed at all, and a successful sign-in ends the pair's streak.
import { randomUUID } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/** The wait after the last free failure; each failure after it doubles the wait. */
export const FIRST_SIGN_IN_DELAY_MS = 30_000;

/** How long a pair must wait after `failures` failures in a row (ms; 0: no wait). */
export function signInDelayMs(failures: number, freeFailures: number, windowMs: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(windowMs, FIRST_SIGN_IN_DELAY_MS * 2 ** (failures - freeFailures));
}

/**
 * The failure streaks live in Better Auth's rate-limit table (a key, a count and the time of the
 * last one), shared by every node; the key's prefix keeps them apart from Better Auth's own keys.
 */
const streakKey = (email: string, ip: string) => `sign-in-failures:${ip}:${email}`;

export interface SignInDelays {
  /** Milliseconds the pair must still wait before its next try (0: it may try now). */
  waitMs(email: string, ip: string): Promise<number>;
  /** A wrong password from the pair: the streak grows (or starts again after a quiet window). */
  failed(email: string, ip: string): Promise<void>;
  /** A successful sign-in: the pair's streak ends. */
  succeeded(email: string, ip: string): Promise<void>;
  /** A password reset by code: every streak on the account ends, from every address. */
  clearAccount(email: string): Promise<void>;
}

/** Growing delays per (account, address): `freeFailures` go unslowed, streaks end after `windowMs`. */
export function signInDelays(db: Db, freeFailures: number, windowMs: number): SignInDelays {
  return {
    async waitMs(email, ip) {
      const [row] = await db
        .select({ count: rateLimits.count, last: rateLimits.lastRequest })
        .from(rateLimits)
        .where(eq(rateLimits.key, streakKey(email, ip)));
      if (!row) return 0;
      const now = Date.now();
      if (now - row.last > windowMs) return 0;
      return Math.max(0, row.last + signInDelayMs(row.count, freeFailures, windowMs) - now);
    },
    async failed(email, ip) {
      const now = Date.now();
      await db
        .insert(rateLimits)
        .values({ id: randomUUID(), key: streakKey(email, ip), count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.lastRequest} < ${now - windowMs} then 1 else ${rateLimits.count} + 1 end`,
            lastRequest: now,
          },
        });
    },
    async succeeded(email, ip) {
      await db.delete(rateLimits).where(eq(rateLimits.key, streakKey(email, ip)));
    },
    async clearAccount(email) {
      const keys = await db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, `sign-in-failures:%:${email.replace(/[\\%_]/g, '\\$&')}`));
      const suffix = `:${email}`;
      const mine = keys.map((row) => row.key).filter((key) => key.endsWith(suffix));
      if (mine.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, mine));
    },
  };
}
