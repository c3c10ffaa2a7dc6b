// Docs: docs/realtime.md#the-subscription-runtime — per node: topic → subscribers. A notice is read
// once, then filtered per subscriber with the shared visibility rules.
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../auth/session';
import type { Services } from '../runtime';
import type { LiveEvent, LiveRow } from '@seminar/shared';
import { LIVE_CHANNEL, parseNotice, type LiveNotice } from './bus';

export type { LiveEvent };

/**
 * A live topic: how to check access, read a snapshot, load changed rows and filter them per viewer.
 * Each resource registers its own (classes/live.ts, messages/live.ts, …).
 */
export interface LiveTopic<Input, Row, Access> {
  name: string;
  /** 'collection': snapshots replace the client's set. 'stream': ordered, merged (messages). */
  kind: 'collection' | 'stream';
  /** The notice key this input listens to (e.g. a class id, a channel id, `user:<uid>`). */
  key(input: Input, viewer: SessionUser): string;
  /**
   * More keys to listen to, from the access (e.g. "my classes" listens to each of the viewer's
   * classes); re-read whenever the subscription resyncs.
   */
  extraKeys?(access: Access): string[];
  /** Shapes a loaded row for one viewer (e.g. adds my_role); defaults to the row itself. */
  present?(row: Row, viewer: SessionUser, access: Access): Row;
  /** Resolves the viewer's access or throws NOT_FOUND (the same for missing and forbidden). */
  access(services: Services, viewer: SessionUser, input: Input): Promise<Access>;
  /** The class the access depends on: `access` notices of that class re-check it. */
  classOf(access: Access): string;
  snapshot(services: Services, viewer: SessionUser, input: Input, access: Access): Promise<Row[]>;
  /** Whether this input's snapshot is the whole set (collections always; a stream starting afresh). */
  replaceSnapshot?(input: Input): boolean;
  /** Rows by id, whatever their visibility (the runtime filters per subscriber). */
  load(services: Services, key: string, ids: string[]): Promise<Row[]>;
  visible(row: Row, viewer: SessionUser, access: Access): boolean;
  id(row: Row): string;
}

/** A queue that a slow client lets grow past this is ended; the client resubscribes. */
const MAX_QUEUED_EVENTS = 5_000;

type AnyTopic = LiveTopic<unknown, unknown, unknown>;

class Subscriber {
  /** Each row this subscriber has, by id, with the version it has: a change it has is not sent again. */
  readonly delivered = new Map<string, number>();
  #queue: LiveEvent<unknown>[] = [];
  #wake: (() => void) | null = null;
  #held: Array<{ event: LiveEvent<unknown>; force: boolean }> | null = [];
  ended = false;

  /** Every notice key this subscriber listens to (its own key plus the topic's extra keys). */
  keys: string[] = [];

  constructor(
    readonly topic: AnyTopic,
    readonly viewer: SessionUser,
    readonly input: unknown,
    public access: unknown,
    readonly key: string,
    public classId: string,
  ) {}

  /**
   * Queues an event; until the snapshot is out, changes are held so they follow it. Rows the
   * subscriber already has at the same or a newer version are dropped — so a write that races the
   * subscribe, or whose notice arrives after the snapshot that already holds it, reaches the client
   * exactly once. `force` sends rows whatever their version: a resync after an access change, where
   * what the viewer is shown (e.g. my_role, unread counts) can change while the row did not.
   */
  push(event: LiveEvent<unknown>, force = false): void {
    if (this.ended) return;
    if (this.#held) {
      this.#held.push({ event, force });
      return;
    }
    this.#enqueue(event, force);
  }

  /** Sends the snapshot, then whatever changed while it was read. */
  release(snapshot: LiveEvent<unknown>): void {
    const held = this.#held ?? [];
    this.#held = null;
    this.#enqueue(snapshot, true);
    for (const { event, force } of held) this.#enqueue(event, force);
  }

  #enqueue(event: LiveEvent<unknown>, force: boolean): void {
    if (event.type === 'snapshot' || event.type === 'upsert') {
      const rows = force ? event.rows : event.rows.filter((row) => !this.#has(row));
      if (event.type === 'snapshot' && event.replace) this.delivered.clear();
      for (const row of rows) this.delivered.set(this.topic.id(row), (row as LiveRow).version);
      if (event.type === 'upsert' && rows.length === 0) return;
      event = { ...event, rows };
    } else if (event.type === 'remove') {
      if (event.ids.length === 0) return;
      for (const id of event.ids) this.delivered.delete(id);
    } else {
      this.ended = true;
    }
    this.#queue.push(event);
    if (this.#queue.length > MAX_QUEUED_EVENTS && event.type !== 'end') {
      this.#queue = [{ type: 'end', reason: 'Too far behind; reconnecting.', retry: true }];
      this.ended = true;
    }
    this.#wake?.();
  }

  #has(row: unknown): boolean {
    const version = this.delivered.get(this.topic.id(row));
    return version !== undefined && version >= (row as LiveRow).version;
  }

  /** Wakes a pending `next()` (the subscription was aborted). */
  wake(): void {
    this.#wake?.();
  }

  async next(signal: AbortSignal): Promise<LiveEvent<unknown> | null> {
    while (this.#queue.length === 0) {
      if (signal.aborted) return null;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = null;
    }
    return this.#queue.shift() ?? null;
  }
}

/** The node's subscription runtime. */
export class LiveHub {
  readonly #byKey = new Map<string, Set<Subscriber>>();
  readonly #byClass = new Map<string, Set<Subscriber>>();
  readonly #topics = new Map<string, AnyTopic>();
  readonly #chains = new Map<string, Promise<void>>();
  #stopListening: (() => Promise<void>) | null = null;

  constructor(
    readonly services: Services,
    readonly log: FastifyBaseLogger,
  ) {}

  /** LISTENs on the live channel. Call once, before serving subscriptions. */
  async start(): Promise<void> {
    this.#stopListening = await this.services.database.listen(
      LIVE_CHANNEL,
      (payload) => {
        const notice = parseNotice(payload);
        if (notice) this.dispatch(notice);
      },
      // Notices sent while the LISTEN connection was down are lost: bring everyone up to date.
      () => {
        this.log.warn('LISTEN connection restored; resyncing every live query');
        this.resyncAll();
      },
    );
  }

  async stop(): Promise<void> {
    await this.#stopListening?.();
    this.#stopListening = null;
  }

  /** Number of live subscriptions on this node. */
  get size(): number {
    let count = 0;
    for (const set of this.#byKey.values()) count += set.size;
    return count;
  }

  /** Handles a notice, in order per topic and key (so a channel's messages go out in seq order). */
  dispatch(notice: LiveNotice): void {
    const chainKey = `${notice.topic}\u0000${notice.key}`;
    const previous = this.#chains.get(chainKey) ?? Promise.resolve();
    const next = previous
      .then(() => this.#process(notice))
      .catch((error: unknown) => this.log.error({ err: error, notice }, 'live notice failed'));
    this.#chains.set(chainKey, next);
    void next.then(() => {
      if (this.#chains.get(chainKey) === next) this.#chains.delete(chainKey);
    });
  }

  /** Resyncs every subscriber (after the LISTEN connection was lost and came back). */
  resyncAll(): void {
    for (const set of this.#byKey.values()) for (const sub of set) void this.#resync(sub);
  }

  /**
   * A live query: checks access (throwing NOT_FOUND), registers before reading the snapshot so no
   * change slips between them, then yields the snapshot and every change until aborted or ended.
   */
  async *subscribe<Input, Row, Access>(
    topic: LiveTopic<Input, Row, Access>,
    viewer: SessionUser,
    input: Input,
    signal: AbortSignal,
  ): AsyncGenerator<LiveEvent<Row>> {
    const anyTopic = topic as unknown as AnyTopic;
    this.#topics.set(topic.name, anyTopic);
    const access = await topic.access(this.services, viewer, input);
    const sub = new Subscriber(
      anyTopic,
      viewer,
      input,
      access,
      `${topic.name}\u0000${topic.key(input, viewer)}`,
      topic.classOf(access),
    );
    this.#add(sub);
    const onAbort = () => sub.wake();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const rows = await topic.snapshot(this.services, viewer, input, access);
      const replace = topic.kind === 'collection' || (topic.replaceSnapshot?.(input) ?? false);
      sub.release({ type: 'snapshot', rows, replace });
      for (;;) {
        const event = await sub.next(signal);
        if (!event) return;
        yield event as LiveEvent<Row>;
        if (event.type === 'end') return;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.#remove(sub);
    }
  }

  /** Handlers for notices that are not live queries (e.g. `user`: a user was disabled). */
  readonly #handlers = new Map<string, (notice: LiveNotice) => void>();

  /** Registers the handler of a non-query topic. */
  on(topic: string, handler: (notice: LiveNotice) => void): void {
    this.#handlers.set(topic, handler);
  }

  #add(sub: Subscriber): void {
    const extra = sub.topic.extraKeys?.(sub.access) ?? [];
    sub.keys = [sub.key, ...extra.map((key) => `${sub.topic.name}\u0000${key}`)];
    for (const key of sub.keys) addTo(this.#byKey, key, sub);
    addTo(this.#byClass, sub.classId, sub);
  }

  #remove(sub: Subscriber): void {
    for (const key of sub.keys) removeFrom(this.#byKey, key, sub);
    removeFrom(this.#byClass, sub.classId, sub);
  }

  #present(sub: Subscriber, rows: unknown[]): unknown[] {
    const present = sub.topic.present;
    return present ? rows.map((row) => present(row, sub.viewer, sub.access)) : rows;
  }

  async #process(notice: LiveNotice): Promise<void> {
    const handler = this.#handlers.get(notice.topic);
    if (handler) {
      handler(notice);
      return;
    }
    if (notice.topic === 'access') {
      const subs = [...(this.#byClass.get(notice.key) ?? [])].filter(
        (sub) => !notice.uid || sub.viewer.uid === notice.uid,
      );
      await Promise.all(subs.map((sub) => this.#recheck(sub)));
      return;
    }
    const subs = this.#byKey.get(`${notice.topic}\u0000${notice.key}`);
    if (!subs || subs.size === 0) return;
    if (notice.ids === null) {
      await Promise.all([...subs].map((sub) => this.#resync(sub)));
      return;
    }
    const topic = this.#topics.get(notice.topic);
    if (!topic) return;
    const rows = await topic.load(this.services, notice.key, notice.ids);
    const found = new Set(rows.map((row) => topic.id(row)));
    for (const sub of subs) {
      const upserts = this.#present(
        sub,
        rows.filter((row) => topic.visible(row, sub.viewer, sub.access)),
      );
      const hidden = rows
        .filter((row) => !topic.visible(row, sub.viewer, sub.access))
        .map((row) => topic.id(row));
      const gone = notice.ids.filter((id) => !found.has(id));
      sub.push({ type: 'upsert', rows: upserts });
      sub.push({ type: 'remove', ids: [...hidden, ...gone].filter((id) => sub.delivered.has(id)) });
    }
  }

  /**
   * Reads the subscriber's access afresh. When it is gone, the subscriber gets a remove of every row
   * it has, then the end, and nothing later; returns false.
   */
  async #refreshAccess(sub: Subscriber): Promise<boolean> {
    try {
      sub.access = await sub.topic.access(this.services, sub.viewer, sub.input);
      return true;
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      sub.push({ type: 'remove', ids: [...sub.delivered.keys()] });
      sub.push({ type: 'end', reason: 'You no longer have access to this.' });
      this.#remove(sub);
      return false;
    }
  }

  /** Re-checks access after a membership or channel change: ends the subscription or resyncs it. */
  async #recheck(sub: Subscriber): Promise<void> {
    if (!(await this.#refreshAccess(sub))) return;
    if (sub.topic.kind === 'collection') await this.#resync(sub);
  }

  /** Sends the difference between what the subscriber has and what it may see now. */
  async #resync(sub: Subscriber): Promise<void> {
    if (sub.ended) return;
    if (sub.topic.extraKeys) {
      // The set of keys depends on the access (e.g. which classes are mine): read both afresh.
      if (!(await this.#refreshAccess(sub))) return;
      this.#remove(sub);
      this.#add(sub);
    }
    const rows = await sub.topic.snapshot(this.services, sub.viewer, sub.input, sub.access);
    const present = new Set(rows.map((row) => sub.topic.id(row)));
    // Collections are re-presented per viewer (roles, unread counts): send them whole. Streams only
    // send what changed (a resync after a lost LISTEN connection).
    sub.push({ type: 'upsert', rows }, sub.topic.kind === 'collection');
    if (sub.topic.kind === 'collection') {
      sub.push({ type: 'remove', ids: [...sub.delivered.keys()].filter((id) => !present.has(id)) });
    }
  }
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
