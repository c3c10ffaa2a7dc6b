// Docs: docs/realtime.md#the-subscription-runtime — per node: key groups of subscribers. A notice is
// read once per node (or not at all when this node wrote the rows), encoded once per audience, and
// the same bytes are written to every subscriber's sink.
import type { FastifyBaseLogger } from 'fastify';
import type { LiveServices } from './services';
import { LIVE_CHANNEL, parseNotices, type LiveNotice, type NoticeOrigin } from './bus';
import { processCollection } from './collectionDelivery';
import { rowsOf, START_AFRESH, type HubCore } from './hubCore';
import { noLiveMetrics, type LiveMetrics } from './metrics';
import { accessSignal } from './signals';
import { processStream } from './streamDelivery';
import { holdChange, recheck, refreshAccess, startSubscriber } from './subscriberStart';
import { encodeEvent, KeyGroup, Subscriber, type LiveSink } from './subscriber';
import type { AnyTopic, TopicRef } from './topic';
import { WriteCache, type WrittenRows } from './writeCache';

export { Subscriber, type LiveSink };
export { MAX_RESYNC_ROWS } from './streamDelivery';

/** A notice that could not be processed is retried as a resync after this long. */
const RETRY_AFTER_FAILURE_MS = 1_000;

const groupName = (topic: string, key: string) => `${topic}\u0000${key}`;

/** The node's subscription runtime. */
export class LiveHub {
  readonly #groups = new Map<string, KeyGroup>();
  readonly #byClass = new Map<string, Set<Subscriber>>();
  /** Subscribers whose access is being resolved (their class is not known yet). */
  readonly #pending = new Set<Subscriber>();
  readonly #signals = new Map<string, (notice: LiveNotice) => void>();
  #stopListening: (() => Promise<void>) | null = null;
  /** This node's id in notices it sends (its own writes come back without a read). */
  readonly nodeId = Math.random().toString(36).slice(2, 10);
  readonly writes = new WriteCache();
  /** What the stream and collection work (streamDelivery.ts, collectionDelivery.ts) may ask. */
  readonly #core: HubCore;

  constructor(
    readonly services: LiveServices,
    readonly log: FastifyBaseLogger,
    readonly metrics: LiveMetrics = noLiveMetrics,
  ) {
    this.#signals.set(accessSignal.name, (notice) => this.#onAccess(notice));
    this.#core = {
      services,
      metrics,
      end: (sub, reason, retry) => this.#end(sub, reason, retry),
      failed: (sub, error) => this.#failed(sub, error),
      hold: holdChange,
      rowsOf: (group, works, ids) => rowsOf(services, group, works, ids),
      refreshAccess: (sub) => refreshAccess(this.#core, sub),
      recheck: (sub) => recheck(this.#core, sub),
      join: (sub, key) => this.#join(sub, key),
      leaveGroup: (sub, group) => this.#leaveGroup(sub, group),
    };
  }

  /** LISTENs on the live channel. Call once, before serving subscriptions. */
  async start(): Promise<void> {
    this.#stopListening = await this.services.database.listen(
      LIVE_CHANNEL,
      (payload) => this.receive(payload),
      // Notices sent while the LISTEN connection was down are lost: bring everyone up to date.
      () => {
        this.log.warn('LISTEN connection restored; resyncing every live query');
        this.metrics.listenRestored();
        this.resyncAll();
      },
    );
  }

  async stop(): Promise<void> {
    await this.#stopListening?.();
    this.#stopListening = null;
  }

  /** Live subscriptions on this node. */
  get size(): number {
    let count = 0;
    for (const group of this.#groups.values())
      for (const sub of group.subs) if (sub.groups[0] === group) count += 1;
    return count;
  }

  /** Live subscriptions on this node by topic (read when the metrics are scraped). */
  countByTopic(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const group of this.#groups.values())
      for (const sub of group.subs)
        if (sub.groups[0] === group)
          counts.set(group.topic.name, (counts.get(group.topic.name) ?? 0) + 1);
    return counts;
  }

  /** Registers the handler of a signal (a notice that is not a live query). */
  onSignal(signal: TopicRef, handler: (notice: LiveNotice) => void): void {
    this.#signals.set(signal.name, handler);
  }

  /** A NOTIFY payload arrived. */
  receive(payload: string): void {
    this.metrics.notice(Buffer.byteLength(payload));
    const batch = parseNotices(payload);
    if (!batch) return;
    const written = this.#ownWrites(batch.origin);
    for (const notice of batch.notices) this.dispatch(notice, written);
  }

  /** Handles one notice; `written` are the rows, when this node made that transaction. */
  dispatch(notice: LiveNotice, written: Promise<WrittenRows | null> | null = null): void {
    const signal = this.#signals.get(notice.topic);
    if (signal) {
      signal(notice);
      return;
    }
    const name = groupName(notice.topic, notice.key);
    const group = this.#groups.get(name);
    if (!group) return;
    group.queue.push({
      kind: 'notice',
      ids: notice.ids,
      version: notice.version,
      written: written ? written.then((rows) => rows?.get(name) ?? null) : null,
    });
    const coalesceMs = group.topic.kind === 'collection' ? group.topic.coalesceMs : undefined;
    if (!coalesceMs) {
      this.#run(group);
      return;
    }
    group.timer ??= setTimeout(() => {
      group.timer = null;
      this.#run(group);
    }, coalesceMs);
  }

  /**
   * Resyncs every subscriber (after the LISTEN connection was lost and came back, before any notice
   * of the new connection is handled): streams from the last version every subscriber is known to
   * have, collections by reading them again. Queued like any work of the group, so a failed read
   * is retried and no later notice is handled before it.
   */
  resyncAll(): void {
    // Access notices of the gap are lost too: every subscriber's access is read again (a
    // collection's by its resync below).
    for (const sub of this.#pending) sub.recheck = true;
    for (const subs of this.#byClass.values())
      for (const sub of subs)
        if (sub.topic.kind === 'stream')
          void recheck(this.#core, sub).catch((error: unknown) => this.#failed(sub, error));
    for (const group of this.#groups.values()) {
      // A snapshot being read now may have missed what the lost connection did not deliver.
      for (const sub of group.subs) if (sub.held && !sub.rechecking) sub.stale = true;
      // A collection subscriber is read again whole, once: through the group of its own key.
      if (group.topic.kind === 'collection' && ![...group.subs].some((s) => s.groups[0] === group))
        continue;
      group.queue.push({ kind: 'resync' });
      this.#run(group);
    }
  }

  /**
   * Starts a live query for `sink`: registers it before reading anything (so no change slips
   * between the snapshot and the changes), resolves access (NOT_FOUND on failure, through
   * `sink.failed`), reads the snapshot, then sends it (`s` frame) and whatever changed meanwhile.
   * Returns at once; the rest happens in the background.
   */
  subscribe(
    topic: AnyTopic,
    sink: LiveSink,
    input: unknown,
    key: string,
    requestId: number,
  ): Subscriber {
    const sub = new Subscriber(topic, sink, input, key, requestId);
    this.#join(sub, key);
    this.#pending.add(sub);
    void startSubscriber(this.#core, sub, this.#placed).catch((error: unknown) =>
      this.#failed(sub, error),
    );
    return sub;
  }

  /** Ends a live query the client no longer wants (or whose sink is gone). */
  unsubscribe(sub: Subscriber): void {
    sub.ended = true;
    this.#leave(sub);
  }

  #ownWrites(origin: NoticeOrigin | null): Promise<WrittenRows | null> | null {
    if (!origin || origin.node !== this.nodeId) return null;
    return this.writes.take(origin.token);
  }

  /** Processes a group's queued work in order, one batch at a time. */
  #run(group: KeyGroup): void {
    // While a failed read waits to be retried, later notices wait with it (see below).
    if (group.running || group.retry) return;
    group.running = true;
    void this.#drain(group)
      .catch((error: unknown) => {
        this.log.error(
          { err: error, topic: group.topic.name, key: group.key },
          'live notice failed',
        );
        // The change was not read (the database is away?): read it again shortly, from what every
        // subscriber is known to have. Nothing queued meanwhile runs before that read: a later
        // notice handled first would move the subscribers' marks past what they never got.
        group.retry = setTimeout(() => {
          group.retry = null;
          group.queue.unshift({ kind: 'resync' });
          this.#run(group);
        }, RETRY_AFTER_FAILURE_MS);
        group.retry.unref();
      })
      .finally(() => {
        group.running = false;
        if (group.subs.size === 0) {
          const name = groupName(group.topic.name, group.key);
          if (this.#groups.get(name) === group) this.#groups.delete(name);
        } else if (group.queue.length > 0) this.#run(group);
      });
  }

  async #drain(group: KeyGroup): Promise<void> {
    while (group.queue.length > 0) {
      if (group.subs.size === 0) {
        group.queue.length = 0;
        return;
      }
      // Everything queued so far is handled together: one read for all of it.
      const works = group.queue.splice(0);
      if (group.topic.kind === 'stream') await processStream(this.#core, group, works);
      else await processCollection(this.#core, group, works);
    }
  }

  #onAccess(notice: LiveNotice): void {
    // Only that member's (uid), and only live queries of those keys (ids, e.g. one channel's).
    const matches = (sub: Subscriber) =>
      (!notice.uid || sub.viewer.uid === notice.uid) &&
      (!notice.ids || notice.ids.includes(sub.key));
    for (const sub of this.#pending) if (matches(sub)) sub.recheck = true;
    for (const sub of this.#byClass.get(notice.key) ?? []) {
      if (!matches(sub)) continue;
      void recheck(this.#core, sub).catch((error: unknown) => this.#failed(sub, error));
    }
  }

  /**
   * Something went wrong for a subscriber. Before its snapshot went out, its request is answered
   * with the error; after, it starts afresh (`end` with `retry`), so the client never believes it
   * is subscribed when it is not.
   */
  #failed(sub: Subscriber, error: unknown): void {
    if (sub.ended) return;
    if (sub.held !== null) {
      this.#leave(sub);
      sub.ended = true;
      sub.sink.failed(sub, error);
      return;
    }
    this.log.error({ err: error, topic: sub.topic.name }, 'live query failed; starting it afresh');
    this.#end(sub, START_AFRESH, true);
  }

  /**
   * Ends a subscription from the server's side: a collection first removes every row the
   * subscriber has; then the end (with `retry`, the client starts afresh), and nothing later.
   */
  #end(sub: Subscriber, reason: string, retry: boolean): void {
    if (sub.ended) return;
    if (sub.has && sub.has.size > 0 && !retry)
      sub.sink.write(encodeEvent(sub.prefix, { type: 'remove', ids: [...sub.has.keys()] }));
    sub.sink.write(
      encodeEvent(
        sub.prefix,
        retry ? { type: 'end', reason, retry: true } : { type: 'end', reason },
      ),
    );
    this.unsubscribe(sub);
    sub.sink.ended(sub);
  }

  #join(sub: Subscriber, key: string): void {
    const name = groupName(sub.topic.name, key);
    let group = this.#groups.get(name);
    if (!group) {
      group = new KeyGroup(sub.topic, key);
      this.#groups.set(name, group);
    }
    group.subs.add(sub);
    sub.groups.push(group);
  }

  #leaveGroup(sub: Subscriber, group: KeyGroup): void {
    group.subs.delete(sub);
    if (group.subs.size === 0 && !group.running)
      this.#groups.delete(groupName(group.topic.name, group.key));
  }

  /** A subscriber's access is resolved: it is filed under its class (for access notices). */
  readonly #placed = (sub: Subscriber, classId: string): void => {
    this.#pending.delete(sub);
    addTo(this.#byClass, classId, sub);
  };

  #leave(sub: Subscriber): void {
    for (const group of sub.groups) this.#leaveGroup(sub, group);
    sub.groups = [];
    this.#pending.delete(sub);
    if (sub.classId !== null) removeFrom(this.#byClass, sub.classId, sub);
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
