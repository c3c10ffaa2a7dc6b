// Docs: docs/channels.md#web-push — each node runs one push worker: woken by the `seminar_push`
// NOTIFY the message trigger sends (and by a poll, for retries and leases that ran out), it turns new
// messages into push jobs, then claims jobs and sends up to `concurrency` at once through
// `web-push` (VAPID-signed, the payload encrypted aes128gcm to the browser's keys, RFC 8291).
//
// Exactly once, as the digests: claimed under a lease, sent, then closed — the close checks the
// lease is still this node's. A node that dies before the push service accepted the push leaves the
// job to another node; only a death between the service's "201 Created" and the close sends it
// again, and then with the same `Topic` (the push service replaces an undelivered push of the same
// topic) and the same notification `tag` (the browser replaces a shown notification of the same
// tag): a repeat shows once. The request's socket timeout is a third of the lease, so a slow push
// service never lets a second node take a live node's job.
import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import {
  PUSH_EXCERPT_LENGTH,
  digestExcerpt,
  displayName,
  messageLinkPath,
  parseMentions,
  pushKind,
  type PushKind,
  type PushPayload,
} from '@seminar/shared';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { digestAuthorName } from './digest';
import {
  claimPush,
  deleteSubscription,
  dropPush,
  expandPushEvents,
  finishPush,
  readPush,
  releasePushes,
  retryPushLater,
  type ClaimedPush,
  type PushDetails,
} from './pushJobs';
import { flaggedJobOf, flagPayload, readFlagPush } from './flagPushes';
import { JobLoop } from './jobLoop';
import type { VapidKeys } from './vapid';

export interface PushWorkerOptions {
  nodeId: string;
  leaseMs: number;
  /** Pushes sent at once. */
  concurrency: number;
  vapid: VapidKeys;
  /** The VAPID `sub` claim (mailto: or https:). */
  subject: string;
  /** The HTTPS agent of the requests (tests: one that trusts the stand-in's certificate). */
  agent?: Agent | undefined;
  pollMs?: number;
  /** A claiming pass ended (counted in the node's metrics). */
  onPass?: (() => void) | undefined;
  /** Sends of one push that fail before it is dropped. */
  maxAttempts?: number;
}

const DEFAULT_POLL_MS = 5_000;
const EXPAND_BATCH = 100;
/** A failed send waits this long times its attempt before the next. */
const RETRY_BACKOFF_MS = 15_000;
/** How long a push service keeps a push for a browser that is offline. */
const TTL_SECONDS: Record<PushPayload['kind'], number> = {
  mention: 86_400,
  message: 3_600,
  ai_flag: 86_400,
};

/**
 * The push's `Topic` (RFC 8030 §5.4: at most 32 base64url characters): one per message, so a push
 * sent twice replaces the first at the push service.
 */
export function pushTopic(messageId: string): string {
  return createHash('sha256').update(messageId).digest('base64url').slice(0, 32);
}

/** Where a push goes: the browser's subscription. */
interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push to send: where and what. */
interface OnePush {
  to: PushTarget;
  payload: PushPayload;
}

/** Sends Web Push on this node. */
export class PushWorker {
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  readonly #options: Required<Omit<PushWorkerOptions, 'agent' | 'onPass'>> & {
    agent?: Agent | undefined;
    onPass?: (() => void) | undefined;
  };
  readonly #loop: JobLoop<ClaimedPush>;

  constructor(database: Database, log: FastifyBaseLogger, options: PushWorkerOptions) {
    this.#database = database;
    this.#log = log;
    this.#options = { pollMs: DEFAULT_POLL_MS, maxAttempts: 5, ...options };
    const db = database.db;
    const { nodeId, leaseMs } = this.#options;
    this.#loop = new JobLoop(database, log, {
      channel: 'seminar_push',
      passed: options.onPass,
      pollMs: this.#options.pollMs,
      concurrency: this.#options.concurrency,
      expand: () => expandPushEvents(db, EXPAND_BATCH),
      claim: () => claimPush(db, nodeId, leaseMs),
      run: (job) => this.#run(job),
      release: () => releasePushes(db, nodeId),
      words: {
        expand: 'expand messages into pushes',
        claim: 'claim a push',
        failed: 'a push failed',
      },
      fields: (job) => ({ message: job.message_id }),
    });
  }

  /** The VAPID public key browsers subscribe with (`applicationServerKey`). */
  get publicKey(): string {
    return this.#options.vapid.publicKey;
  }

  start(): Promise<void> {
    return this.#loop.start();
  }

  /** Looks for work now (again after the current pass, if one runs). */
  wake(): void {
    this.#loop.wake();
  }

  /** Claims nothing more; pushes being sent go on (`idle` waits for them). */
  stopClaiming(): Promise<void> {
    return this.#loop.stopClaiming();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Gives back the pushes this node holds (a drain out of time): any node takes them at once. */
  handBack(): Promise<number> {
    return this.#loop.handBack();
  }

  /** Resolves once no pass runs and no push is being sent (tests, drain). */
  idle(): Promise<void> {
    return this.#loop.idle();
  }

  async #run(job: ClaimedPush): Promise<void> {
    const push =
      job.kind === 'ai_flag' ? await this.#flagPayload(job) : await this.#messagePayload(job);
    if (push) await this.#send(job, push.to, push.payload);
  }

  /** A message's push, or null when it is not to be sent (then the job is closed). */
  async #messagePayload(job: ClaimedPush): Promise<OnePush | null> {
    const db = this.#database.db;
    const details = await readPush(db, job);
    const kind = details
      ? pushKind({
          level: details.level,
          ownMessage: details.author_uid === job.uid,
          mentionsPerson: details.mentioned,
        })
      : null;
    // Gone, read, hidden, muted, level lowered, or a tab in front of them: nothing to send.
    if (!details || !kind || !details.reachable || details.visible_tab) {
      if (!details) await dropPush(db, job);
      else await finishPush(db, job, this.#options.nodeId);
      return null;
    }
    return { to: details, payload: await this.#payload(job, details, kind) };
  }

  /** A flagged AI exchange's push to staff (flagPushes.ts), or null when not to be sent. */
  async #flagPayload(job: ClaimedPush): Promise<OnePush | null> {
    const db = this.#database.db;
    const aiJobId = flaggedJobOf(job.message_id);
    const details = aiJobId === null ? null : await readFlagPush(db, job, aiJobId);
    // Gone, handled, no longer staff, muted, the channel at `none`, or a tab in front of them.
    if (!details || !details.reachable || details.visible_tab) {
      if (!details) await dropPush(db, job);
      else await finishPush(db, job, this.#options.nodeId);
      return null;
    }
    return { to: details, payload: flagPayload(job, details) };
  }

  async #send(job: ClaimedPush, to: PushTarget, payload: PushPayload): Promise<void> {
    const db = this.#database.db;
    const { nodeId, leaseMs } = this.#options;
    const kind = payload.kind;
    try {
      await webpush.sendNotification(
        { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: {
            subject: this.#options.subject,
            publicKey: this.#options.vapid.publicKey,
            privateKey: this.#options.vapid.privateKey,
          },
          contentEncoding: 'aes128gcm',
          TTL: TTL_SECONDS[kind],
          urgency: kind === 'message' ? 'normal' : 'high',
          topic: pushTopic(job.message_id),
          timeout: Math.max(1_000, Math.floor(leaseMs / 3)),
          ...(this.#options.agent ? { agent: this.#options.agent } : {}),
        },
      );
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        // The browser unsubscribed or the subscription expired: it and its other jobs go.
        await deleteSubscription(db, job.subscription_id);
        return;
      }
      this.#log.warn(
        { err: error, status, message: job.message_id, attempts: job.attempts },
        'a push was not accepted',
      );
      if (job.attempts >= this.#options.maxAttempts) await dropPush(db, job);
      else await retryPushLater(db, job, nodeId, RETRY_BACKOFF_MS * job.attempts);
      return;
    }
    if (!(await finishPush(db, job, nodeId)))
      this.#log.warn({ message: job.message_id }, 'a push was sent after its lease ran out');
  }

  /** What the push carries: ids, the channel, the author and a short excerpt (PushPayload). */
  async #payload(job: ClaimedPush, details: PushDetails, kind: PushKind): Promise<PushPayload> {
    const mentioned = parseMentions(details.body).uids;
    const names = new Map(
      mentioned.length === 0
        ? []
        : (
            await this.#database.db
              .select({ id: users.id, name: users.name })
              .from(users)
              .where(inArray(users.id, mentioned))
          ).map((row) => [row.id, displayName(row.name) || row.name] as const),
    );
    const ref = {
      class_id: details.class_id,
      channel_id: details.channel_id,
      message_id: job.message_id,
      seq: details.seq,
    };
    return {
      v: 1,
      kind,
      ...ref,
      channel: details.channel_name,
      author: digestAuthorName(details),
      excerpt: digestExcerpt(details.body, names, PUSH_EXCERPT_LENGTH),
      path: messageLinkPath(ref),
    };
  }
}
