// The hub's per-viewer lens (docs/realtime.md#lenses), through a stream topic over rows the test
// holds: one encoding per distinct lens (viewers with the same lens share the bytes), rows shaped
// away from a lens that may not see them, a reveal answered with a replacing snapshot (and no read
// for anyone else), an access re-check that changes the lens (changes arriving meanwhile are judged
// by the new access), and cursors capped for a lens that hides rows.
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { decodeStreamCursor } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { LiveServices } from './services';
import { LiveHub } from './hub';
import type { LiveSink, Subscriber } from './subscriber';
import type { StreamTopic } from './topic';

interface Row {
  id: string;
  seq: number;
  version: number;
  author: string;
  /** Hidden from a viewer whose access hides secrets, unless theirs. */
  secret: boolean;
}

interface Access {
  uid: string;
  hidden: boolean;
}

interface Frame {
  t: 's' | 'e';
  c?: string;
  e: { type: string; rows?: Row[]; replace?: boolean };
}

const user = (uid: string): SessionUser => ({
  uid,
  email: `${uid}@example.test`,
  displayName: uid,
  emailVerified: true,
});

function setUp() {
  const rows: Row[] = [];
  /** Each viewer's access as the "database" says now; `gate` holds access reads. */
  const hiddenFor = new Map<string, boolean>();
  let gate: Promise<void> | null = null;
  const reads = { snapshots: 0, loads: 0, access: 0 };
  const add = (author: string, secret: boolean): Row => {
    const seq = rows.length + 1;
    const row = { id: `m${seq}`, seq, version: seq, author, secret };
    rows.push(row);
    return row;
  };
  const topic: StreamTopic<Record<string, never>, Row, Access> = {
    name: 'test.lens',
    kind: 'stream',
    input: undefined as never,
    key: () => 'k',
    async access(_services, viewer) {
      reads.access += 1;
      await gate;
      return { uid: viewer.uid, hidden: hiddenFor.get(viewer.uid) ?? false };
    },
    classOf: () => 'c1',
    snapshot(_services, _viewer, _input, access) {
      reads.snapshots += 1;
      const seen = rows.filter((row) => !access.hidden || !row.secret || row.author === access.uid);
      return Promise.resolve({
        rows: seen.map((row) => ({ ...row })),
        replace: true,
        floor: rows.at(-1)?.version ?? 0,
        seq: seen.at(-1)?.seq ?? 0,
      });
    },
    since: () => Promise.resolve([]),
    load(_services, _key, ids) {
      reads.loads += 1;
      return Promise.resolve(rows.filter((row) => ids.includes(row.id)));
    },
    id: (row) => row.id,
    seq: (row) => row.seq,
    version: (row) => row.version,
    lens: (access) => (access.hidden ? 'hidden' : ''),
    shape: (row, access) => (access.hidden && row.secret ? null : row),
    reveal: (access, changed) =>
      access.hidden && changed.some((row) => row.author === access.uid)
        ? { ...access, hidden: false }
        : null,
    capSeq: (access) => (access.hidden ? 0 : null),
  };
  const hub = new LiveHub({} as LiveServices, pino({ level: 'silent' }));
  let requestId = 0;
  const subscribe = (uid: string) => {
    const sink = new Sink(user(uid));
    hub.subscribe(topic, sink, {}, 'k', ++requestId);
    return sink;
  };
  const notify = (row: Row) =>
    hub.dispatch({ topic: topic.name, key: 'k', ids: [row.id], version: row.version });
  const access = () => hub.dispatch({ topic: 'access', key: 'c1', ids: ['k'] });
  return {
    add,
    hiddenFor,
    reads,
    subscribe,
    notify,
    access,
    hold: () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

class Sink implements LiveSink {
  readonly buffers: Buffer[] = [];
  constructor(readonly viewer: SessionUser) {}
  write(frame: Buffer): boolean {
    this.buffers.push(frame);
    return true;
  }
  writePaced(frame: Buffer): Promise<boolean> {
    return Promise.resolve(this.write(frame));
  }
  ended(): void {}
  failed(_sub: Subscriber, error: unknown): void {
    throw error;
  }
  get frames(): Frame[] {
    return this.buffers.map((buffer) => JSON.parse(buffer.toString()) as Frame);
  }
  /** The ids it holds now (a replacing snapshot drops what came before). */
  get ids(): string[] {
    let ids: string[] = [];
    for (const frame of this.frames) {
      if (frame.e.type === 'snapshot' && frame.e.replace) ids = [];
      for (const row of frame.e.rows ?? []) if (!ids.includes(row.id)) ids.push(row.id);
    }
    return ids;
  }
  async until(check: (sink: Sink) => boolean): Promise<void> {
    for (let turn = 0; !check(this); turn += 1) {
      if (turn > 1_000) throw new Error(`never happened; frames: ${JSON.stringify(this.frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/**
 * Resolves once everything a notice set going has run. Here the hub does no I/O and sets no timer (a
 * stream topic is not coalesced; the topic's reads are resolved promises, an access read held by
 * `hold()` stays pending): each step is a promise, and every promise job runs before the next
 * macrotask. So the hub has done all it will do until something new happens — an absence checked
 * after this is not a guess that a short sleep was long enough.
 */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const subscribed = (sink: Sink) => sink.until((s) => s.frames.some((f) => f.t === 's'));

describe('the live hub’s lenses', () => {
  it('encodes a change once per lens and shapes rows away from a lens that may not see them', async () => {
    const t = setUp();
    t.hiddenFor.set('ann', true).set('ben', true);
    const [ann, ben, tara] = [t.subscribe('ann'), t.subscribe('ben'), t.subscribe('tara')];
    await Promise.all([ann, ben, tara].map(subscribed));
    const open = t.add('tara', false);
    const secret = t.add('cat', true);
    t.notify(open);
    t.notify(secret);
    await tara.until((s) => s.ids.includes(secret.id));
    await ann.until((s) => s.ids.includes(open.id));
    await ben.until((s) => s.ids.includes(open.id));
    expect(ann.ids).toEqual([open.id]);
    expect(ben.ids).toEqual([open.id]);
    // Same lens, same bytes: the one encoding is shared; the plain lens has its own.
    expect(ann.buffers.at(-1)).toBe(ben.buffers.at(-1));
    expect(tara.buffers.at(-1)).not.toBe(ann.buffers.at(-1));
    // A change the hidden lens does not see at all sends it nothing.
    expect(ann.frames.filter((f) => f.t === 'e')).toHaveLength(1);
    // Its cursors claim no seq past the cap, so a resume re-reads what was hidden.
    expect(decodeStreamCursor(ann.frames.at(-1)?.c)?.seq).toBe(0);
    expect(decodeStreamCursor(tara.frames.at(-1)?.c)?.seq).toBe(secret.seq);
  });

  it('answers a reveal with a replacing snapshot for that viewer only, and no read for the others', async () => {
    const t = setUp();
    t.hiddenFor.set('ann', true).set('ben', true);
    const [ann, ben] = [t.subscribe('ann'), t.subscribe('ben')];
    await Promise.all([ann, ben].map(subscribed));
    const secret = t.add('cat', true);
    t.notify(secret);
    await settled();
    const snapshotsBefore = t.reads.snapshots;
    const mine = t.add('ann', true);
    t.notify(mine);
    await ann.until((s) => s.ids.includes(secret.id));
    expect(ann.ids).toEqual([secret.id, mine.id]);
    const last = ann.frames.find((f) => f.t === 'e' && f.e.type === 'snapshot');
    expect(last?.e.replace).toBe(true);
    expect(t.reads.snapshots).toBe(snapshotsBefore + 1);
    // Ben still does not see it, nor Ann's post (a classmate's secret).
    await settled();
    expect(ben.ids).toEqual([]);
    // Ann now takes the plain lens: the next secret reaches her as it comes.
    const next = t.add('cat', true);
    t.notify(next);
    await ann.until((s) => s.ids.includes(next.id));
  });

  it('re-checks access on a notice: a changed lens gets a fresh snapshot; changes meanwhile wait for it', async () => {
    const t = setUp();
    t.hiddenFor.set('ann', false);
    const ann = t.subscribe('ann');
    await subscribed(ann);
    // The phase now hides secrets: the access read is held while a secret arrives.
    t.hiddenFor.set('ann', true);
    const release = t.hold();
    t.access();
    const secret = t.add('cat', true);
    t.notify(secret);
    await settled();
    expect(ann.ids).toEqual([]);
    release();
    const open = t.add('tara', false);
    t.notify(open);
    await ann.until((s) => s.ids.includes(open.id));
    expect(ann.ids).toEqual([open.id]);
    // And back: the lens opens, the fresh snapshot brings what was hidden.
    t.hiddenFor.set('ann', false);
    t.access();
    await ann.until((s) => s.ids.includes(secret.id));
    expect(ann.ids).toEqual([secret.id, open.id]);
  });
});
