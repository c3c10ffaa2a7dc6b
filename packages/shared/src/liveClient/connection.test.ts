import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveRow } from '../liveEvents';
import { LiveConnection } from './connection';
import {
  LiveConnectionError,
  LiveRequestError,
  type LiveListener,
  type SocketLike,
} from './connectionParts';

/** A socket the test plays the server of. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  readonly #listeners = new Map<string, Array<(event: never) => void>>();

  addEventListener(type: string, listener: (event: never) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  #emit(type: string, event: unknown): void {
    for (const listener of this.#listeners.get(type) ?? []) listener(event as never);
  }
  send(data: string): void {
    this.sent.push(data === 'PING' ? data : JSON.parse(data));
  }
  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.#emit('close', { code });
  }
  open(): void {
    this.readyState = 1;
    this.#emit('open', {});
  }
  receive(frame: unknown): void {
    this.#emit('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop(code = 1006): void {
    this.close(code);
  }
  /** The frames the client sent of kind `t`. */
  frames(t: string): Array<{ t: string; id: number; p: string; i?: unknown; k?: string }> {
    return this.sent.filter((frame) => (frame as { t?: string }).t === t) as never;
  }
}

interface Row extends LiveRow {
  id: string;
  seq: number;
}

let sockets: FakeSocket[] = [];
let connection: LiveConnection | null = null;

function connect(options: { onTerminated?: (code: number) => void } = {}) {
  sockets = [];
  connection = new LiveConnection({
    url: 'ws://test/api/live',
    socket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    retryDelayMs: () => 100,
    keepAlive: false,
    ...options,
  });
  return connection;
}

const last = () => sockets.at(-1) as FakeSocket;

function listener() {
  const events: Array<{ event: LiveEvent<Row>; cursor: string | null }> = [];
  const errors: unknown[] = [];
  const value: LiveListener = {
    onEvent: (event, cursor) => events.push({ event: event as LiveEvent<Row>, cursor }),
    onError: (error) => errors.push(error),
  };
  return { value, events, errors };
}

const row = (id: string, seq: number, version: number): Row => ({ id, seq, version });

afterEach(async () => {
  await connection?.close();
  connection = null;
  vi.useRealTimers();
});

describe('LiveConnection', () => {
  it('answers requests, and sends the ones made while connecting once it opens', async () => {
    const live = connect();
    const answer = live.request('query', 'me', undefined);
    expect(last().sent).toHaveLength(0);
    last().open();
    const [frame] = last().frames('q');
    expect(frame).toMatchObject({ t: 'q', p: 'me' });
    last().receive({ t: 'r', id: frame!.id, d: { uid: 'u1' } });
    await expect(answer).resolves.toEqual({ uid: 'u1' });
  });

  it('rejects with the server error, and a lost connection with a connection error', async () => {
    const live = connect();
    last().open();
    const refused = live.request('mutation', 'messages.send', {});
    const error = { message: 'Class not found.', code: -32004, data: { code: 'NOT_FOUND' } };
    last().receive({ t: 'r', id: last().frames('m')[0]!.id, e: error });
    await expect(refused).rejects.toBeInstanceOf(LiveRequestError);
    const lost = live.request('mutation', 'messages.send', {});
    last().drop();
    await expect(lost).rejects.toBeInstanceOf(LiveConnectionError);
  });

  it('ignores frames that are not the protocol (zod-checked)', async () => {
    const live = connect();
    last().open();
    const answer = live.request('query', 'me', undefined);
    const id = last().frames('q')[0]!.id;
    last().receive('not json');
    last().receive({ t: 'r', id: 'one', d: 1 });
    last().receive({ t: 'e', p: 'x', k: 'y', e: { type: 'upsert', rows: [{ no: 'version' }] } });
    last().receive({ t: 'r', id, d: 'ok' });
    await expect(answer).resolves.toBe('ok');
  });

  it('resumes a stream from its cursor after a reconnect, and delivers tracked positions', () => {
    vi.useFakeTimers();
    const live = connect();
    last().open();
    const watcher = listener();
    live.subscribe('messages.live', { class_id: 'c', channel_id: 'ch' }, watcher.value);
    const subscribe = last().frames('s')[0]!;
    last().receive({
      t: 's',
      id: subscribe.id,
      k: 'ch',
      c: '1:10',
      e: { type: 'snapshot', rows: [row('a', 1, 5)], replace: true },
    });
    last().receive({
      t: 'e',
      p: 'messages.live',
      k: 'ch',
      c: '2:12',
      e: { type: 'upsert', rows: [row('b', 2, 12)] },
    });
    expect(watcher.events.map((entry) => entry.cursor)).toEqual(['1:10', '2:12']);

    last().drop();
    vi.advanceTimersByTime(100);
    last().open();
    const again = last().frames('s')[0]!;
    expect(again.i).toEqual({ class_id: 'c', channel_id: 'ch', lastEventId: '2:12' });
  });

  it('shares one subscription among listeners of the same query, replaying its rows to a late one', () => {
    const live = connect();
    last().open();
    const first = listener();
    const second = listener();
    const stopFirst = live.subscribe('channels.live', { class_id: 'c' }, first.value);
    const subscribe = last().frames('s')[0]!;
    last().receive({
      t: 's',
      id: subscribe.id,
      k: 'c',
      e: { type: 'snapshot', rows: [row('x', 0, 1)], replace: true },
    });
    const stopSecond = live.subscribe('channels.live', { class_id: 'c' }, second.value);
    expect(last().frames('s')).toHaveLength(1);
    expect(second.events[0]?.event).toEqual({
      type: 'snapshot',
      rows: [row('x', 0, 1)],
      replace: true,
    });
    stopFirst();
    expect(last().frames('u')).toHaveLength(0);
    stopSecond();
    expect(last().frames('u')).toEqual([{ t: 'u', p: 'channels.live', k: 'c' }]);
  });

  it('subscribes again from its cursor when the server ends a query with retry', () => {
    const live = connect();
    last().open();
    const watcher = listener();
    live.subscribe('messages.live', { class_id: 'c', channel_id: 'ch' }, watcher.value);
    last().receive({
      t: 's',
      id: last().frames('s')[0]!.id,
      k: 'ch',
      c: '5:9',
      e: { type: 'snapshot', rows: [], replace: true },
    });
    last().receive({
      t: 'e',
      p: 'messages.live',
      k: 'ch',
      e: { type: 'end', reason: 'Too far behind; starting afresh.', retry: true },
    });
    expect(watcher.events.map((entry) => entry.event.type)).toEqual(['snapshot']);
    const again = last().frames('s')[1]!;
    expect(again.i).toEqual({ class_id: 'c', channel_id: 'ch', lastEventId: '5:9' });
  });

  it('unsubscribes a query dropped before its snapshot came, unless a listener came back', () => {
    const live = connect();
    last().open();
    const stop = live.subscribe('classes.roster', { class_id: 'c' }, listener().value);
    const first = last().frames('s')[0]!;
    stop();
    last().receive({
      t: 's',
      id: first.id,
      k: 'c',
      e: { type: 'snapshot', rows: [], replace: true },
    });
    expect(last().frames('u')).toEqual([{ t: 'u', p: 'classes.roster', k: 'c' }]);

    const again = listener();
    const stopAgain = live.subscribe('classes.roster', { class_id: 'c' }, listener().value);
    const second = last().frames('s')[1]!;
    stopAgain();
    live.subscribe('classes.roster', { class_id: 'c' }, again.value);
    last().receive({
      t: 's',
      id: second.id,
      k: 'c',
      e: { type: 'snapshot', rows: [], replace: true },
    });
    expect(again.events).toHaveLength(1);
    expect(last().frames('u')).toHaveLength(1);
  });

  it('stops for good on 4401 and 4403, and says so', () => {
    vi.useFakeTimers();
    const terminated: number[] = [];
    const live = connect({ onTerminated: (code) => terminated.push(code) });
    last().open();
    last().drop(4401);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(terminated).toEqual([4401]);
    expect(live.state).toBe('closed');
  });

  it('on 4503 (the server drains) reconnects at once and sends its unanswered requests again', async () => {
    vi.useFakeTimers();
    const terminated: number[] = [];
    const live = connect({ onTerminated: (code) => terminated.push(code) });
    last().open();
    const answered = live.request('mutation', 'messages.send', { id: 'm1' });
    const unanswered = live.request('mutation', 'messages.send', { id: 'm2' });
    const [first, second] = last().frames('m');
    last().receive({ t: 'r', id: first!.id, d: { id: 'm1' } });
    await expect(answered).resolves.toEqual({ id: 'm1' });

    last().drop(4503);
    // At once: no back-off timer has to run (the test's back-off is 100 ms).
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(2);
    expect(live.state).toBe('reconnecting');
    last().open();
    const [again] = last().frames('m');
    expect(again).toEqual(second);
    last().receive({ t: 'r', id: again!.id, d: { id: 'm2' } });
    await expect(unanswered).resolves.toEqual({ id: 'm2' });
    expect(terminated).toEqual([]);

    // Another close loses its unanswered requests and waits for the back-off, as before.
    const lost = live.request('mutation', 'messages.send', { id: 'm3' });
    last().drop(1001);
    await expect(lost).rejects.toBeInstanceOf(LiveConnectionError);
    vi.advanceTimersByTime(0);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(3);
  });
});
