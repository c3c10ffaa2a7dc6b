// Docs: docs/ai.md#the-job-mechanism — each node runs one agent worker: woken by the `seminar_ai`
// NOTIFY the enqueue trigger sends (and by a poll, which also finds jobs whose lease ran out), it
// claims jobs and answers up to `concurrency` of them at once, so one slow model answer does not
// hold up every other question on the node.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { S3ObjectStore } from '../attachments/s3';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { products } from '../db/schema';
import { answerJob, failureReply } from './answer';
import { claimJob, releaseJobs, renewLease, type ClaimedJob } from './jobs';
import { ModelCallError } from './llm';
import { ModerationUnavailableError } from './moderation';
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
  /** Jobs answered at once (README: AI_JOB_CONCURRENCY); 1 unless given. */
  concurrency?: number;
  /** The moderation endpoint (README: AI_MODERATION_URL); null: the built-in checks only. */
  moderation?: Config['ai']['moderation'];
  /** Where attachments' bytes are when not in the database (DataAnalystBot reads table files). */
  objects?: S3ObjectStore | null;
  /** Told of each job this node finished (docs/operations.md#metrics). */
  metrics?: AgentMetrics | null;
}

/** What the worker tells the node's metrics. */
export interface AgentMetrics {
  /** A job this node claimed ended: its outcome (`error`: it failed and waits for a retry). */
  finished(outcome: JobOutcome['status'] | 'error', seconds: number): void;
  /** A claiming pass ended. */
  passed(): void;
}

const DEFAULT_POLL_MS = 2_000;

// Nodes with a model on a database shared with nodes without one (docs/ai.md#mixed-nodes): a job is
// best answered by a model, so while any node has one, a node without one claims no job — neither an
// agent's that needs a model nor DataAnalystBot's, which a model explains. Nodes with a model say so
// on `seminar_ai` every MODEL_PRESENCE_MS and when asked; one without takes a node as gone once it
// has not heard of one for MODEL_ABSENT_MS, and then answers as a node alone would.
const MODEL_PRESENT = 'model';
const MODEL_QUESTION = 'model?';
export const MODEL_PRESENCE_MS = 5_000;
const MODEL_ABSENT_MS = 3 * MODEL_PRESENCE_MS;
/** How long a node without a model waits at start for a node with one to say so (PostgreSQL). */
const MODEL_QUESTION_MS = 1_000;

/** Claims and answers agent jobs on this node. */
export class AgentWorker {
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  readonly #options: Required<AgentWorkerOptions>;
  #timer: NodeJS.Timeout | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  /** The pass claiming jobs, if one runs (one at a time: claims are not raced on one node). */
  #claiming: Promise<void> | null = null;
  /** The jobs being answered; never more than `concurrency`. */
  readonly #answering = new Set<Promise<void>>();
  #again = false;
  #stopped = false;
  /** Claiming passes begun and ended, and who waits for one to end (`nextPass`). */
  #passesBegun = 0;
  #passesEnded = 0;
  #passWaiters: { pass: number; resolve: () => void }[] = [];
  /** When a node with a model last said so (this node has none); 0: never. */
  #modelHeardAt = 0;
  #heard: (() => void) | null = null;
  #presence: NodeJS.Timeout | null = null;
  /** Its jobs were handed back (a drain ran out of time): what it still answers is not posted. */
  #handedBack = false;

  constructor(database: Database, log: FastifyBaseLogger, options: AgentWorkerOptions) {
    this.#database = database;
    this.#log = log;
    this.#options = {
      pollMs: DEFAULT_POLL_MS,
      llm: null,
      moderation: null,
      concurrency: 1,
      objects: null,
      metrics: null,
      ...options,
    };
  }

  /** Starts listening and polling; answers what is already waiting. */
  async start(): Promise<void> {
    // A stopped worker may start again (tests park a node's worker for one test).
    this.#stopped = false;
    this.#handedBack = false;
    this.#unlisten = await this.#database.listen(
      'seminar_ai',
      (payload) => this.#notified(payload),
      () => this.wake(),
    );
    if (this.#options.llm) {
      await this.#sayModel();
      this.#presence = setInterval(() => void this.#sayModel(), MODEL_PRESENCE_MS);
      this.#presence.unref();
    } else if (this.#database.kind === 'postgres') {
      // Another process may have a model: ask before claiming anything.
      const heard = new Promise<void>((resolve) => (this.#heard = resolve));
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>(
        (resolve) => (timer = setTimeout(resolve, MODEL_QUESTION_MS)),
      );
      await this.#notify(MODEL_QUESTION);
      await Promise.race([heard, waited]);
      clearTimeout(timer);
      this.#heard = null;
    }
    this.#timer = setInterval(() => this.wake(), this.#options.pollMs);
    this.#timer.unref();
    this.wake();
  }

  #notified(payload: string): void {
    if (payload === MODEL_QUESTION) {
      if (this.#options.llm) void this.#sayModel();
      return;
    }
    if (payload === MODEL_PRESENT) {
      if (!this.#options.llm) {
        this.#modelHeardAt = Date.now();
        this.#heard?.();
      }
      return;
    }
    this.wake();
  }

  /** Whether this node should leave jobs to a node with a model. */
  #leavesJobs(): boolean {
    return (
      !this.#options.llm &&
      this.#modelHeardAt > 0 &&
      Date.now() - this.#modelHeardAt < MODEL_ABSENT_MS
    );
  }

  #sayModel(): Promise<void> {
    return this.#notify(MODEL_PRESENT);
  }

  async #notify(payload: string): Promise<void> {
    await this.#database
      .query("select pg_notify('seminar_ai', $1)", [payload])
      .then(() => undefined)
      .catch((error: unknown) =>
        this.#log.warn({ err: error }, 'could not tell the other nodes about the model'),
      );
  }

  /** Looks for jobs now (again after the current pass, if one runs). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#claiming) {
      this.#again = true;
      return;
    }
    this.#passesBegun += 1;
    this.#claiming = this.#fill().finally(() => {
      this.#claiming = null;
      this.#passEnded();
      if (this.#again) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /**
   * Looks for jobs now and resolves once a claiming pass that began after this call has ended: what
   * was claimable then is claimed (or left, for want of a free slot). Lets a caller know a pass saw
   * a state rather than waiting some time for one to have run (a drain, a test).
   */
  nextPass(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    // A pass running now may have looked before the call: wait for the one after it.
    const pass = this.#passesBegun + 1;
    const ended = new Promise<void>((resolve) => this.#passWaiters.push({ pass, resolve }));
    this.wake();
    return ended;
  }

  #passEnded(): void {
    this.#passesEnded += 1;
    this.#options.metrics?.passed();
    this.#releaseWaiters();
  }

  /** Resolves the waiters whose pass has ended; all of them once stopped (no pass is to come). */
  #releaseWaiters(): void {
    const done = (waiter: { pass: number }) => this.#stopped || waiter.pass <= this.#passesEnded;
    const waiting = this.#passWaiters;
    this.#passWaiters = waiting.filter((waiter) => !done(waiter));
    for (const waiter of waiting) if (done(waiter)) waiter.resolve();
  }

  /** Stops taking jobs and waits for those being answered (unless they were handed back). */
  async stop(): Promise<void> {
    await this.stopClaiming();
    if (!this.#handedBack) await this.idle();
  }

  /** Claims no more jobs; those being answered go on (a drain waits for them: `idle`). */
  async stopClaiming(): Promise<void> {
    this.#stopped = true;
    if (!this.#claiming) this.#releaseWaiters();
    if (this.#timer) clearInterval(this.#timer);
    if (this.#presence) clearInterval(this.#presence);
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    await unlisten?.().catch(() => undefined);
  }

  /**
   * Gives the jobs this node still answers back to the queue, for another node to answer at once
   * (a drain that ran out of time; docs/ai.md#the-job-mechanism). Their answers here are dropped.
   * Returns how many were handed back.
   */
  async handBack(): Promise<number> {
    this.#handedBack = true;
    await this.stopClaiming();
    return releaseJobs(this.#database.db, this.#options.nodeId);
  }

  /** Resolves once no pass runs and no job is being answered (tests). */
  async idle(): Promise<void> {
    while (this.#claiming || this.#answering.size > 0)
      await Promise.all([this.#claiming, ...this.#answering]);
  }

  /** Claims jobs while a slot is free; each answered job frees its slot and looks for more. */
  async #fill(): Promise<void> {
    const { nodeId, leaseMs, concurrency } = this.#options;
    while (!this.#stopped && this.#answering.size < concurrency && !this.#leavesJobs()) {
      let job: ClaimedJob | null;
      try {
        job = await claimJob(this.#database.db, nodeId, leaseMs);
      } catch (error) {
        this.#log.warn({ err: error }, 'could not claim an agent job');
        return;
      }
      if (!job) return;
      const answering: Promise<void> = this.#run(job).finally(() => {
        this.#answering.delete(answering);
        this.wake();
      });
      this.#answering.add(answering);
    }
  }

  async #run(job: ClaimedJob): Promise<void> {
    const db = this.#database.db;
    const started = performance.now();
    const finished = (status: JobOutcome['status'] | 'error') =>
      this.#options.metrics?.finished(status, (performance.now() - started) / 1000);
    let outcome: JobOutcome;
    try {
      outcome =
        job.attempts > this.#options.maxAttempts
          ? await this.#failed(job)
          : await this.#answer(job);
    } catch (error) {
      // Left running: its lease runs out and it is tried again, up to the attempt limit.
      // A model's failure says why in `reason` (the refused port, the HTTP status, …).
      const reason =
        error instanceof ModelCallError || error instanceof ModerationUnavailableError
          ? error.reason
          : undefined;
      this.#log.error({ err: error, job: job.job_id, reason }, 'an agent job failed');
      finished('error');
      return;
    }
    // Handed back meanwhile: another node answers it (a reply posted anyway would be the same one,
    // its id derives from the job's, but the job is no longer this node's to close).
    if (this.#handedBack) return;
    try {
      await finishJob(db, job, outcome);
      finished(outcome.status);
    } catch (error) {
      finished('error');
      this.#log.error({ err: error, job: job.job_id }, 'could not post an agent reply');
    }
  }

  /** Answers a job, renewing its lease while a model writes (a long answer outlives one lease). */
  async #answer(job: ClaimedJob): Promise<JobOutcome> {
    const { nodeId, leaseMs, triggersPerMinute, llm, objects, moderation } = this.#options;
    const db = this.#database.db;
    const renew = setInterval(() => {
      renewLease(db, job.job_id, nodeId, leaseMs).catch((error: unknown) =>
        this.#log.warn({ err: error, job: job.job_id }, 'could not renew an agent job lease'),
      );
    }, leaseMs / 3);
    try {
      return await answerJob(db, job, {
        worker: nodeId,
        triggersPerMinute,
        llm,
        objects,
        moderation,
      });
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
