// Docs: docs/realtime.md#notices-and-signals — the rows a node wrote itself, kept until its own NOTIFY arrives.
// A node that committed rows already holds them (RETURNING): when the notice of that very
// transaction comes back it fans them out without reading them again. Other nodes read them once.

/** Rows one transaction wrote, by notice key (`topic\0key`). */
export type WrittenRows = ReadonlyMap<string, readonly unknown[]>;

interface Entry {
  rows: Promise<WrittenRows | null>;
  resolve(rows: WrittenRows | null): void;
  at: number;
  taken: boolean;
  settled: boolean;
}

/** Entries not claimed within this time are dropped (their NOTIFY was lost, or never sent). */
const MAX_AGE_MS = 30_000;
/** At most this many transactions are remembered; the oldest go first. */
const MAX_ENTRIES = 4_096;

/**
 * Tokens for this node's writes and the rows each wrote. `expect()` before the statement runs (its
 * NOTIFY can arrive before its result does), `fulfil()` after; the hub `take()`s them.
 */
export class WriteCache {
  readonly #entries = new Map<number, Entry>();
  #nextToken = 1;

  /** A new token, expected to be fulfilled or failed. */
  expect(): number {
    const token = this.#nextToken++;
    let resolve!: (rows: WrittenRows | null) => void;
    const rows = new Promise<WrittenRows | null>((done) => (resolve = done));
    this.#entries.set(token, { rows, resolve, at: Date.now(), taken: false, settled: false });
    this.#prune();
    return token;
  }

  /** The transaction committed these rows. */
  fulfil(token: number, rows: WrittenRows): void {
    this.#settle(token, rows);
  }

  /** The transaction failed (or wrote nothing worth keeping): readers load from the database. */
  fail(token: number): void {
    this.#settle(token, null);
  }

  /**
   * The rows of the transaction with `token` (its notice arrived, perhaps before its result did):
   * once; null when unknown (then read them).
   */
  take(token: number): Promise<WrittenRows | null> | null {
    const entry = this.#entries.get(token);
    if (!entry || entry.taken) return null;
    entry.taken = true;
    if (entry.settled) this.#entries.delete(token);
    return entry.rows;
  }

  #settle(token: number, rows: WrittenRows | null): void {
    const entry = this.#entries.get(token);
    if (!entry) return;
    entry.resolve(rows);
    entry.settled = true;
    // Kept until its notice takes it (the notice may come after the result).
    if (entry.taken || rows === null) this.#entries.delete(token);
  }

  get size(): number {
    return this.#entries.size;
  }

  #prune(): void {
    const oldest = Date.now() - MAX_AGE_MS;
    for (const [token, entry] of this.#entries) {
      if (this.#entries.size <= MAX_ENTRIES && entry.at >= oldest) break;
      entry.resolve(null);
      this.#entries.delete(token);
    }
  }
}
