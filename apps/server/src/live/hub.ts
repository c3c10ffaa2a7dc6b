// Docs: docs/realtime.md#the-subscription-runtime — per node: key groups of subscribers. A notice is
// read once per node (or not at all when this node wrote the rows), encoded once per audience, and
// the same bytes are written to every subscriber's sink.
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@seminar/shared';
import type { Services } from '../runtime';
import { LIVE_CHANNEL, parseNotices, type LiveNotice, type NoticeOrigin } from './bus';
import {
  encodeEvent,
  encodeEventJson,
  encodeSubscribed,
  FRAME_BUDGET_BYTES,
  KeyGroup,
  MAX_HELD_ROWS,
  rowsEventJson,
  splitRows,
  Subscriber,
  type GroupWork,
  type HeldChange,
  type LiveSink,
} from './subscriber';
import { noLiveMetrics, type LiveMetrics } from './metrics';
import { accessSignal } from './signals';
import type { StreamCursor } from '@seminar/shared';
import type { AnyTopic, StreamSnapshot, TopicRef } from './topic';
import { WriteCache, type WrittenRows } from './writeCache';

export { Subscriber, type LiveSink };

/** A resync of a stream that would send more rows than this starts its subscribers afresh. */
export const MAX_RESYNC_ROWS = 1_000;

/** A notice that could not be processed is retried as a resync after this long. */
const RETRY_AFTER_FAILURE_MS = 1_000;

const ACCESS_LOST = 'You no longer have access to this.';
const START_AFRESH = 'Too far behind; starting afresh.';

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

  constructor(
    readonly services: Services,
    readonly log: FastifyBaseLogger,
    readonly metrics: LiveMetrics = noLiveMetrics,
  ) {
    this.#signals.set(accessSignal.name, (notice) => this.#onAccess(notice));
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
          void this.#recheck(sub).catch((error: unknown) => this.#failed(sub, error));
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
    void this.#start(sub).catch((error: unknown) => this.#failed(sub, error));
    return sub;
  }

  /** Ends a live query the client no longer wants (or whose sink is gone). */
  unsubscribe(sub: Subscriber): void {
    sub.ended = true;
    this.#leave(sub);
  }

  async #start(sub: Subscriber): Promise<void> {
    const { topic } = sub;
    sub.access = await topic.access(this.services, sub.viewer, sub.input);
    if (sub.ended) return;
    this.#pending.delete(sub);
    sub.classId = topic.classOf(sub.access);
    addTo(this.#byClass, sub.classId, sub);
    if (topic.kind === 'collection') {
      for (const key of topic.extraKeys?.(sub.access) ?? []) this.#join(sub, key);
      const rows = await topic.snapshot(this.services, sub.viewer, sub.input, sub.access);
      if (sub.ended) return;
      const has = sub.has as Map<string, number>;
      for (const row of rows) has.set(topic.id(row), (row as { version: number }).version);
      await this.#releaseCollection(sub, rows);
      if (sub.ended) return;
      if (sub.stale) {
        sub.stale = false;
        await this.#resyncCollection(sub);
      }
    } else {
      this.#setLens(sub);
      const snapshot = await topic.snapshot(this.services, sub.viewer, sub.input, sub.access);
      if (sub.ended) return;
      sub.floor = snapshot.floor;
      sub.noticed = Math.max(sub.noticed, snapshot.floor);
      await this.#releaseStream(sub, snapshot);
      if (sub.ended) return;
      if (sub.stale) {
        this.#end(sub, START_AFRESH, true);
        return;
      }
    }
    if (sub.recheck) await this.#recheck(sub);
  }

  /** A stream subscriber's lens and cursor cap, from its access (StreamTopic.lens, capSeq). */
  #setLens(sub: Subscriber): boolean {
    const topic = sub.topic;
    if (topic.kind !== 'stream') return false;
    const before = sub.lens;
    sub.lens = topic.lens?.(sub.access, sub.viewer) ?? '';
    sub.seqCap = topic.capSeq?.(sub.access) ?? Infinity;
    return sub.lens !== before;
  }

  /**
   * A stream subscriber's lens changed (a reveal, or an access re-check after a phase change): it
   * gets a fresh snapshot — the newest page, replacing what it has, as an event — since a resume
   * from its cursor would miss rows its old lens hid. Changes meanwhile are held, as at subscribe.
   */
  async #relens(sub: Subscriber, access: unknown | null, holding = false): Promise<void> {
    const topic = sub.topic;
    if (topic.kind !== 'stream' || sub.ended || (sub.held && !holding)) return;
    if (access !== null) sub.access = access;
    this.#setLens(sub);
    // What is held already stays (the snapshot's floor filters it); more is held until it is out.
    if (!sub.held) {
      sub.held = [];
      sub.heldRows = 0;
    }
    try {
      const snapshot = await topic.snapshot(this.services, sub.viewer, sub.input, sub.access, true);
      if (sub.ended) return;
      sub.floor = snapshot.floor;
      sub.noticed = Math.max(sub.noticed, snapshot.floor);
      await this.#releaseStream(sub, snapshot, true);
    } catch (error) {
      // The subscription is running: a failure starts it afresh (#failed), never answers its request.
      sub.held = null;
      throw error;
    }
    if (sub.ended) return;
    if (sub.stale) {
      this.#end(sub, START_AFRESH, true);
      return;
    }
    if (sub.recheck) await this.#recheck(sub);
  }

  /**
   * Writes a snapshot: one frame when it fits FRAME_BUDGET_BYTES, else the first part as the
   * snapshot and the rest as upserts, each written once the one before it reached the client.
   * `cursorAt(n)` is the cursor once the first n rows are in. False when the sink went away.
   * `asEvent`: the subscription is running (a lens change), so the snapshot is an event frame.
   */
  async #writeSnapshot(
    sub: Subscriber,
    rows: readonly unknown[],
    replace: boolean,
    cursorAt: (count: number) => StreamCursor | null,
    asEvent = false,
  ): Promise<boolean> {
    const runs = splitRows(rows);
    let count = 0;
    for (const [index, run] of runs.entries()) {
      count += run.length;
      const cursor = cursorAt(count);
      const frame =
        index === 0 && asEvent
          ? encodeEventJson(sub.prefix, rowsEventJson('snapshot', run, replace), cursor)
          : index === 0
            ? encodeSubscribed(
                sub.requestId,
                sub.key,
                rowsEventJson('snapshot', run, replace),
                cursor,
              )
            : encodeEventJson(sub.prefix, rowsEventJson('upsert', run), cursor);
      const written = runs.length === 1 ? sub.sink.write(frame) : await sub.sink.writePaced(frame);
      if (!written || sub.ended) return false;
    }
    return true;
  }

  async #releaseCollection(sub: Subscriber, rows: unknown[]): Promise<void> {
    const topic = sub.topic;
    if (topic.kind !== 'collection') return;
    const shown = topic.present
      ? rows.map((row) => topic.present?.(row, sub.viewer, sub.access))
      : rows;
    if (!(await this.#writeSnapshot(sub, shown, true, () => null))) return;
    const held = sub.held ?? [];
    sub.held = null;
    for (const change of held) this.#deliverCollection(sub, change.rows, change.gone, false, null);
  }

  async #releaseStream(
    sub: Subscriber,
    snapshot: StreamSnapshot<unknown>,
    asEvent = false,
  ): Promise<void> {
    const topic = sub.topic;
    if (topic.kind !== 'stream') return;
    const { rows, replace, floor } = snapshot;
    const seq = snapshot.seq;
    const written = await this.#writeSnapshot(
      sub,
      rows,
      replace,
      (count) => ({
        // Part of the snapshot: the client has its rows up to there, and (by seq) nothing after.
        seq: Math.min(sub.seqCap, count === rows.length ? seq : topic.seq(rows[count - 1])),
        version: floor,
      }),
      asEvent,
    );
    if (!written) return;
    await this.#flushHeld(sub, floor, seq);
  }

  /**
   * Sends a stream subscriber what was held for it (above `floor`), through its lens, until nothing
   * more arrived (writing a large part lets more arrive); then it takes changes as they come.
   */
  async #flushHeld(sub: Subscriber, floor: number, seq: number): Promise<void> {
    const topic = sub.topic;
    if (topic.kind !== 'stream') return;
    for (;;) {
      const held = sub.held ?? [];
      if (held.length === 0 || sub.stale) {
        sub.held = null;
        return;
      }
      sub.held = [];
      // The same row may have been held twice: keep its latest version, in seq order.
      const latest = new Map<string, unknown>();
      for (const change of held)
        for (const row of change.rows) {
          const id = topic.id(row);
          const had = latest.get(id);
          if (had === undefined || topic.version(had) < topic.version(row)) latest.set(id, row);
        }
      const unshaped = [...latest.values()]
        .filter((row) => topic.version(row) > floor)
        .sort((a, b) => topic.seq(a) - topic.seq(b));
      const revealed = topic.reveal?.(sub.access, unshaped, sub.viewer) ?? null;
      if (revealed !== null) {
        await this.#relens(sub, revealed, true);
        return;
      }
      const fresh = shapeView(topic, unshaped, sub).rows;
      if (fresh.length === 0) continue;
      const version = sub.noticed;
      const runs = splitRows(fresh);
      let count = 0;
      for (const run of runs) {
        count += run.length;
        seq = Math.max(seq, topic.seq(fresh[count - 1]));
        const frame = encodeEventJson(sub.prefix, rowsEventJson('upsert', run), {
          seq: Math.min(seq, sub.seqCap),
          version,
        });
        const ok = runs.length === 1 ? sub.sink.write(frame) : await sub.sink.writePaced(frame);
        if (!ok || sub.ended) return;
      }
    }
  }

  /** Holds a change for a subscriber whose snapshot is not out yet; too much starts it afresh. */
  #hold(sub: Subscriber, change: HeldChange): void {
    if (!sub.held || sub.stale) return;
    if (sub.held.length === 0) sub.heldRows = 0;
    sub.held.push(change);
    sub.heldRows += change.rows.length + change.gone.length;
    if (sub.heldRows > MAX_HELD_ROWS) {
      sub.stale = true;
      sub.held.length = 0;
    }
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
      if (group.topic.kind === 'stream') await this.#processStream(group, works);
      else await this.#processCollection(group, works);
    }
  }

  /** The rows of `ids` under the group's key: this node's own writes first, the rest read once. */
  async #rowsOf(group: KeyGroup, works: GroupWork[], ids: string[]): Promise<unknown[]> {
    const topic = group.topic;
    const byId = new Map<string, unknown>();
    for (const work of works) {
      if (work.kind !== 'notice' || !work.written) continue;
      for (const row of (await work.written) ?? []) {
        const id = topic.id(row);
        const had = byId.get(id) as { version: number } | undefined;
        if (!had || had.version < (row as { version: number }).version) byId.set(id, row);
      }
    }
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0)
      for (const row of await topic.load(this.services, group.key, missing))
        byId.set(topic.id(row), row);
    return [...byId.values()];
  }

  async #processStream(group: KeyGroup, works: GroupWork[]): Promise<void> {
    const topic = group.topic;
    if (topic.kind !== 'stream') return;
    let rows: unknown[];
    let noticed = 0;
    if (works.some((work) => work.kind === 'resync' || work.ids === null)) {
      // Re-read what came after the last change every subscriber is known to have (a lost LISTEN
      // connection, or a notice too large to list its ids).
      let from = Infinity;
      for (const sub of group.subs)
        if (!sub.held || sub.rechecking) from = Math.min(from, sub.noticed);
      if (from === Infinity) return;
      const since = await topic.since(this.services, group.key, from, MAX_RESYNC_ROWS);
      if (since === null) {
        for (const sub of [...group.subs])
          if (!sub.held || sub.rechecking) this.#end(sub, START_AFRESH, true);
        return;
      }
      rows = since;
      // What a read returned is everything committed up to its highest version (versions of a
      // key follow commit order).
      for (const row of rows) noticed = Math.max(noticed, topic.version(row));
    } else {
      const ids = new Set<string>();
      for (const work of works)
        if (work.kind === 'notice') for (const id of work.ids ?? []) ids.add(id);
      rows = await this.#rowsOf(group, works, [...ids]);
    }
    for (const work of works)
      if (work.kind === 'notice' && work.version !== undefined)
        noticed = Math.max(noticed, work.version);
    group.noticed = Math.max(group.noticed, noticed);
    const fresh = rows
      .sort((a, b) => topic.seq(a) - topic.seq(b))
      .filter((row) => group.markDelivered(topic.id(row), topic.version(row)));
    let lowest = Infinity;
    for (const row of fresh) {
      lowest = Math.min(lowest, topic.version(row));
      group.seq = Math.max(group.seq, topic.seq(row));
    }
    // One view per lens among the subscribers: the rows as that lens shows them, encoded once.
    const views = new Map<string, LensView>();
    views.set('', { rows: fresh, lowest, frame: null, cap: Infinity });
    let tooLarge: Subscriber[] | null = null;
    let delivered = 0;
    for (const sub of group.subs) {
      if (noticed > sub.noticed) sub.noticed = noticed;
      if (fresh.length === 0) continue;
      if (sub.held) {
        this.#hold(sub, { rows: fresh, gone: [] });
        continue;
      }
      // Rows that change what this viewer may see (their own first post in a post-first phase):
      // a fresh snapshot instead, through the new lens. No read unless that happens.
      const revealed = topic.reveal?.(sub.access, fresh, sub.viewer) ?? null;
      if (revealed !== null) {
        void this.#relens(sub, revealed).catch((error: unknown) => this.#failed(sub, error));
        continue;
      }
      let view = views.get(sub.lens);
      if (!view) {
        view = shapeView(topic, fresh, sub);
        views.set(sub.lens, view);
      }
      if (view.rows.length === 0) continue;
      const cursor = (view.cursor ??= {
        seq: Math.min(group.seq, view.cap),
        version: group.noticed,
      });
      let frame: Buffer | null;
      if (view.lowest > sub.floor) {
        view.frame ??= encodeEvent(group.prefix, { type: 'upsert', rows: view.rows }, cursor);
        frame = view.frame;
      } else {
        const mine = view.rows.filter((row) => topic.version(row) > sub.floor);
        frame =
          mine.length > 0 ? encodeEvent(sub.prefix, { type: 'upsert', rows: mine }, cursor) : null;
      }
      if (!frame) continue;
      // Too much for one frame (a resync after a gap, very large rows): the subscriber resumes
      // from its cursor instead, and a resume's snapshot is written in parts, paced.
      if (frame.length > FRAME_BUDGET_BYTES && view.rows.length > 1) (tooLarge ??= []).push(sub);
      else if (sub.sink.write(frame)) delivered += 1;
    }
    if (delivered > 0) this.metrics.delivered(delivered);
    for (const sub of tooLarge ?? []) this.#end(sub, START_AFRESH, true);
  }

  async #processCollection(group: KeyGroup, works: GroupWork[]): Promise<void> {
    if (works.some((work) => work.kind === 'resync' || work.ids === null)) {
      await Promise.all([...group.subs].map((sub) => this.#resyncCollection(sub)));
      return;
    }
    const wanted = new Set<string>();
    for (const work of works)
      if (work.kind === 'notice') for (const id of work.ids ?? []) wanted.add(id);
    const ids = [...wanted];
    const rows = await this.#rowsOf(group, works, ids);
    const found = new Set(rows.map((row) => group.topic.id(row)));
    const gone = ids.filter((id) => !found.has(id));
    const encoded = new Map<string, Buffer>();
    for (const sub of group.subs) {
      if (sub.held) this.#hold(sub, { rows, gone });
      else this.#deliverCollection(sub, rows, gone, false, encoded);
    }
  }

  /**
   * Sends a collection subscriber the rows it may see and does not have at that version (all of
   * them with `force`), and removes for the rows it has that it may no longer see or that are gone.
   * Frames are shared through `encoded` among subscribers that get the same rows.
   */
  #deliverCollection(
    sub: Subscriber,
    rows: readonly unknown[],
    gone: readonly string[],
    force: boolean,
    encoded: Map<string, Buffer> | null,
  ): void {
    const topic = sub.topic;
    const has = sub.has;
    if (topic.kind !== 'collection' || !has || sub.ended) return;
    const upserts: unknown[] = [];
    const removes: string[] = [];
    let signature = '';
    rows.forEach((row, index) => {
      const id = topic.id(row);
      const version = (row as { version: number }).version;
      if (topic.visible(row, sub.viewer, sub.access)) {
        const had = has.get(id);
        if (force || had === undefined || had < version) {
          has.set(id, version);
          upserts.push(row);
          signature += `${index},`;
        }
      } else if (has.delete(id)) removes.push(id);
    });
    for (const id of gone) if (has.delete(id)) removes.push(id);
    const send = (cacheKey: string, event: () => LiveEvent<unknown>) => {
      let frame = encoded?.get(cacheKey);
      if (!frame) {
        frame = encodeEvent(sub.prefix, event());
        encoded?.set(cacheKey, frame);
      }
      if (sub.sink.write(frame)) this.metrics.delivered(1);
    };
    if (upserts.length > 0) {
      if (topic.present) {
        const present = topic.present;
        const frame = encodeEvent(sub.prefix, {
          type: 'upsert',
          rows: upserts.map((row) => present(row, sub.viewer, sub.access)),
        });
        if (sub.sink.write(frame)) this.metrics.delivered(1);
      } else send(`${sub.key}\u0000u${signature}`, () => ({ type: 'upsert', rows: upserts }));
    }
    if (removes.length > 0)
      send(`${sub.key}\u0000r${removes.join('\u0000')}`, () => ({ type: 'remove', ids: removes }));
  }

  /**
   * Sends a collection subscriber the difference between what it has and what it may see now, its
   * access read afresh (ended when it is gone).
   */
  async #resyncCollection(sub: Subscriber): Promise<void> {
    const topic = sub.topic;
    if (topic.kind !== 'collection' || sub.ended || sub.held) return;
    if (!(await this.#refreshAccess(sub))) return;
    if (topic.extraKeys) {
      // The keys depend on the access (e.g. which classes are mine): join them afresh.
      const [own] = sub.groups;
      for (const group of sub.groups.slice(1)) this.#leaveGroup(sub, group);
      sub.groups = own ? [own] : [];
      for (const key of topic.extraKeys(sub.access)) this.#join(sub, key);
    }
    const rows = await topic.snapshot(this.services, sub.viewer, sub.input, sub.access);
    const present = new Set(rows.map((row) => topic.id(row)));
    const gone = [...(sub.has?.keys() ?? [])].filter((id) => !present.has(id));
    // Collections are re-presented per viewer (roles, unread counts): send them whole.
    this.#deliverCollection(sub, rows, gone, true, null);
  }

  /** Reads the subscriber's access afresh; when it is gone, ends the subscription (false). */
  async #refreshAccess(sub: Subscriber): Promise<boolean> {
    try {
      sub.access = await sub.topic.access(this.services, sub.viewer, sub.input);
      return !sub.ended;
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      this.#end(sub, ACCESS_LOST, false);
      return false;
    }
  }

  /** Re-checks access after a membership or channel change: ends the subscription or resyncs it. */
  async #recheck(sub: Subscriber): Promise<void> {
    if (sub.ended) return;
    if (sub.held) {
      sub.recheck = true;
      return;
    }
    sub.recheck = false;
    if (sub.topic.kind === 'collection') await this.#resyncCollection(sub);
    else await this.#recheckStream(sub);
  }

  /**
   * A stream's access read again. Its changes wait meanwhile, so none that arrives after the
   * notice (a post in the new phase) is judged by the old access; then a changed lens gets a fresh
   * snapshot, an unchanged one what was held.
   */
  async #recheckStream(sub: Subscriber): Promise<void> {
    sub.held = [];
    sub.heldRows = 0;
    sub.rechecking = true;
    try {
      if (!(await this.#refreshAccess(sub))) return;
      sub.rechecking = false;
      if (this.#setLens(sub)) {
        await this.#relens(sub, null, true);
        return;
      }
      await this.#flushHeld(sub, sub.floor, 0);
    } catch (error) {
      sub.held = null;
      throw error;
    } finally {
      sub.rechecking = false;
    }
    if (sub.ended) return;
    if (sub.stale) {
      this.#end(sub, START_AFRESH, true);
      return;
    }
    if (sub.recheck) await this.#recheck(sub);
  }

  #onAccess(notice: LiveNotice): void {
    // Only that member's (uid), and only live queries of those keys (ids, e.g. one channel's).
    const matches = (sub: Subscriber) =>
      (!notice.uid || sub.viewer.uid === notice.uid) &&
      (!notice.ids || notice.ids.includes(sub.key));
    for (const sub of this.#pending) if (matches(sub)) sub.recheck = true;
    for (const sub of this.#byClass.get(notice.key) ?? []) {
      if (!matches(sub)) continue;
      void this.#recheck(sub).catch((error: unknown) => this.#failed(sub, error));
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

  #leave(sub: Subscriber): void {
    for (const group of sub.groups) this.#leaveGroup(sub, group);
    sub.groups = [];
    this.#pending.delete(sub);
    if (sub.classId !== null) removeFrom(this.#byClass, sub.classId, sub);
  }
}

/** The rows of a change as one lens shows them (see StreamTopic.lens), and its shared frame. */
interface LensView {
  rows: unknown[];
  /** The lowest version among them (a subscriber whose floor is below it gets its own frame). */
  lowest: number;
  frame: Buffer | null;
  /** The cap on the seq its cursors claim, and the cursor its frames carry. */
  cap: number;
  cursor?: StreamCursor;
}

function shapeView(topic: AnyTopic, rows: unknown[], sub: Subscriber): LensView {
  if (topic.kind !== 'stream' || sub.lens === '' || !topic.shape)
    return { rows, lowest: lowestVersion(topic, rows), frame: null, cap: sub.seqCap };
  const shape = topic.shape;
  const shaped: unknown[] = [];
  for (const row of rows) {
    const shown: unknown = shape(row, sub.access);
    if (shown !== null) shaped.push(shown);
  }
  return { rows: shaped, lowest: lowestVersion(topic, shaped), frame: null, cap: sub.seqCap };
}

function lowestVersion(topic: AnyTopic, rows: unknown[]): number {
  if (topic.kind !== 'stream') return Infinity;
  let lowest = Infinity;
  for (const row of rows) lowest = Math.min(lowest, topic.version(row));
  return lowest;
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
