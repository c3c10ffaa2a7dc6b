// The hub's failure branches, driven through a stream topic over rows the test holds: a read that
// fails and is retried, a resync larger than MAX_RESYNC_ROWS, a subscriber caught mid-snapshot by a
// lost LISTEN connection, snapshots and changes larger than one frame, and a subscriber that holds
// too much while its snapshot goes out. The database-backed paths are in test/live.test.ts and
// test/postgres/listen-*.test.ts.
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { decodeStreamCursor, type StreamCursor } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { LiveServices } from './services';
import { LiveHub, MAX_RESYNC_ROWS } from './hub';
import { FRAME_BUDGET_BYTES, MAX_HELD_ROWS, type LiveSink, type Subscriber } from './subscriber';
import type { StreamSnapshot, StreamTopic } from './topic';

interface Row {
  id: string;
  seq: number;
  version: number;
  body: string;
}

interface Frame {
  t: 's' | 'e';
  c?: string;
  e: { type: string; rows?: Row[]; replace?: boolean; reason?: string; retry?: boolean };
}

const viewer: SessionUser = {
  uid: 'u1',
  email: 'u1@example.test',
  displayName: 'One, User',
  emailVerified: true,
};

/** A channel's rows, and the faults the test switches on. */
class Table {
  rows: Row[] = [];
  failReads = 0;
  /** Resolves the snapshot read the test is holding (null: snapshots answer at once). */
  snapshotGate: Promise<void> | null = null;
  add(count: number, size = 10): Row[] {
    const added: Row[] = [];
    for (let index = 0; index < count; index += 1) {
      const seq = this.rows.length + 1;
      const row = { id: `m${seq}`, seq, version: seq, body: 'x'.repeat(size) };
      this.rows.push(row);
      added.push(row);
    }
    return added;
  }
  get version(): number {
    return this.rows.at(-1)?.version ?? 0;
  }
  read(): void {
    if (this.failReads > 0) {
      this.failReads -= 1;
      throw new Error('connection refused');
    }
  }
}

function streamTopic(table: Table): StreamTopic<{ lastEventId?: string }, Row, null> {
  return {
    name: 'test.stream',
    kind: 'stream',
    input: undefined as never,
    key: () => 'k',
    access: () => Promise.resolve(null),
    classOf: () => '',
    async snapshot(_services, _viewer, input): Promise<StreamSnapshot<Row>> {
      const floor = table.version;
      const cursor = decodeStreamCursor(input.lastEventId);
      const rows = cursor
        ? table.rows.filter((row) => row.seq > cursor.seq || row.version > cursor.version)
        : table.rows.slice(-25);
      await table.snapshotGate;
      return {
        rows: rows.map((row) => ({ ...row })),
        replace: !cursor,
        floor,
        seq: rows.at(-1)?.seq ?? cursor?.seq ?? 0,
      };
    },
    async since(_services, _key, version, limit) {
      table.read();
      const rows = table.rows.filter((row) => row.version > version);
      return Promise.resolve(rows.length > limit ? null : rows.map((row) => ({ ...row })));
    },
    async load(_services, _key, ids) {
      table.read();
      return Promise.resolve(table.rows.filter((row) => ids.includes(row.id)));
    },
    id: (row) => row.id,
    seq: (row) => row.seq,
    version: (row) => row.version,
  };
}

/** A sink that keeps the frames; paced parts wait until the test lets them through. */
class MemorySink implements LiveSink {
  readonly viewer = viewer;
  readonly frames: Frame[] = [];
  readonly waiting: Array<() => void> = [];
  pace = false;
  endedCount = 0;
  write(frame: Buffer): boolean {
    expect(frame.length).toBeLessThanOrEqual(FRAME_BUDGET_BYTES + 1_024);
    this.frames.push(JSON.parse(frame.toString()) as Frame);
    return true;
  }
  writePaced(frame: Buffer): Promise<boolean> {
    if (!this.pace) return Promise.resolve(this.write(frame));
    return new Promise((resolve) => this.waiting.push(() => resolve(this.write(frame))));
  }
  ended(): void {
    this.endedCount += 1;
  }
  failed(_sub: Subscriber, error: unknown): void {
    throw error;
  }
  /** Every row it was sent, in order. */
  get rows(): Row[] {
    return this.frames.flatMap((frame) => frame.e.rows ?? []);
  }
  get cursor(): StreamCursor | null {
    return decodeStreamCursor(this.frames.findLast((frame) => frame.c)?.c);
  }
  async until(check: (sink: MemorySink) => boolean): Promise<void> {
    for (let turn = 0; !check(this); turn += 1) {
      if (turn > 2_000) throw new Error(`never happened; frames: ${JSON.stringify(this.frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

function setUp() {
  const table = new Table();
  const topic = streamTopic(table);
  const hub = new LiveHub({} as LiveServices, pino({ level: 'silent' }));
  let requestId = 0;
  const subscribe = (input: { lastEventId?: string } = {}) => {
    const sink = new MemorySink();
    const sub = hub.subscribe(topic, sink, input, 'k', ++requestId);
    return { sink, sub };
  };
  /** What a NOTIFY of these rows would do. */
  const notify = (rows: Row[]) =>
    hub.dispatch({
      topic: topic.name,
      key: 'k',
      ids: rows.map((row) => row.id),
      version: Math.max(...rows.map((row) => row.version)),
    });
  const snapshotOut = (sink: MemorySink) => sink.until((s) => s.frames.some((f) => f.t === 's'));
  return { table, hub, subscribe, notify, snapshotOut };
}

const bodies = (rows: Row[]) => rows.map((row) => row.seq);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('the live hub when a read fails', () => {
  it('delivers the failed change after the retry, and a later notice does not skip it', async () => {
    const { table, subscribe, notify, snapshotOut } = setUp();
    table.add(3);
    const { sink } = subscribe();
    await snapshotOut(sink);
    // The read of row 4 fails (the database is away); row 5's notice arrives before the retry.
    table.failReads = 1;
    notify(table.add(1));
    notify(table.add(1));
    await sink.until((s) => s.rows.some((row) => row.seq === 5));
    expect(bodies(sink.rows)).toEqual(range(1, 5));
  });
});

describe('the live hub after a lost LISTEN connection', () => {
  it('resumes every subscriber from the last version it is known to have', async () => {
    const { table, hub, subscribe, notify, snapshotOut } = setUp();
    notify(table.add(2));
    const { sink } = subscribe();
    await snapshotOut(sink);
    table.add(5); // committed while the connection was down: their notices are lost
    hub.resyncAll();
    notify(table.add(1)); // the first notice of the new connection, handled after the resync
    await sink.until((s) => s.rows.some((row) => row.seq === 8));
    expect(bodies(sink.rows)).toEqual(range(1, 8));
  });

  it(`starts subscribers afresh when more than ${MAX_RESYNC_ROWS} rows were missed`, async () => {
    const { table, hub, subscribe, snapshotOut } = setUp();
    table.add(2);
    const { sink } = subscribe();
    await snapshotOut(sink);
    table.add(MAX_RESYNC_ROWS + 1);
    hub.resyncAll();
    await sink.until((s) => s.frames.some((f) => f.e.type === 'end'));
    expect(sink.frames.at(-1)?.e).toEqual({
      type: 'end',
      reason: 'Too far behind; starting afresh.',
      retry: true,
    });
    // Subscribing again (as the client does) gets the newest page, replacing.
    const again = subscribe();
    await snapshotOut(again.sink);
    expect(again.sink.frames[0]?.e.replace).toBe(true);
    expect(bodies(again.sink.rows)).toEqual(range(MAX_RESYNC_ROWS + 3 - 24, MAX_RESYNC_ROWS + 3));
  });

  it('starts afresh a subscriber whose snapshot was being read when the connection came back', async () => {
    const { table, hub, subscribe } = setUp();
    table.add(2);
    let open!: () => void;
    table.snapshotGate = new Promise((resolve) => (open = resolve));
    const { sink } = subscribe();
    await Promise.resolve();
    hub.resyncAll();
    open();
    await sink.until((s) => s.frames.some((f) => f.e.type === 'end'));
    expect(sink.frames.map((f) => f.e.type)).toEqual(['snapshot', 'end']);
    expect(sink.frames[1]?.e.retry).toBe(true);
  });
});

describe('the live hub with answers larger than a frame', () => {
  it('writes a large resume in parts, paced, then what changed meanwhile, nothing twice', async () => {
    const { table, subscribe, notify, snapshotOut } = setUp();
    table.add(1);
    const rowBytes = 8_000;
    table.add(300, rowBytes); // ~2.4 MB: more than LIVE_MAX_BUFFERED_BYTES in one frame
    const started = subscribe({ lastEventId: '1:1' });
    // Paced parts wait for the test from here on (the snapshot is read after this turn).
    started.sink.pace = true;
    await started.sink.until((s) => s.waiting.length > 0 || s.frames.length > 0);
    // One part at a time: the second is not written before the first was taken.
    expect(started.sink.frames).toHaveLength(0);
    expect(started.sink.waiting).toHaveLength(1);
    started.sink.waiting.shift()!();
    await started.sink.until((s) => s.waiting.length > 0);
    expect(started.sink.frames).toHaveLength(1);
    const first = started.sink.frames[0]!;
    expect(first.t).toBe('s');
    expect(first.e.replace).toBe(false);
    // Its cursor claims only what it carries (a resume from it would fetch the rest).
    expect(decodeStreamCursor(first.c)?.seq).toBe(first.e.rows!.at(-1)!.seq);
    // A change arrives while the parts go out: it comes after them.
    notify(table.add(1));
    notify(table.add(1));
    while (started.sink.waiting.length > 0 || !started.sink.rows.some((r) => r.seq === 303)) {
      started.sink.waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(started.sink.frames.length).toBeGreaterThan(
      300 / Math.floor(FRAME_BUDGET_BYTES / rowBytes),
    );
    expect(bodies(started.sink.rows)).toEqual(range(2, 303));
    expect(started.sink.cursor).toEqual({ seq: 303, version: 303 });
    await snapshotOut(started.sink);
  });

  it('starts afresh, from its cursor, a subscriber whose change is too large for one frame', async () => {
    const { table, hub, subscribe, snapshotOut } = setUp();
    table.add(1);
    const { sink } = subscribe();
    await snapshotOut(sink);
    table.add(60, 8_000); // missed while the connection was down: ~480 KB in one resync
    hub.resyncAll();
    await sink.until((s) => s.frames.some((f) => f.e.type === 'end'));
    expect(sink.frames.at(-1)?.e.retry).toBe(true);
    expect(sink.cursor).toEqual({ seq: 1, version: 1 });
    // The resume from its cursor brings every row, in parts.
    const again = subscribe({ lastEventId: '1:1' });
    await again.sink.until((s) => s.rows.length === 60);
    expect(bodies(again.sink.rows)).toEqual(range(2, 61));
    expect(again.sink.frames.length).toBeGreaterThan(1);
  });

  it(`starts afresh a subscriber that held more than ${MAX_HELD_ROWS} rows during its snapshot`, async () => {
    const { table, subscribe, notify } = setUp();
    table.add(1);
    let open!: () => void;
    table.snapshotGate = new Promise((resolve) => (open = resolve));
    const { sink } = subscribe();
    await Promise.resolve();
    for (let index = 0; index <= MAX_HELD_ROWS; index += 1) notify(table.add(1));
    // The notices are read in two batches, each within promise jobs: one timer turn is after both.
    await new Promise((resolve) => setTimeout(resolve, 0));
    open();
    await sink.until((s) => s.frames.some((f) => f.e.type === 'end'));
    expect(sink.frames.map((f) => f.e.type)).toEqual(['snapshot', 'end']);
    expect(sink.endedCount).toBe(1);
  });
});
