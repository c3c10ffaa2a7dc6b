// Docs: docs/realtime.md#group-commit — the send path. Concurrent sends on a node are gathered into
// one statement: it checks every sender's session and access, takes each channel's row lock (in
// channel order, so batches never deadlock), hands out seqs gap-free in order, inserts, bumps the
// channels and sends ONE notification — one round trip and one commit for the whole batch. Each
// caller still gets its own row or its own error; a retried id gets the row its first attempt made.
import {
  casePostRefusal,
  channelGroupEmail,
  displayName,
  parseMentions,
  refusalOf,
  type Message,
  type MessageAttachment,
  type MessageInput,
  type PhaseKind,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import { ClassArchivedError, notFound, DomainError, idTaken, forbidden } from '../errors';
import type { LiveHub } from '../live/hub';
import type { LiveSession } from '../live/trpc';

import { messagesTopic } from './live';
import { presentMessage } from './presenters';
import { SEND_STATEMENT } from './sendStatement';

interface Pending {
  viewer: SessionUser;
  input: MessageInput;
  session: LiveSession | null;
  /** When it was queued (performance.now()): send → commit latency. */
  at: number;
  resolve(message: Message): void;
  reject(error: unknown): void;
}

interface Lane {
  queue: Pending[];
  busy: boolean;
}

/** What the statement says of each send. */
interface SendOutcome {
  o: number;
  status:
    | 'ok'
    | 'exists'
    | 'session'
    | 'no_class'
    | 'no_channel'
    | 'disabled'
    | 'mention_all'
    | 'read_only'
    | 'archived';
  /** The kind of the phase in force when the channel is a case channel (docs/phases.md). */
  phase_kind: PhaseKind | null;
  seq: string | number | null;
  created_at: string | Date | null;
  version: string | number | null;
  /** The files put on the message (jsonb, parsed by both drivers). */
  attachments: MessageAttachment[] | null;
  /** The author's pseudonym in an anonymous activity's case channel (docs/activities.md#anonymity). */
  pseudonym: number | null;
  existing_author: string | null;
  existing_channel: string | null;
}

/** Sends in one statement at most. */
export const MAX_BATCH = 256;
/**
 * Sends to one channel in one statement at most: the notice listing their ids must fit in one
 * NOTIFY payload (record ids are at most ~125 bytes).
 */
export const MAX_PER_CHANNEL = 48;
/**
 * Statements in flight at once; a channel always uses the same lane, so its sends keep their order.
 * More lanes overlap one batch's commit with the next one's work.
 */
export const LANES = 2;

/** Runs of one send that met another node's insert of its id (each time a newer commit). */
const DUPLICATE_RETRIES = 3;

/** True when `error` (or what it wraps) is a unique violation of the messages' primary key. */
function isDuplicateId(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'messages_pkey') return true;
  }
  return false;
}

function laneOf(channelId: string): number {
  let hash = 0;
  for (let index = 0; index < channelId.length; index += 1)
    hash = (hash * 31 + channelId.charCodeAt(index)) | 0;
  return Math.abs(hash) % LANES;
}

/** What the send queue tells the node's metrics (docs/operations.md#metrics). */
export interface SendMetrics {
  /** A statement of `size` sends committed. */
  batch(size: number): void;
  /** One send was committed `seconds` after it was queued. */
  committed(seconds: number): void;
}

/** Posts messages with group commit (see the file header). One per node, in Services. */
export class MessageSendQueue {
  readonly #lanes: Lane[] = Array.from({ length: LANES }, () => ({ queue: [], busy: false }));

  constructor(
    readonly database: Database,
    readonly hub: LiveHub,
    readonly metrics: SendMetrics | null = null,
  ) {}

  /** Posts `input` as `viewer`; `session` (the socket's) is checked in the same statement. */
  send(viewer: SessionUser, input: MessageInput, session: LiveSession | null): Promise<Message> {
    return new Promise<Message>((resolve, reject) => {
      const lane = this.#lanes[laneOf(input.channel_id)] as Lane;
      lane.queue.push({ viewer, input, session, at: performance.now(), resolve, reject });
      this.#flush(lane);
    });
  }

  #flush(lane: Lane): void {
    if (lane.busy || lane.queue.length === 0) return;
    lane.busy = true;
    const batch = takeBatch(lane.queue);
    void this.#post(batch).finally(() => {
      lane.busy = false;
      this.#flush(lane);
    });
  }

  /** Posts a batch; every caller is answered, whatever happens. */
  async #post(batch: Pending[]): Promise<void> {
    // The same id twice in one batch (a retry racing its first attempt): one insert, both answered.
    const first = new Map<string, Pending>();
    const repeats: Pending[] = [];
    for (const item of batch) {
      if (first.has(item.input.id)) repeats.push(item);
      else first.set(item.input.id, item);
    }
    const unique = [...first.values()];
    try {
      await this.#run(unique);
    } catch (error) {
      // The statement failed as a whole (e.g. another node inserted one of these ids meanwhile):
      // each send goes alone, so each gets its own answer. A batch of one that failed for any
      // other reason would only fail again.
      if (unique.length === 1 && !isDuplicateId(error)) unique[0]?.reject(error);
      else for (const item of unique) await this.#runAlone(item);
    }
    for (const item of repeats) await this.#runAlone(item);
  }

  /**
   * Runs one send on its own. An id another node inserted while this statement ran is a unique
   * violation (the statement's snapshot predates that commit, so it did not see the row): the
   * violation means the row is committed now, so the statement runs again and finds it — a retry
   * gets that row, anyone else CONFLICT, as on one node.
   */
  async #runAlone(item: Pending): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.#run([item]);
        return;
      } catch (failure) {
        if (attempt >= DUPLICATE_RETRIES || !isDuplicateId(failure)) {
          item.reject(failure);
          return;
        }
      }
    }
  }

  /** Runs the statement for distinct ids; resolves or rejects every item. */
  async #run(items: Pending[]): Promise<void> {
    const token = this.hub.writes.expect();
    let outcomes: SendOutcome[];
    try {
      outcomes = await this.database.query<SendOutcome>(
        SEND_STATEMENT,
        [
          JSON.stringify(
            items.map((item, o) => ({
              o,
              ...mentionsOf(item.input.body),
              id: item.input.id,
              class_id: item.input.class_id,
              channel_id: item.input.channel_id,
              uid: item.viewer.uid,
              name: authorName(item.viewer),
              email: channelGroupEmail(item.viewer),
              body: item.input.body,
              sid: item.session?.sessionId ?? null,
              att: item.input.attachment_ids ?? [],
            })),
          ),
          this.hub.nodeId,
          token,
        ],
        'seminar_send_messages',
      );
    } catch (error) {
      this.hub.writes.fail(token);
      throw error;
    }
    const metrics = this.metrics;
    const now = metrics ? performance.now() : 0;
    metrics?.batch(items.length);
    const written = new Map<string, Message[]>();
    const existing: Array<{ item: Pending; outcome: SendOutcome }> = [];
    for (const outcome of outcomes) {
      const item = items[outcome.o];
      if (!item) continue;
      if (outcome.status === 'ok') {
        const message = postedMessage(item, outcome);
        const key = `${messagesTopic.name}\u0000${message.channel_id}`;
        written.set(key, [...(written.get(key) ?? []), message]);
        metrics?.committed((now - item.at) / 1000);
        item.resolve(message);
      } else if (outcome.status === 'exists') existing.push({ item, outcome });
      else item.reject(refusal(outcome, item.session));
    }
    if (written.size > 0) this.hub.writes.fulfil(token, written);
    else this.hub.writes.fail(token);
    for (const { item, outcome } of existing) await this.#answerRetry(item, outcome);
  }

  /** An id that exists: the same author's retry in the same channel gets that row; else CONFLICT. */
  async #answerRetry(item: Pending, outcome: SendOutcome): Promise<void> {
    if (
      outcome.existing_author !== item.viewer.uid ||
      outcome.existing_channel !== item.input.channel_id
    ) {
      item.reject(idTaken('message'));
      return;
    }
    const [row] = await this.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, item.input.id))
      .catch(() => []);
    if (row) item.resolve(presentMessage(row));
    else item.reject(idTaken('message'));
  }
}

/** The next batch: oldest first, at most MAX_BATCH, at most MAX_PER_CHANNEL per channel. */
function takeBatch(queue: Pending[]): Pending[] {
  const batch: Pending[] = [];
  const perChannel = new Map<string, number>();
  const rest: Pending[] = [];
  for (const item of queue) {
    const count = perChannel.get(item.input.channel_id) ?? 0;
    // Once a channel is full, its later sends wait too (they must not overtake).
    if (batch.length >= MAX_BATCH || count >= MAX_PER_CHANNEL) {
      perChannel.set(item.input.channel_id, MAX_PER_CHANNEL);
      rest.push(item);
      continue;
    }
    perChannel.set(item.input.channel_id, count + 1);
    batch.push(item);
  }
  queue.splice(0, queue.length, ...rest);
  return batch;
}

function mentionsOf(body: string): { mentions: string[]; mention_all: boolean } {
  const mentions = parseMentions(body);
  return { mentions: mentions.uids, mention_all: mentions.channel };
}

function authorName(viewer: SessionUser): string {
  return displayName(viewer.displayName) || viewer.email;
}

function postedMessage(item: Pending, outcome: SendOutcome): Message {
  return {
    id: item.input.id,
    class_id: item.input.class_id,
    channel_id: item.input.channel_id,
    seq: Number(outcome.seq),
    author_uid: item.viewer.uid,
    author_name: authorName(item.viewer),
    body: item.input.body,
    created_at: new Date(outcome.created_at ?? Date.now()).getTime(),
    edited_at: null,
    deleted: false,
    reactions: [],
    attachments: outcome.attachments ?? [],
    version: Number(outcome.version),
    ai: null,
    ...(outcome.pseudonym === null ? {} : { pseudonym: Number(outcome.pseudonym) }),
  };
}

function refusal(outcome: SendOutcome, session: LiveSession | null): DomainError {
  switch (outcome.status) {
    case 'session':
      session?.end();
      return new DomainError({
        code: 'UNAUTHORIZED',
        message: 'Your session has ended. Sign in again.',
      });
    case 'no_class':
      return notFound('Class');
    case 'no_channel':
      return notFound('Channel');
    case 'disabled':
      return forbidden('This channel is disabled: nobody can post in it.');
    case 'archived':
      // Checked here so one archived class's send does not fail the batch at the archive guard.
      return new ClassArchivedError();
    case 'mention_all':
      return forbidden(refusalOf('messages.mentionChannel'));
    case 'read_only':
      return forbidden(
        casePostRefusal(outcome.phase_kind ? { kind: outcome.phase_kind } : null, {
          staff: false,
        }) ?? 'This channel is read-only for now.',
      );
    default:
      return new DomainError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'The message was not sent.',
      });
  }
}
