// Docs: docs/realtime.md#the-subscription-runtime — an ordered stream's work in the hub: its
// snapshot and what was held meanwhile, a change through each lens encoded once, a resync after a
// lost LISTEN connection, an access re-check, a lens change (docs/realtime.md#lenses).
import type { StreamCursor } from '@seminar/shared';
import { START_AFRESH, writeSnapshot, type HubCore } from './hubCore';
import {
  encodeEvent,
  encodeEventJson,
  FRAME_BUDGET_BYTES,
  rowsEventJson,
  splitRows,
  type GroupWork,
  type KeyGroup,
  type Subscriber,
} from './subscriber';
import type { AnyTopic, StreamSnapshot } from './topic';

/** A resync of a stream that would send more rows than this starts its subscribers afresh. */
export const MAX_RESYNC_ROWS = 1_000;

/** A stream subscriber's lens and cursor cap, from its access (StreamTopic.lens, capSeq). */
export function setLens(sub: Subscriber): boolean {
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
export async function relens(
  core: HubCore,
  sub: Subscriber,
  access: unknown | null,
  holding = false,
): Promise<void> {
  const topic = sub.topic;
  if (topic.kind !== 'stream' || sub.ended || (sub.held && !holding)) return;
  if (access !== null) sub.access = access;
  setLens(sub);
  // What is held already stays (the snapshot's floor filters it); more is held until it is out.
  if (!sub.held) {
    sub.held = [];
    sub.heldRows = 0;
  }
  try {
    const snapshot = await topic.snapshot(core.services, sub.viewer, sub.input, sub.access, true);
    if (sub.ended) return;
    sub.floor = snapshot.floor;
    sub.noticed = Math.max(sub.noticed, snapshot.floor);
    await releaseStream(core, sub, snapshot, true);
  } catch (error) {
    // The subscription is running: a failure starts it afresh (#failed), never answers its request.
    sub.held = null;
    throw error;
  }
  if (sub.ended) return;
  if (sub.stale) {
    core.end(sub, START_AFRESH, true);
    return;
  }
  if (sub.recheck) await core.recheck(sub);
}

export async function releaseStream(
  core: HubCore,
  sub: Subscriber,
  snapshot: StreamSnapshot<unknown>,
  asEvent = false,
): Promise<void> {
  const topic = sub.topic;
  if (topic.kind !== 'stream') return;
  const { rows, replace, floor } = snapshot;
  const seq = snapshot.seq;
  const written = await writeSnapshot(
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
  await flushHeld(core, sub, floor, seq);
}

/**
 * Sends a stream subscriber what was held for it (above `floor`), through its lens, until nothing
 * more arrived (writing a large part lets more arrive); then it takes changes as they come.
 */
export async function flushHeld(
  core: HubCore,
  sub: Subscriber,
  floor: number,
  seq: number,
): Promise<void> {
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
      await relens(core, sub, revealed, true);
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

export async function processStream(
  core: HubCore,
  group: KeyGroup,
  works: GroupWork[],
): Promise<void> {
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
    const since = await topic.since(core.services, group.key, from, MAX_RESYNC_ROWS);
    if (since === null) {
      for (const sub of [...group.subs])
        if (!sub.held || sub.rechecking) core.end(sub, START_AFRESH, true);
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
    rows = await core.rowsOf(group, works, [...ids]);
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
      core.hold(sub, { rows: fresh, gone: [] });
      continue;
    }
    // Rows that change what this viewer may see (their own first post in a post-first phase):
    // a fresh snapshot instead, through the new lens. No read unless that happens.
    const revealed = topic.reveal?.(sub.access, fresh, sub.viewer) ?? null;
    if (revealed !== null) {
      void relens(core, sub, revealed).catch((error: unknown) => core.failed(sub, error));
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
  if (delivered > 0) core.metrics.delivered(delivered);
  for (const sub of tooLarge ?? []) core.end(sub, START_AFRESH, true);
}

/**
 * A stream's access read again. Its changes wait meanwhile, so none that arrives after the
 * notice (a post in the new phase) is judged by the old access; then a changed lens gets a fresh
 * snapshot, an unchanged one what was held.
 */
export async function recheckStream(core: HubCore, sub: Subscriber): Promise<void> {
  sub.held = [];
  sub.heldRows = 0;
  sub.rechecking = true;
  try {
    if (!(await core.refreshAccess(sub))) return;
    sub.rechecking = false;
    if (setLens(sub)) {
      await relens(core, sub, null, true);
      return;
    }
    await flushHeld(core, sub, sub.floor, 0);
  } catch (error) {
    sub.held = null;
    throw error;
  } finally {
    sub.rechecking = false;
  }
  if (sub.ended) return;
  if (sub.stale) {
    core.end(sub, START_AFRESH, true);
    return;
  }
  if (sub.recheck) await core.recheck(sub);
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
