// useMessageActions().loadRange: the server may answer the newest part of a range (its answers stay
// within one frame's worth of bytes); the client asks again for what lies before the oldest row it
// got, until the whole range is in, with no gap.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message } from '@seminar/shared';
import { fakeTrpc, liveTestProviders } from '../testing/liveTestKit';
import { useMessageActions } from './messages';

const message = (seq: number): Message =>
  ({ id: `m${seq}`, seq, version: seq, body: `${seq}` }) as unknown as Message;

describe('loadRange', () => {
  it('asks again before the oldest row when an answer was cut, until the range is in', async () => {
    const fake = fakeTrpc().on(
      'messages.range',
      ({ fromSeq, beforeSeq }: { fromSeq: number; beforeSeq: number }) => {
        // At most 7 rows an answer, the newest of the range.
        const seqs: number[] = [];
        for (let seq = Math.max(fromSeq, beforeSeq - 7); seq < beforeSeq; seq += 1) seqs.push(seq);
        return seqs.map(message);
      },
    );
    const { Providers } = liveTestProviders({ trpc: fake.trpc });
    const { result } = renderHook(() => useMessageActions('c1', 'ch1'), { wrapper: Providers });
    await result.current.loadRange(10, 30);
    const asked = fake.inputsOf('messages.range') as Array<{ fromSeq: number; beforeSeq: number }>;
    expect(asked.map((input) => input.beforeSeq)).toEqual([30, 23, 16]);
    expect(asked.every((input) => input.fromSeq === 10)).toBe(true);
  });

  it('stops when a part of the range has no messages', async () => {
    const fake = fakeTrpc().on('messages.range', () => []);
    const { Providers } = liveTestProviders({ trpc: fake.trpc });
    const { result } = renderHook(() => useMessageActions('c1', 'ch1'), { wrapper: Providers });
    await result.current.loadRange(10, 30);
    expect(fake.inputsOf('messages.range')).toHaveLength(1);
  });
});
