// Docs: docs/channels.md#exactly-once — the loop both away-notification workers (mail digests and
// Web Push) run on each node: woken by their NOTIFY channel (and a poll, for jobs that came due and
// leases that ran out), a pass first expands new events into jobs, then claims jobs under a lease
// and runs up to `concurrency` at once. What a job is, and how it is claimed, run and given back,
// is the worker's (worker.ts, pushWorker.ts); the lease and close rules are in jobs.ts/pushJobs.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** What one kind of job brings to the loop. */
export interface JobLoopSteps<Job> {
  /** The NOTIFY channel that wakes it. */
  channel: string;
  pollMs: number;
  /** Jobs run at once. */
  concurrency: number;
  /** Expands one batch of new events into jobs; how many it expanded (0: none left). */
  expand(): Promise<number>;
  /** Claims one due job under this node's lease (null: none due). */
  claim(): Promise<Job | null>;
  /** Runs a claimed job to its close. */
  run(job: Job): Promise<void>;
  /** Gives back the jobs this node holds; how many. */
  release(): Promise<number>;
  /** A pass ended (the node's metrics count them: how a test or an operator sees it still looks). */
  passed?: (() => void) | undefined;
  /** Log words and fields: "could not expand …", "could not claim …", "… failed". */
  words: { expand: string; claim: string; failed: string };
  fields(job: Job): Record<string, unknown>;
}

export class JobLoop<Job> {
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  readonly #steps: JobLoopSteps<Job>;
  #timer: NodeJS.Timeout | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #claiming: Promise<void> | null = null;
  readonly #running = new Set<Promise<void>>();
  #again = false;
  #stopped = true;

  constructor(database: Database, log: FastifyBaseLogger, steps: JobLoopSteps<Job>) {
    this.#database = database;
    this.#log = log;
    this.#steps = steps;
  }

  async start(): Promise<void> {
    this.#stopped = false;
    this.#unlisten = await this.#database.listen(
      this.#steps.channel,
      () => this.wake(),
      () => this.wake(),
    );
    this.#timer = setInterval(() => this.wake(), this.#steps.pollMs);
    this.#timer.unref();
    this.wake();
  }

  /** Looks for work now (again after the current pass, if one runs). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#claiming) {
      this.#again = true;
      return;
    }
    this.#claiming = this.#fill().finally(() => {
      this.#claiming = null;
      this.#steps.passed?.();
      if (this.#again) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /** Claims nothing more; jobs being run go on (`idle` waits for them). */
  async stopClaiming(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    await unlisten?.().catch(() => undefined);
  }

  async stop(): Promise<void> {
    await this.stopClaiming();
    await this.idle();
  }

  /** Gives back the jobs this node holds (a drain out of time): any node takes them at once. */
  async handBack(): Promise<number> {
    await this.stopClaiming();
    return this.#steps.release();
  }

  /** Resolves once no pass runs and no job is being run (tests, drain). */
  async idle(): Promise<void> {
    while (this.#claiming || this.#running.size > 0)
      await Promise.all([this.#claiming, ...this.#running]);
  }

  async #fill(): Promise<void> {
    const steps = this.#steps;
    try {
      while (!this.#stopped && (await steps.expand()) > 0);
    } catch (error) {
      this.#log.warn({ err: error }, `could not ${steps.words.expand}`);
    }
    while (!this.#stopped && this.#running.size < steps.concurrency) {
      let job: Job | null;
      try {
        job = await steps.claim();
      } catch (error) {
        this.#log.warn({ err: error }, `could not ${steps.words.claim}`);
        return;
      }
      if (!job) return;
      const claimed = job;
      const running: Promise<void> = steps
        .run(claimed)
        .catch((error: unknown) =>
          // Left running: its lease runs out and a node tries again.
          this.#log.error({ err: error, ...steps.fields(claimed) }, steps.words.failed),
        )
        .finally(() => {
          this.#running.delete(running);
          this.wake();
        });
      this.#running.add(running);
    }
  }
}
