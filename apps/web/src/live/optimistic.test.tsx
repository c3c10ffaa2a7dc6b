import type { ReactNode } from 'react';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../testing/authTestKit';
import { makeMessage } from '../testing/classFixtures';
import type { LiveTrpcClient } from './client';
import { connectionClosedError, liveTestProviders, trpcError } from '../testing/liveTestKit';
import { ErrorBanner } from './ErrorBanner';
import { CONNECTION_LOST_MESSAGE } from './errors';
import { runOptimistic, useOptimisticWrite, type OptimisticOutcome } from './optimistic';
import { readLiveEntry } from './liveCache';
import { liveQuery } from './liveQueries';
import type { LiveSubscribeHandlers, LiveSubscriptionValue, LiveTopicRow } from './subscription';
import { useLiveQuery } from './useLiveQuery';

type Row = LiveTopicRow<'messages.live'>;
const row = (id: string, seq: number, version: number, body = `m${seq}`): Row =>
  makeMessage(id, { seq, version, body });
const QUERY = liveQuery(
  'messages.live',
  { class_id: 'c1', channel_id: 'ch1' },
  { idOf: (r) => r.id, sort: (a, b) => a.seq - b.seq },
);
const KEY = QUERY.key;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function renderWithLiveQuery() {
  let handlers: LiveSubscribeHandlers<Row> | null = null;
  // A client whose only topic records its handlers for the test to drive.
  const trpc = {
    messages: {
      live: {
        subscribe: (_input: unknown, h: LiveSubscribeHandlers<Row>) => {
          handlers = h;
          return { unsubscribe: () => undefined };
        },
      },
    },
  } as unknown as LiveTrpcClient;
  const kit = liveTestProviders({ trpc });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <kit.Providers>
      <ErrorBanner />
      {children}
    </kit.Providers>
  );
  const hook = renderHook(
    () => ({
      live: useLiveQuery<Row>(QUERY),
      write: useOptimisticWrite(),
    }),
    { wrapper },
  );
  const send = (value: LiveSubscriptionValue<Row>) =>
    act(async () => {
      handlers?.onData(value);
      await settle();
    });
  const bodies = () => hook.result.current.live.rows.map((r) => `${r.id}:${r.body}`);
  return { ...kit, ...hook, send, bodies };
}

/** Starts a write and lets the cache tell the hook; gives the write's outcome (a promise). */
async function start<T>(run: () => Promise<OptimisticOutcome<T>>) {
  let outcome!: Promise<OptimisticOutcome<T>>;
  await act(async () => {
    outcome = run();
    await settle();
  });
  return { outcome };
}

async function finish<T>({ outcome }: { outcome: Promise<OptimisticOutcome<T>> }) {
  let result!: OptimisticOutcome<T>;
  await act(async () => {
    result = await outcome;
    await settle();
  });
  return result;
}

afterEach(cleanup);

describe('optimistic writes', () => {
  it('shows a new row at once marked pending; the answer with the row reconciles it by id', async () => {
    const { result, send, bodies } = renderWithLiveQuery();
    await send({ type: 'snapshot', rows: [row('a', 1, 1)], replace: false });

    const answer = deferred<Row>();
    const outcome = await start(() =>
      result.current.write({
        key: KEY,
        id: 'n',
        row: row('n', 2, 0, 'hello'),
        mutate: () => answer.promise,
        serverRow: (r) => r,
      }),
    );
    expect(bodies()).toEqual(['a:m1', 'n:hello']);
    expect([...result.current.live.pendingIds]).toEqual(['n']);

    answer.resolve(row('n', 2, 7, 'hello'));
    expect(await finish(outcome)).toEqual({ ok: true, result: row('n', 2, 7, 'hello') });
    expect(result.current.live.pendingIds.size).toBe(0);
    expect(result.current.live.rows.find((r) => r.id === 'n')?.version).toBe(7);

    // The echo then changes nothing (same version), and the row is there once.
    await send({ type: 'upsert', rows: [row('n', 2, 7, 'hello')] });
    expect(bodies()).toEqual(['a:m1', 'n:hello']);
  });

  it('reconciles by id when the echo arrives through the live query first', async () => {
    const { result, send, bodies, queryClient } = renderWithLiveQuery();
    await send({ type: 'snapshot', rows: [], replace: false });
    const answer = deferred<undefined>();
    const outcome = await start(() =>
      result.current.write({
        key: KEY,
        id: 'n',
        row: row('n', 1, 0, 'hello'),
        mutate: () => answer.promise,
      }),
    );
    expect(result.current.live.pendingIds.has('n')).toBe(true);

    await send({ type: 'upsert', rows: [row('n', 1, 9, 'hello (server)')] });
    expect(result.current.live.pendingIds.size).toBe(0);
    expect(bodies()).toEqual(['n:hello (server)']);
    expect(readLiveEntry(queryClient, KEY).pending.size).toBe(0);

    answer.resolve(undefined);
    await finish(outcome);
    expect(bodies()).toEqual(['n:hello (server)']);
  });

  it('without a row in the answer: no longer pending, and shown until the echo replaces it', async () => {
    const { result, send, bodies } = renderWithLiveQuery();
    await send({ type: 'snapshot', rows: [row('a', 1, 3)], replace: false });
    const outcome = await start(() =>
      result.current.write({
        key: KEY,
        id: 'a',
        row: row('a', 1, 3, 'edited'),
        mutate: async () => ({ ok: true }),
      }),
    );
    await finish(outcome);
    expect(result.current.live.pendingIds.size).toBe(0);
    expect(bodies()).toEqual(['a:edited']);

    // A resync with the same (old) version keeps the edit shown; the echo (newer) replaces it.
    await send({ type: 'upsert', rows: [row('a', 1, 3)] });
    expect(bodies()).toEqual(['a:edited']);
    await send({ type: 'upsert', rows: [row('a', 1, 4, 'edited!')] });
    expect(bodies()).toEqual(['a:edited!']);
  });

  it('rolls a refused edit back, reports it in plain words and offers a retry', async () => {
    const { result, send, bodies, errors } = renderWithLiveQuery();
    await send({ type: 'snapshot', rows: [row('a', 1, 1)], replace: false });
    const mutate = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(trpcError('FORBIDDEN', 'You can only edit your own messages.'))
      .mockResolvedValueOnce('done');

    const outcome = await start(() =>
      result.current.write({ key: KEY, id: 'a', row: row('a', 1, 1, 'edited'), mutate }),
    );
    const refused = await finish(outcome);
    expect(refused).toMatchObject({ ok: false, message: 'You can only edit your own messages.' });
    expect(bodies()).toEqual(['a:m1']);
    expect(result.current.live.pendingIds.size).toBe(0);
    const failed = result.current.live.failed.get('a');
    expect(failed).toMatchObject({ error: 'You can only edit your own messages.' });
    expect(failed?.row?.body).toBe('edited');
    expect(errors.get()).toBe('You can only edit your own messages.');
    expect(screen.getByRole('alert').textContent).toContain('You can only edit your own messages.');

    const retried = await start(() => failed?.retry() as Promise<OptimisticOutcome<string>>);
    expect(await finish(retried)).toEqual({ ok: true, result: 'done' });
    expect(mutate).toHaveBeenCalledTimes(2);
    expect(result.current.live.failed.size).toBe(0);
    expect(bodies()).toEqual(['a:edited']);
  });

  it('removes a refused new row', async () => {
    const { result, send, bodies, errors } = renderWithLiveQuery();
    await send({ type: 'snapshot', rows: [row('a', 1, 1)], replace: false });
    const answer = deferred<never>();
    const outcome = await start(() =>
      result.current.write({
        key: KEY,
        id: 'n',
        row: row('n', 2, 0, 'hello'),
        mutate: () => answer.promise,
      }),
    );
    expect(bodies()).toEqual(['a:m1', 'n:hello']);
    answer.resolve(Promise.reject(connectionClosedError()) as never);
    await finish(outcome);
    expect(bodies()).toEqual(['a:m1']);
    expect(result.current.live.failed.get('n')?.error).toBe(CONNECTION_LOST_MESSAGE);
    expect(errors.get()).toBe(CONNECTION_LOST_MESSAGE);
  });

  it('hides a row for an optimistic delete and brings it back when refused', async () => {
    const { result, send, bodies } = renderWithLiveQuery();
    await send({ type: 'snapshot', rows: [row('a', 1, 1), row('b', 2, 2)], replace: false });
    const answer = deferred<never>();
    const outcome = await start(() =>
      result.current.write({ key: KEY, id: 'a', row: null, mutate: () => answer.promise }),
    );
    expect(bodies()).toEqual(['b:m2']);
    act(() =>
      answer.resolve(Promise.reject(trpcError('NOT_FOUND', 'Message not found.')) as never),
    );
    expect(await finish(outcome)).toMatchObject({ ok: false });
    expect(bodies()).toEqual(['a:m1', 'b:m2']);
  });

  it('drops a confirmed edit when the server then removes the row', async () => {
    const { result, send, bodies } = renderWithLiveQuery();
    await send({ type: 'snapshot', rows: [row('a', 1, 1), row('b', 2, 2)], replace: false });
    const outcome = await start(() =>
      result.current.write({
        key: KEY,
        id: 'a',
        row: row('a', 1, 1, 'deleting'),
        mutate: async () => undefined,
      }),
    );
    await finish(outcome);
    expect(bodies()).toEqual(['a:deleting', 'b:m2']);
    await send({ type: 'remove', ids: ['a'] });
    expect(bodies()).toEqual(['b:m2']);
  });

  it('leaves a later write of the same row alone when an earlier one fails', async () => {
    const { result, send, bodies } = renderWithLiveQuery();
    await send({ type: 'snapshot', rows: [row('a', 1, 1)], replace: false });
    const first = deferred<never>();
    const one = await start(() =>
      result.current.write({
        key: KEY,
        id: 'a',
        row: row('a', 1, 1, 'one'),
        mutate: () => first.promise,
      }),
    );
    const two = await start(() =>
      result.current.write({
        key: KEY,
        id: 'a',
        row: row('a', 1, 1, 'two'),
        mutate: () => new Promise(() => undefined),
      }),
    );
    void two;
    first.resolve(Promise.reject(new Error('boom')) as never);
    await finish(one);
    expect(bodies()).toEqual(['a:two']);
    expect(result.current.live.pendingIds.has('a')).toBe(true);
  });

  it('works on the cache without a mounted live query (runOptimistic)', async () => {
    const { queryClient } = liveTestProviders();
    const reportError = vi.fn();
    const outcome = runOptimistic({
      queryClient,
      key: ['classes', 'mine'],
      id: 'c1',
      row: { id: 'c1', version: 0 },
      mutate: () => Promise.reject(trpcError('NOT_FOUND', 'Class not found.')),
      reportError,
    });
    expect(readLiveEntry(queryClient, ['classes', 'mine']).pending.get('c1')?.status).toBe(
      'pending',
    );
    await outcome;
    expect(readLiveEntry(queryClient, ['classes', 'mine']).pending.size).toBe(0);
    expect(reportError).toHaveBeenCalledOnce();
  });
});
