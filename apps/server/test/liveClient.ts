// Live-socket clients for the server tests (the app's own client, see test-support/liveClient.ts)
// and a log that collects a subscription's events.
export { connectLive, type LiveTestClient } from '../../../test-support/liveClient';

/** Collects a subscription's events; `until` waits for a condition on them. */
export class EventLog<T> {
  readonly events: T[] = [];
  readonly errors: unknown[] = [];
  #waiters: Array<() => void> = [];

  push(event: T): void {
    this.events.push(event);
    this.#waiters.splice(0).forEach((wake) => wake());
  }

  fail(error: unknown): void {
    this.errors.push(error);
    this.#waiters.splice(0).forEach((wake) => wake());
  }

  async until(predicate: (events: T[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.events)) {
      if (this.errors.length > 0)
        throw this.errors[0] instanceof Error ? this.errors[0] : new Error(String(this.errors[0]));
      if (Date.now() > deadline)
        throw new Error(`timed out; events so far: ${JSON.stringify(this.events).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}
