// Docs: docs/channels.md#exactly-once — each node runs one notification worker: woken by the
// `seminar_notify` NOTIFY a mention's trigger sends (and by a poll, which also finds digests that
// came due and leases that ran out), it turns waiting mentions into the people they reach, then
// claims due digests and mails up to `concurrency` of them at once.
//
// Exactly once: SMTP has no idempotency key, so no scheme is exact across a crash at every instant.
// A digest is claimed under a lease (renewed while its mail is being sent, so a slow SMTP server
// never lets a second node take a job whose node is alive), sent, then closed — the close checks
// the lease is still this node's. A node that dies before the SMTP server accepted the mail leaves
// a job another node sends once the lease runs out: nothing is lost. Only a death in the moment
// between the server's "250 accepted" and the close (one local UPDATE) sends it again, and then
// with the same Message-ID. Closing first (before sending) would lose a mail instead, for a death
// anywhere in the SMTP exchange — a far wider window; a missed mention is worse than a rare repeat.
import { inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { displayName, parseMentions } from '@seminar/shared';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { composeDigest } from './digest';
import {
  claimDigest,
  dropDigest,
  expandEvents,
  finishDigest,
  readDigest,
  releaseDigests,
  retryDigestLater,
  type ClaimedDigest,
} from './jobs';
import { JobLoop } from './jobLoop';
import { unsubscribeUrl } from './unsubscribe';

/** The worker's settings (README: NOTIFY_JOB_*). */
export interface NotificationWorkerOptions {
  nodeId: string;
  leaseMs: number;
  /** Digests mailed at once. */
  concurrency: number;
  appName: string;
  publicUrl: string;
  /** The unsubscribe signatures' key (unsubscribe.ts). */
  key: Buffer;
  mailer: Mailer;
  /** How often to look without a NOTIFY (digests come due by the clock). */
  pollMs?: number;
  /** A claiming pass ended (counted in the node's metrics). */
  onPass?: (() => void) | undefined;
  /** Sends of one digest that fail before it is dropped. */
  maxAttempts?: number;
}

const DEFAULT_POLL_MS = 5_000;
/** Events expanded per transaction: one `@channel` of a large class is one event. */
const EXPAND_BATCH = 100;
/** A failed send waits this long times its attempt before the next. */
const RETRY_BACKOFF_MS = 30_000;

/** Expands mentions and mails digests on this node. */
export class NotificationWorker {
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  readonly #options: Required<Omit<NotificationWorkerOptions, 'onPass'>> & {
    onPass?: (() => void) | undefined;
  };
  readonly #loop: JobLoop<ClaimedDigest>;

  constructor(database: Database, log: FastifyBaseLogger, options: NotificationWorkerOptions) {
    this.#database = database;
    this.#log = log;
    this.#options = { pollMs: DEFAULT_POLL_MS, maxAttempts: 5, ...options };
    const db = database.db;
    const { nodeId, leaseMs } = this.#options;
    this.#loop = new JobLoop(database, log, {
      channel: 'seminar_notify',
      passed: options.onPass,
      pollMs: this.#options.pollMs,
      concurrency: this.#options.concurrency,
      expand: () => expandEvents(db, EXPAND_BATCH),
      claim: () => claimDigest(db, nodeId, leaseMs),
      run: (job) => this.#run(job),
      release: () => releaseDigests(db, nodeId),
      words: {
        expand: 'expand mentions into notifications',
        claim: 'claim a notification digest',
        failed: 'a notification digest failed',
      },
      fields: (job) => ({ uid: job.uid }),
    });
  }

  /** The unsubscribe signatures' key. */
  get key(): Buffer {
    return this.#options.key;
  }

  start(): Promise<void> {
    return this.#loop.start();
  }

  /** Looks for work now (again after the current pass, if one runs). */
  wake(): void {
    this.#loop.wake();
  }

  /** Claims nothing more; mails being sent go on (`idle` waits for them). */
  stopClaiming(): Promise<void> {
    return this.#loop.stopClaiming();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Gives back the digests this node holds (a drain out of time): any node takes them at once. */
  handBack(): Promise<number> {
    return this.#loop.handBack();
  }

  /** Resolves once no pass runs and no mail is being sent (tests, drain). */
  idle(): Promise<void> {
    return this.#loop.idle();
  }

  async #run(job: ClaimedDigest): Promise<void> {
    const db = this.#database.db;
    const { nodeId, leaseMs } = this.#options;
    const { recipient, entries } = await readDigest(db, job.uid);
    if (!recipient) {
      await dropDigest(db, job.uid);
      return;
    }
    const everything = entries.map((entry) => entry.message_id);
    // E-mails turned off meanwhile: what waited is dropped, not kept for a later "on".
    if (recipient.email_delay === 'off') {
      await finishDigest(db, job.uid, nodeId, everything);
      return;
    }
    const stale = entries.filter((entry) => !entry.reachable).map((entry) => entry.message_id);
    const tell = entries.filter((entry) => entry.reachable && entry.due);
    if (tell.length === 0) {
      await finishDigest(db, job.uid, nodeId, stale);
      return;
    }
    const mentioned = [...new Set(tell.flatMap((entry) => parseMentions(entry.body).uids))];
    const names = new Map(
      mentioned.length === 0
        ? []
        : (
            await db
              .select({ id: users.id, name: users.name })
              .from(users)
              .where(inArray(users.id, mentioned))
          ).map((row) => [row.id, displayName(row.name) || row.name] as const),
    );
    const { appName, publicUrl, key, mailer } = this.#options;
    const mail = composeDigest({
      appName,
      publicUrl,
      recipient,
      entries: tell,
      names,
      unsubscribeUrl: unsubscribeUrl(publicUrl, key, job.uid),
      uid: job.uid,
    });
    // The lease outlives any send: renewed while the SMTP exchange runs.
    const renew = setInterval(() => {
      db.execute(
        sql`update notification_jobs set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
          where uid = ${job.uid} and worker = ${nodeId} and status = 'running'`,
      ).catch((error: unknown) =>
        this.#log.warn({ err: error, uid: job.uid }, 'could not renew a digest lease'),
      );
    }, leaseMs / 3);
    try {
      await mailer.send(mail);
    } catch (error) {
      this.#log.warn(
        { err: error, uid: job.uid, attempts: job.attempts },
        'a missed-mention e-mail was not sent',
      );
      if (job.attempts >= this.#options.maxAttempts) await dropDigest(db, job.uid);
      else await retryDigestLater(db, job.uid, nodeId, RETRY_BACKOFF_MS * job.attempts);
      return;
    } finally {
      clearInterval(renew);
    }
    const closed = await finishDigest(db, job.uid, nodeId, [
      ...stale,
      ...tell.map((entry) => entry.message_id),
    ]);
    if (!closed) this.#log.warn({ uid: job.uid }, 'a digest was sent after its lease ran out');
  }
}
