import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent, LiveRow } from '@seminar/shared';
import { makeClass, makeMessage } from '../testing/classFixtures';
import { fakeTrpc, liveTestProviders, settle, trpcError } from '../testing/liveTestKit';
import { NOT_FOUND_MESSAGE } from './errors';
import { emptyLiveEntry, liveQueryKey, type LiveCacheEntry } from './liveCache';
import { liveQuery, liveQueryHub, unwrapLiveEvent, type LiveQueryDescriptor } from './liveQueries';
import type { LiveTopicRow } from './subscription';
import { useLiveQuery } from './useLiveQuery';

type Row = LiveTopicRow<'messages.live'>;

const row = (id: string, seq: number, version = seq, body = `m${seq}`): Row =>
  makeMessage(id, { seq, version, body });
const bySeq = (a: Row, b: Row) => a.seq - b.seq;
const idOf = (r: Row) => r.id;

/** A channel's messages: a tracked stream, resumable. */
const messages = (channelId = 'ch1') =>
  liveQuery(
    'messages.live',
    { class_id: 'c1', channel_id: channelId },
    { idOf, sort: bySeq, resumable: true },
  );
/** The viewer's classes: a collection without input. */
const mine = () => liveQuery('classes.mine', undefined, { idOf: (c) => c.class_id });

function renderLive<R extends LiveRow>(descriptor: LiveQueryDescriptor<R>, withClient = true) {
  const fake = fakeTrpc();
  const kit = liveTestProviders({ trpc: withClient ? fake.trpc : null });
  const hook = renderHook(({ d }) => useLiveQuery<R>(d), {
    wrapper: kit.Providers,
    initialProps: { d: descriptor },
  });
  const subs = () => fake.subscriptions.filter((sub) => sub.path === descriptor.topic);
  const last = () => fake.subscription(descriptor.topic);
  return { fake, ...kit, ...hook, subs, last };
}

afterEach(cleanup);

describe('liveQuery', () => {
  it('keys a query by its procedure and input', () => {
    expect(messages().key).toEqual(['messages.live', { class_id: 'c1', channel_id: 'ch1' }]);
    expect(mine().key).toEqual(['classes.mine']);
  });
});

describe('unwrapLiveEvent', () => {
  it('unwraps tracked events and passes plain ones through', () => {
    const event: LiveEvent<Row> = { type: 'remove', ids: ['a'] };
    expect(unwrapLiveEvent(event)).toEqual({ event, id: null });
    expect(unwrapLiveEvent({ id: '3:9', data: event })).toEqual({ event, id: '3:9' });
  });
});

describe('useLiveQuery', () => {
  it('folds snapshot, upserts, remove and end into the cache under ["live", ...key]', async () => {
    const { result, last, queryClient } = renderLive(messages());
    expect(result.current.status).toBe('loading');
    expect(result.current.rows).toEqual([]);
    expect(last().input).toEqual({ class_id: 'c1', channel_id: 'ch1', lastEventId: null });

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

    const cached = queryClient.getQueryData<LiveCacheEntry<Row>>(liveQueryKey(messages().key));
    expect([...(cached?.state.rows.keys() ?? [])]).toEqual(['a', 'c']);

    await last().send({ type: 'end', reason: 'You no longer have access to this.' });
    expect(result.current.status).toBe('ended');
    expect(result.current.endedReason).toBe('You no longer have access to this.');
    expect(result.current.rows).toEqual([]);
  });

  it('replaces the set on a collection snapshot (replace: true)', async () => {
    const { result, last } = renderLive(mine());
    expect(last().input).toBeUndefined();
    const classRow = (id: string) => makeClass({ class_id: id });
    await last().send({ type: 'snapshot', rows: [classRow('a'), classRow('b')], replace: true });
    await last().send({ type: 'snapshot', rows: [classRow('c')], replace: true });
    expect(result.current.rows.map((r) => r.class_id)).toEqual(['c']);
  });

  it('shares one subscription per key among its readers and ends it with the last', async () => {
    const { fake, Providers, subs, last, result, unmount, queryClient } = renderLive(messages());
    const second = renderHook(() => useLiveQuery<Row>(messages()), { wrapper: Providers });
    expect(subs()).toHaveLength(1);
    await last().send({ type: 'snapshot', rows: [row('a', 1)], replace: false });
    expect(result.current.rows.map((r) => r.id)).toEqual(['a']);
    expect(second.result.current.rows.map((r) => r.id)).toEqual(['a']);

    unmount();
    await act(settle);
    expect(subs()[0]?.unsubscribed).toBe(false);
    second.unmount();
    await act(settle);
    expect(subs()[0]?.unsubscribed).toBe(true);
    expect(liveQueryHub(fake.trpc, queryClient).activeKeys()).toEqual([]);
  });

  it('keeps the subscription when a reader of the same key replaces the last one at once', async () => {
    const { Providers, subs, unmount } = renderLive(messages());
    unmount();
    const next = renderHook(() => useLiveQuery<Row>(messages()), { wrapper: Providers });
    await act(settle);
    expect(subs()).toHaveLength(1);
    expect(subs()[0]?.unsubscribed).toBe(false);
    next.unmount();
    await act(settle);
    expect(subs()[0]?.unsubscribed).toBe(true);
  });

  it('unwraps tracked events and resumes from the last event id after a remount', async () => {
    const { result, last, subs, unmount, Providers } = renderLive(messages());
    await last().send({
      id: '2:2',
      data: { type: 'snapshot', rows: [row('a', 1), row('b', 2)], replace: false },
    });
    await last().send({ id: '3:3', data: { type: 'upsert', rows: [row('c', 3)] } });
    expect(result.current.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    unmount();
    await act(settle);
    expect(subs()[0]?.unsubscribed).toBe(true);

    const again = renderHook(() => useLiveQuery<Row>(messages()), { wrapper: Providers });
    expect(subs()).toHaveLength(2);
    expect(last().input).toEqual({ class_id: 'c1', channel_id: 'ch1', lastEventId: '3:3' });
    // The cached rows show at once.
    expect(again.result.current.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('unsubscribes on unmount and on key change', async () => {
    const { subs, rerender, unmount, result, last } = renderLive(messages());
    await last().send({ type: 'snapshot', rows: [row('a', 1)], replace: false });
    rerender({ d: messages('ch2') });
    await act(settle);
    expect(subs()).toHaveLength(2);
    expect(subs()[0]?.unsubscribed).toBe(true);
    expect(subs()[1]?.unsubscribed).toBe(false);
    expect(subs()[1]?.input).toEqual({ class_id: 'c1', channel_id: 'ch2', lastEventId: null });
    expect(result.current.status).toBe('loading');
    expect(result.current.rows).toEqual([]);

    // A late event of the old subscription is ignored.
    await subs()[0]?.send({ type: 'upsert', rows: [row('x', 9)] });
    await last().send({ type: 'snapshot', rows: [row('z', 1)], replace: false });
    expect(result.current.rows.map((r) => r.id)).toEqual(['z']);

    unmount();
    await act(settle);
    expect(subs()[1]?.unsubscribed).toBe(true);
  });

  it('holds its cache entry while mounted (one observer per reader) and lets it go after', async () => {
    const { queryClient, last, unmount } = renderLive(messages());
    await last().send({ type: 'snapshot', rows: [row('a', 1)], replace: false });
    const entry = () =>
      queryClient.getQueryCache().find({ queryKey: liveQueryKey(messages().key) });
    expect(entry()?.getObserversCount()).toBe(1);
    unmount();
    await act(settle);
    expect(entry()?.getObserversCount()).toBe(0);
    expect((entry()?.state.data as LiveCacheEntry<Row> | undefined)?.state.rows.size).toBe(1);
  });

  it('leaves a cleared cache empty, and holds the entry written after it while mounted', async () => {
    const { queryClient, last } = renderLive(messages());
    await last().send({ type: 'snapshot', rows: [row('a', 1)], replace: false });
    const entry = () =>
      queryClient.getQueryCache().find({ queryKey: liveQueryKey(messages().key) });
    queryClient.getQueryCache().clear();
    await act(settle);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await last().send({ type: 'upsert', rows: [row('b', 2)] });
    await act(settle);
    expect(entry()?.getObserversCount()).toBe(1);
  });

  it('renders rows written between its render and its subscription once (no extra synchronous render)', async () => {
    const { queryClient, Providers } = liveTestProviders({ trpc: null });
    const key = messages().key;
    const renders: number[] = [];
    const hook = renderHook(
      () => {
        const result = useLiveQuery<Row>(messages());
        renders.push(result.rows.length);
        // The first snapshot lands between the first render and its effects (as over a socket).
        if (renders.length === 1) {
          queryClient.setQueryData<LiveCacheEntry<Row>>(liveQueryKey(key), (entry) => {
            const base = entry ?? emptyLiveEntry<Row>();
            return { ...base, state: { ...base.state, rows: new Map([['a', row('a', 1)]]) } };
          });
        }
        return result;
      },
      { wrapper: Providers },
    );
    await act(settle);
    expect(hook.result.current.rows.map((r) => r.id)).toEqual(['a']);
    expect(renders).toEqual([0, 1]);
  });

  it('does not subscribe while there is no client (signed out)', async () => {
    const { fake, result } = renderLive(mine(), false);
    expect(fake.subscriptions).toHaveLength(0);
    expect(result.current.status).toBe('loading');
  });

  it('reports an error to every reader and to the shared error state; retry subscribes again', async () => {
    const { result, last, errors, subs, Providers } = renderLive(messages());
    const second = renderHook(() => useLiveQuery<Row>(messages()), { wrapper: Providers });
    await last().fail(trpcError('NOT_FOUND', 'Channel not found.'));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe(NOT_FOUND_MESSAGE);
    expect(second.result.current.status).toBe('error');
    expect(errors.get()).toBe(NOT_FOUND_MESSAGE);

    await act(async () => {
      result.current.retry();
      await settle();
    });
    expect(subs()).toHaveLength(2);
    expect(subs()[0]?.unsubscribed).toBe(true);
    expect(result.current.status).toBe('loading');
    await last().send({ type: 'snapshot', rows: [row('a', 1)], replace: false });
    expect(result.current.status).toBe('ready');
    expect(second.result.current.status).toBe('ready');
  });

  it('asks again when a new reader joins a query that failed or ended, not one that is running', async () => {
    const { last, subs, Providers } = renderLive(messages());
    await last().fail(trpcError('NOT_FOUND', 'Channel not found.'));
    // Say a prefetch started before an invitation was accepted: the panel mounting after asks again.
    const second = renderHook(() => useLiveQuery<Row>(messages()), { wrapper: Providers });
    await act(settle);
    expect(subs()).toHaveLength(2);
    expect(subs()[0]?.unsubscribed).toBe(true);
    expect(second.result.current.status).toBe('loading');
    await last().send({ type: 'snapshot', rows: [row('a', 1)], replace: false });
    expect(second.result.current.status).toBe('ready');

    // A running query is shared as it is.
    renderHook(() => useLiveQuery<Row>(messages()), { wrapper: Providers });
    await act(settle);
    expect(subs()).toHaveLength(2);

    await last().send({ type: 'end', reason: 'You no longer have access to this.' });
    renderHook(() => useLiveQuery<Row>(messages()), { wrapper: Providers });
    await act(settle);
    expect(subs()).toHaveLength(3);
  });

  it('subscribes again when the server asks it to start afresh (retry), keeping the rows', async () => {
    const { result, last, subs } = renderLive(messages());
    await last().send({
      id: '1:1',
      data: { type: 'snapshot', rows: [row('a', 1)], replace: false },
    });
    await last().send({
      id: '1:1',
      data: { type: 'end', reason: 'Too far behind; starting afresh.', retry: true },
    });
    await act(settle);
    expect(subs()).toHaveLength(2);
    expect(subs()[0]?.unsubscribed).toBe(true);
    expect(last().input).toEqual({ class_id: 'c1', channel_id: 'ch1', lastEventId: '1:1' });
    expect(result.current.status).toBe('ready');
    expect(result.current.rows.map((r) => r.id)).toEqual(['a']);
  });

  it('starts an ended query over when it is subscribed again', async () => {
    const { result, last } = renderLive(messages());
    await last().send({ type: 'end', reason: 'You no longer have access to this.' });
    expect(result.current.status).toBe('ended');
    act(() => result.current.retry());
    await act(settle);
    expect(result.current.status).toBe('loading');
    expect(result.current.endedReason).toBeNull();
  });
});
