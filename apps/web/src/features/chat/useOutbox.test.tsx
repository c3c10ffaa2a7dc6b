import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@seminar/shared';
import { UNSENT_SEQ } from '../../data/messages';
import { makeMessage } from '../../testing/classFixtures';
import { addToOutbox, readOutbox } from './outbox';
import { useOutbox } from './useOutbox';

afterEach(cleanup);
beforeEach(() => window.localStorage.clear());

const message = makeMessage;

const options = (over: Partial<Parameters<typeof useOutbox>[0]> = {}) => ({
  uid: 'u1',
  classId: 'c1',
  channelId: 'general',
  ready: false,
  rows: [] as Message[],
  busy: () => false,
  resend: () => Promise.resolve(true),
  ...over,
});

describe('useOutbox', () => {
  it('gives the channel’s kept messages at once after a reload, before the channel is live', () => {
    addToOutbox('u1', message('m1'));
    addToOutbox('u1', message('m2', { channel_id: 'lab' }));
    addToOutbox('u1', message('m3', { created_at: 2_000 }));
    const { result } = renderHook(() => useOutbox(options()));
    expect(result.current.kept.map((row) => [row.id, row.body, row.seq])).toEqual([
      ['m1', 'text of m1', UNSENT_SEQ],
      ['m3', 'text of m3', UNSENT_SEQ],
    ]);
  });

  it('follows what is remembered and forgotten, keeping the same list when nothing changed', () => {
    const { result } = renderHook(() => useOutbox(options()));
    expect(result.current.kept).toEqual([]);
    act(() => result.current.remember(message('m1')));
    const withOne = result.current.kept;
    expect(withOne.map((row) => row.id)).toEqual(['m1']);
    act(() => result.current.remember(message('m1')));
    expect(result.current.kept).toBe(withOne);
    act(() => result.current.forget('m1'));
    expect(result.current.kept).toEqual([]);
    expect(readOutbox('u1')).toEqual([]);
  });

  it('once live, sends what the server lacks and forgets what it has, and the rows go', async () => {
    addToOutbox('u1', message('m1'));
    addToOutbox('u1', message('m2'));
    const sent: string[] = [];
    const { result, rerender } = renderHook((props) => useOutbox(props), {
      initialProps: options(),
    });
    expect(result.current.kept).toHaveLength(2);
    rerender(
      options({
        ready: true,
        rows: [message('m1', { seq: 7 })],
        resend: (row) => {
          sent.push(row.id);
          return Promise.resolve(true);
        },
      }),
    );
    await waitFor(() => expect(result.current.kept).toEqual([]));
    expect(sent).toEqual(['m2']);
    expect(readOutbox('u1')).toEqual([]);
  });
});
