// Docs: docs/realtime.md#the-subscription-runtime — the per-subscriber and per-key state of the hub.
// A subscriber keeps what it needs to never get a row twice, and nothing that grows with messages:
// a stream subscriber one number (the version its snapshot covered), a collection subscriber the
// version of each row of its (bounded) set.
import { encodeStreamCursor, type LiveEvent, type StreamCursor } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { AnyTopic } from './topic';

/** Where a subscription's frames go: a socket connection, or an in-process reader (tests, callers). */
export interface LiveSink {
  readonly viewer: SessionUser;
  /**
   * Writes one encoded frame (the same bytes may go to many sinks). Returns false when the sink is
   * gone; a sink that cannot keep up cuts itself off (and unsubscribes everything it had).
   */
  write(frame: Buffer): boolean;
  /**
   * Writes one part of a large answer (a snapshot split into frames): after the parts before it
   * have reached the client, so a backlog of any size goes out at the pace the client reads,
   * never piling up on the node. Resolves false when the sink is gone.
   */
  writePaced(frame: Buffer): Promise<boolean>;
  /** The hub ended this subscription (access lost, or it must start afresh): forget it. */
  ended(subscriber: Subscriber): void;
  /** Subscribing failed (no access, bad input, an error): answer the request with the error. */
  failed(subscriber: Subscriber, error: unknown): void;
}

/**
 * A frame a live socket gets stays near this size: a snapshot with more rows is split into several
 * (written paced, see LiveSink.writePaced), a query's answer is cut to it (messages.range), and a
 * change too large for one frame asks its subscribers to resume from their cursor. The part in
 * flight does not count against LIVE_MAX_BUFFERED_BYTES, so a client that reads is never mistaken
 * for one that does not.
 */
export const FRAME_BUDGET_BYTES = 256 * 1024;

/**
 * Held changes past this many rows start the subscriber afresh once its snapshot is out (a socket
 * that never reads must not make the node hold every change meanwhile).
 */
export const MAX_HELD_ROWS = 1_000;

/**
 * The JSON of each row, in runs whose total stays within `budget` bytes (a row larger than the
 * budget goes alone). Always at least one run, empty when there are no rows.
 */
export function splitRows(rows: readonly unknown[], budget = FRAME_BUDGET_BYTES): string[][] {
  const runs: string[][] = [[]];
  let size = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    const bytes = Buffer.byteLength(json) + 1;
    const run = runs[runs.length - 1]!;
    if (run.length > 0 && size + bytes > budget) {
      runs.push([json]);
      size = bytes;
    } else {
      run.push(json);
      size += bytes;
    }
  }
  return runs;
}

/** A change held back while the subscriber's snapshot is read (sent after it, filtered). */
export interface HeldChange {
  rows: readonly unknown[];
  /** Collections: ids that are gone (deleted, not found). */
  gone: readonly string[];
}

/** One live query of one sink. */
export class Subscriber {
  /** The access the topic resolved (null until resolved). */
  access: unknown = null;
  /** Its class, for `access` notices ('' for none; null until resolved). */
  classId: string | null = null;
  /** The key groups it belongs to (its own key first, then the topic's extra keys). */
  groups: KeyGroup[] = [];
  /** Changes that arrived while the snapshot was read; null once the snapshot is out. */
  held: HeldChange[] | null = [];
  /** The rows and ids in `held` (counted as they come: see MAX_HELD_ROWS). */
  heldRows = 0;
  /**
   * Streams: its access is being read again (changes are held meanwhile, but it has its snapshot:
   * a resync still counts it, and it is not made stale).
   */
  rechecking = false;
  /** An access notice arrived before the snapshot was out: re-check right after it. */
  recheck = false;
  ended = false;
  /** Streams: the highest version the snapshot covered; changes at or below it are not sent. */
  floor = 0;
  /**
   * Streams: every change of the key with a version at or below this has reached this subscriber
   * (in its snapshot or as a change). After a lost LISTEN connection its stream resumes from here.
   */
  noticed = 0;
  /**
   * The LISTEN connection was lost while the snapshot was read (or too much was held meanwhile): a
   * stream starts afresh after it, a collection is read again.
   */
  stale = false;
  /** Streams: the subscriber's lens ('' the plain one; see StreamTopic.lens). */
  lens = '';
  /** Streams: the cap on the seq its cursors claim (see StreamTopic.capSeq). */
  seqCap = Infinity;
  /** Collections: the version of every row the subscriber has, by id. */
  has: Map<string, number> | null;
  /** The request that started it (its `s` frame answers it). */
  requestId: number;
  #prefix: string | null = null;

  constructor(
    readonly topic: AnyTopic,
    readonly sink: LiveSink,
    readonly input: unknown,
    readonly key: string,
    requestId: number,
  ) {
    this.requestId = requestId;
    this.has = topic.kind === 'collection' ? new Map() : null;
  }

  get viewer(): SessionUser {
    return this.sink.viewer;
  }

  /** The start of this subscription's event frames (`{"t":"e","p":…,"k":…,`). */
  get prefix(): string {
    this.#prefix ??= eventFramePrefix(this.topic.name, this.key);
    return this.#prefix;
  }
}

/** Queued work of a key group. */
export type GroupWork =
  | {
      kind: 'notice';
      ids: string[] | null;
      version: number | undefined;
      /** Rows this node wrote in that transaction, when it did (see writeCache.ts). */
      written: Promise<readonly unknown[] | null> | null;
    }
  | { kind: 'resync' };

/** Stream groups remember this many recently sent row versions (older edits are re-read). */
const DELIVERED_LIMIT = 4_096;

/**
 * Every subscriber of one (topic, key) on this node. Notices of the key are processed here in order,
 * one load per notice (or none, for rows this node wrote), one encoding per audience.
 */
export class KeyGroup {
  readonly subs = new Set<Subscriber>();
  readonly queue: GroupWork[] = [];
  running = false;
  /** A coalescing collection's pending run (see CollectionTopic.coalesceMs). */
  timer: ReturnType<typeof setTimeout> | null = null;
  /** A failed read's retry, pending: the queue waits for it. */
  retry: ReturnType<typeof setTimeout> | null = null;
  readonly prefix: string;
  /** Streams: the highest seq sent, and the highest version noticed (the cursor its frames carry). */
  seq = 0;
  noticed = 0;
  /** Streams: the version last sent of recently sent rows, so a row is never sent twice. */
  readonly delivered = new Map<string, number>();

  constructor(
    readonly topic: AnyTopic,
    readonly key: string,
  ) {
    this.prefix = eventFramePrefix(topic.name, key);
  }

  /** Records that `id` went out at `version`; false when it already went out at it or later. */
  markDelivered(id: string, version: number): boolean {
    const had = this.delivered.get(id);
    if (had !== undefined && had >= version) return false;
    if (had !== undefined) this.delivered.delete(id);
    this.delivered.set(id, version);
    if (this.delivered.size > DELIVERED_LIMIT) {
      const oldest = this.delivered.keys().next();
      if (!oldest.done) this.delivered.delete(oldest.value);
    }
    return true;
  }
}

/** `{"t":"e","p":<topic>,"k":<key>,` — the shared start of a key's event frames. */
export function eventFramePrefix(topic: string, key: string): string {
  return `{"t":"e","p":${JSON.stringify(topic)},"k":${JSON.stringify(key)},`;
}

const cursorField = (cursor: StreamCursor | null) =>
  cursor ? `"c":"${encodeStreamCursor(cursor)}",` : '';

/** An event frame: the prefix, a stream's cursor, the event — encoded once for every sink. */
export function encodeEvent(
  prefix: string,
  event: LiveEvent<unknown>,
  cursor: StreamCursor | null = null,
): Buffer {
  return encodeEventJson(prefix, JSON.stringify(event), cursor);
}

/** The same, with the event already encoded. */
export function encodeEventJson(
  prefix: string,
  eventJson: string,
  cursor: StreamCursor | null = null,
): Buffer {
  return Buffer.from(`${prefix}${cursorField(cursor)}"e":${eventJson}}`);
}

/** The `s` frame answering a subscribe: the key its events come under, the snapshot (and cursor). */
export function encodeSubscribed(
  requestId: number,
  key: string,
  snapshotJson: string,
  cursor: StreamCursor | null = null,
): Buffer {
  return Buffer.from(
    `{"t":"s","id":${requestId},"k":${JSON.stringify(key)},${cursorField(cursor)}"e":${snapshotJson}}`,
  );
}

/** `{"type":"snapshot",…}` or `{"type":"upsert",…}` of rows already encoded (see splitRows). */
export function rowsEventJson(type: 'snapshot' | 'upsert', rows: string[], replace = true): string {
  return type === 'snapshot'
    ? `{"type":"snapshot","rows":[${rows.join(',')}],"replace":${replace}}`
    : `{"type":"upsert","rows":[${rows.join(',')}]}`;
}
