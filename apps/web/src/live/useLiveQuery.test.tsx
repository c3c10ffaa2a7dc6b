import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, Message } from '@seminar/shared';
import { liveTestProviders, trpcError } from '../testing/liveTestKit';
import type { LiveTrpcClient } from './client';
import { NOT_FOUND_MESSAGE } from './errors';
import { liveQueryKey, type LiveCacheEntry } from './liveCache';
import {
  unwrapLiveEvent,
  useLiveQuery,
  type LiveSubscribe,
  type LiveSubscribeContext,
  type LiveSubscribeHandlers,
  type LiveSubscriptionValue,
} from './useLiveQuery';

interface Row {
  id: string;
  seq: number;
  body: string;
  version: number;
}

const row = (id: string, seq: number, version = seq, body = `m${seq}`): Row => ({
  id,
  seq,
  body,
  version,
});
const bySeq = (a: Row, b: Row) => a.seq - b.seq;
const idOf = (r: Row) => r.id;

/** Lets TanStack Query tell its observers (it notifies on a zero timeout). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A subscribe function whose subscriptions the test drives by hand. */
function fakeSubscriptions() {
  const subs: {
    handlers: LiveSubscribeHandlers<Row>;
    context: LiveSubscribeContext;
    unsubscribed: boolean;
    send: (value: LiveSubscriptionValue<Row>) => Promise<void>;
  }[] = [];
  const subscribe = vi.fn<LiveSubscribe<Row>>((handlers, context) => {
    const sub = {
      handlers,
      context,
      unsubscribed: false,
      send: (value: LiveSubscriptionValue<Row>) =>
        act(async () => {
          handlers.onData(value);
          await settle();
        }),
    };
    subs.push(sub);
    return { unsubscribe: () => void (sub.unsubscribed = true) };
  });
  const last = () => {
    const sub = subs.at(-1);
    if (!sub) throw new Error('not subscribed');
    return sub;
  };
  return { subscribe, subs, last };
}

function renderLive(
  key: readonly unknown[] = ['messages', 'c1', 'ch1'],
  trpc: LiveTrpcClient | null = {} as LiveTrpcClient,
) {
  const fake = fakeSubscriptions();
  const kit = liveTestProviders({ trpc });
  const hook = renderHook(
    ({ k }: { k: readonly unknown[] }) =>
      useLiveQuery<Row>({ key: k, subscribe: fake.subscribe, idOf, sort: bySeq }),
    { wrapper: kit.Providers, initialProps: { k: key } },
  );
  return { ...fake, ...kit, ...hook };
}

afterEach(cleanup);

describe('unwrapLiveEvent', () => {
  it('unwraps tracked events and passes plain ones through', () => {
    const event: LiveEvent<Row> = { type: 'remove', ids: ['a'] };
    expect(unwrapLiveEvent(event)).toEqual({ event, id: null });
    expect(unwrapLiveEvent({ id: '3:9', data: event })).toEqual({ event, id: '3:9' });
  });
});

describe('useLiveQuery', () => {
  it('folds snapshot, upserts, remove and end into the cache under ["live", ...key]', async () => {
    const { result, last, queryClient } = renderLive();
    expect(result.current.status).toBe('loading');
    expect(result.current.rows).toEqual([]);

    await last().send({ type: 'snapshot', rows: [row('b', 2), row('a', 1)], replace: false });
    expect(result.current.status).toBe('ready');
    expect(result.current.rows.map((r) => r.id)).toEqual(['a', 'b']);

    await last().send({ type: 'upsert', rows: [row('c', 3), row('a', 1, 5, 'edited')] });
    expect(result.current.rows.map((r) => r.body)).toEqual(['edited', 'm2', 'm3']);
    // An older version arriving late changes nothing.
    await last().send({ type: 'upsert', rows: [row('a', 1, 4, 'stale')] });
    expect(result.current.rows[0]?.body).toBe('edited');

    await last().send({ type: 'remove', ids: ['b'] });
    expect(result.current.rows.map((r) => r.id)).toEqual(['a', 'c']);

    const cached = queryClient.getQueryData<LiveCacheEntry<Row>>(
      liveQueryKey(['messages', 'c1', 'ch1']),
    );
    expect([...(cached?.state.rows.keys() ?? [])]).toEqual(['a', 'c']);

    await last().send({ type: 'end', reason: 'You no longer have access to this.' });
    expect(result.current.status).toBe('ended');
    expect(result.current.endedReason).toBe('You no longer have access to this.');
    expect(result.current.rows).toEqual([]);
  });

  it('replaces the set on a collection snapshot (replace: true)', async () => {
    const { result, last } = renderLive(['classes', 'mine']);
    await last().send({ type: 'snapshot', rows: [row('a', 1), row('b', 2)], replace: true });
    await last().send({ type: 'snapshot', rows: [row('c', 3)], replace: true });
    expect(result.current.rows.map((r) => r.id)).toEqual(['c']);
  });

  it('unwraps tracked events and resumes from the last event id after a remount', async () => {
    const { result, last, subs, unmount, Providers, subscribe } = renderLive();
    expect(last().context.lastEventId).toBeNull();
    await last().send({
      id: '2:2',
      data: { type: 'snapshot', rows: [row('a', 1), row('b', 2)], replace: false },
    });
    await last().send({ id: '3:3', data: { type: 'upsert', rows: [row('c', 3)] } });
    expect(result.current.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    unmount();
    expect(subs[0]?.unsubscribed).toBe(true);

    const again = renderHook(
      () => useLiveQuery<Row>({ key: ['messages', 'c1', 'ch1'], subscribe, idOf, sort: bySeq }),
      { wrapper: Providers },
    );
    expect(subs).toHaveLength(2);
    expect(last().context.lastEventId).toBe('3:3');
    // The cached rows show at once.
    expect(again.result.current.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('unsubscribes on unmount and on key change', async () => {
    const { subs, rerender, unmount, result, last } = renderLive(['messages', 'c1', 'ch1']);
    await last().send({ type: 'snapshot', rows: [row('a', 1)], replace: false });
    rerender({ k: ['messages', 'c1', 'ch2'] });
    expect(subs).toHaveLength(2);
    expect(subs[0]?.unsubscribed).toBe(true);
    expect(subs[1]?.unsubscribed).toBe(false);
    expect(result.current.status).toBe('loading');
    expect(result.current.rows).toEqual([]);

    // A late event of the old subscription is ignored.
    await subs[0]?.send({ type: 'upsert', rows: [row('x', 9)] });
    await last().send({ type: 'snapshot', rows: [row('z', 1)], replace: false });
    expect(result.current.rows.map((r) => r.id)).toEqual(['z']);

    unmount();
    expect(subs[1]?.unsubscribed).toBe(true);
  });

  it('does not subscribe while there is no client (signed out)', async () => {
    const { subscribe, result } = renderLive(['classes', 'mine'], null);
    expect(subscribe).not.toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
  });

  it('reports an error to the query and to the shared error state; retry subscribes again', async () => {
    const { result, last, errors, subs } = renderLive();
    act(() => last().handlers.onError(trpcError('NOT_FOUND', 'Channel not found.')));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe(NOT_FOUND_MESSAGE);
    expect(errors.get()).toBe(NOT_FOUND_MESSAGE);

    act(() => result.current.retry());
    expect(subs).toHaveLength(2);
    expect(subs[0]?.unsubscribed).toBe(true);
    expect(result.current.status).toBe('loading');
    await last().send({ type: 'snapshot', rows: [row('a', 1)], replace: false });
    expect(result.current.status).toBe('ready');
  });

  it('subscribes again when the server sheds it as too far behind, keeping the rows', async () => {
    const { result, last, subs } = renderLive();
    await last().send({
      id: '1:1',
      data: { type: 'snapshot', rows: [row('a', 1)], replace: false },
    });
    await last().send({
      id: '1:1',
      data: { type: 'end', reason: 'Too far behind; reconnecting.' },
    });
    await act(settle);
    expect(subs).toHaveLength(2);
    expect(subs[0]?.unsubscribed).toBe(true);
    expect(last().context.lastEventId).toBe('1:1');
    expect(result.current.status).toBe('ready');
    expect(result.current.rows.map((r) => r.id)).toEqual(['a']);
  });

  it('starts an ended query over when it is subscribed again', async () => {
    const { result, last } = renderLive();
    await last().send({ type: 'end', reason: 'You no longer have access to this.' });
    expect(result.current.status).toBe('ended');
    act(() => result.current.retry());
    await act(settle);
    expect(result.current.status).toBe('loading');
    expect(result.current.endedReason).toBeNull();
  });
});

// Type check: a feature subscribes to the server's procedures with these handlers as they are.
export const subscribeMessages: LiveSubscribe<Message> = (handlers, { trpc, lastEventId }) =>
  trpc.messages.live.subscribe({ class_id: 'c1', channel_id: 'ch1', lastEventId }, handlers);
