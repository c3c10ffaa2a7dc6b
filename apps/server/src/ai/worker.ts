// Docs: docs/ai.md#the-job-mechanism — each node runs one agent worker: woken by the `seminar_ai`
// NOTIFY the enqueue trigger sends (and by a poll, which also finds jobs whose lease ran out), it
// claims jobs one at a time and answers them.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { products } from '../db/schema';
import { answerJob, failureReply } from './answer';
import { claimJob, renewLease, type ClaimedJob } from './jobs';
import { finishJob, type JobOutcome } from './reply';

/** The worker's settings (README: AI_JOB_*). */
export interface AgentWorkerOptions {
  /** This node's id (the hub's), recorded on the jobs it holds. */
  nodeId: string;
  leaseMs: number;
  maxAttempts: number;
  /** Agent answers one person may trigger per activity per minute. */
  triggersPerMinute: number;
  /** The LLM endpoint (README: AI_BASE_URL, AI_MODEL, AI_API_KEY); null: none. */
  llm?: Config['ai']['llm'];
  /** How often to look for jobs without a NOTIFY (expired leases, a lost notice). */
  pollMs?: number;
}

const DEFAULT_POLL_MS = 2_000;

/** Claims and answers agent jobs on this node. */
export class AgentWorker {
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  readonly #options: Required<AgentWorkerOptions>;
  #timer: NodeJS.Timeout | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;

  constructor(database: Database, log: FastifyBaseLogger, options: AgentWorkerOptions) {
    this.#database = database;
    this.#log = log;
    this.#options = { pollMs: DEFAULT_POLL_MS, llm: null, ...options };
  }

  /** Starts listening and polling; answers what is already waiting. */
  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(
      'seminar_ai',
      () => this.wake(),
      () => this.wake(),
    );
    this.#timer = setInterval(() => this.wake(), this.#options.pollMs);
    this.#timer.unref();
    this.wake();
  }

  /** Looks for jobs now (again after the current pass, if one runs). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /** Stops taking jobs and waits for the one being answered. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    await unlisten?.().catch(() => undefined);
    await this.#running;
  }

  /** Resolves once no pass is running (tests). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    const { nodeId, leaseMs } = this.#options;
    while (!this.#stopped) {
      let job: ClaimedJob | null;
      try {
        job = await claimJob(this.#database.db, nodeId, leaseMs);
      } catch (error) {
        this.#log.warn({ err: error }, 'could not claim an agent job');
        return;
      }
      if (!job) return;
      await this.#run(job);
    }
  }

  async #run(job: ClaimedJob): Promise<void> {
    const db = this.#database.db;
    let outcome: JobOutcome;
    try {
      outcome =
        job.attempts > this.#options.maxAttempts
          ? await this.#failed(job)
          : await this.#answer(job);
    } catch (error) {
      // Left running: its lease runs out and it is tried again, up to the attempt limit.
      this.#log.error({ err: error, job: job.job_id }, 'an agent job failed');
      return;
    }
    try {
      await finishJob(db, job, outcome);
    } catch (error) {
      this.#log.error({ err: error, job: job.job_id }, 'could not post an agent reply');
    }
  }

  /** Answers a job, renewing its lease while a model writes (a long answer outlives one lease). */
  async #answer(job: ClaimedJob): Promise<JobOutcome> {
    const { nodeId, leaseMs, triggersPerMinute, llm } = this.#options;
    const db = this.#database.db;
    const renew = setInterval(() => {
      renewLease(db, job.job_id, nodeId, leaseMs).catch((error: unknown) =>
        this.#log.warn({ err: error, job: job.job_id }, 'could not renew an agent job lease'),
      );
    }, leaseMs / 3);
    try {
      return await answerJob(db, job, { worker: nodeId, triggersPerMinute, llm });
    } finally {
      clearInterval(renew);
    }
  }

  async #failed(job: ClaimedJob): Promise<JobOutcome> {
    const [product] = await this.#database.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.product_id, job.product_id));
    const tries = job.attempts - 1;
    return {
      status: 'failed',
      body: failureReply(job.agent, tries),
      replyStatus: 'failed',
      productTitle: product?.title ?? '',
      error: `No answer after ${tries} tries.`,
    };
  }
}
