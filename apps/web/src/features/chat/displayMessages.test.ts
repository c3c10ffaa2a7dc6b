import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@seminar/shared';
import { makeMessage } from '../../testing/classFixtures';
import { displayMessages, type DisplayMessagesInput } from './displayMessages';

const sent = (id: string, seq: number) => makeMessage(id, { seq });
const failedWrite = (row: Message | null, error = 'Refused.') => ({
  row,
  error,
  retry: vi.fn(() => Promise.resolve({ ok: true })),
});

function input(over: Partial<DisplayMessagesInput> = {}): DisplayMessagesInput {
  return {
    rows: [],
    failed: new Map(),
    pendingIds: new Set(),
    lostIds: new Set(),
    kept: [],
    connectionOpen: true,
    noteOutcome: () => () => undefined,
    dismissFailed: () => undefined,
    ...over,
  };
}

const kinds = (list: ReturnType<typeof displayMessages>) =>
  list.map((item) => `${item.message.id}:${item.status.kind}`);

describe('displayMessages', () => {
  it.each([
    ['a sent row', input({ rows: [sent('a', 1)] }), ['a:sent']],
    [
      'a row being written',
      input({ rows: [sent('a', 1)], pendingIds: new Set(['a']) }),
      ['a:sending'],
    ],
    [
      'a change the server refused',
      input({ rows: [sent('a', 1)], failed: new Map([['a', failedWrite(sent('a', 1))]]) }),
      ['a:changeFailed'],
    ],
    [
      'a change lost on the way',
      input({
        rows: [sent('a', 1)],
        failed: new Map([['a', failedWrite(sent('a', 1))]]),
        lostIds: new Set(['a']),
      }),
      ['a:waiting'],
    ],
    [
      'a refused send (rolled back), after the rows',
      input({ rows: [sent('a', 1)], failed: new Map([['b', failedWrite(makeMessage('b'))]]) }),
      ['a:sent', 'b:failed'],
    ],
    [
      'a lost send',
      input({ failed: new Map([['b', failedWrite(makeMessage('b'))]]), lostIds: new Set(['b']) }),
      ['b:waiting'],
    ],
    [
      'a refused delete (no row to show) adds nothing',
      input({ rows: [sent('a', 1)], failed: new Map([['x', failedWrite(null)]]) }),
      ['a:sent'],
    ],
    [
      'the outbox’s messages not among the rows, last, sending while connected',
      input({ rows: [sent('a', 1)], kept: [makeMessage('a'), makeMessage('k')] }),
      ['a:sent', 'k:sending'],
    ],
    [
      'the outbox’s messages wait without a connection',
      input({ kept: [makeMessage('k')], connectionOpen: false }),
      ['k:waiting'],
    ],
  ])('%s', (_name, given, expected) => {
    expect(kinds(displayMessages(given))).toEqual(expected);
  });

  it('retries a refused write through noteOutcome, and discards it by id', async () => {
    const write = failedWrite(makeMessage('b'));
    const noted = vi.fn();
    const dismissFailed = vi.fn();
    const [item] = displayMessages(
      input({
        failed: new Map([['b', write]]),
        noteOutcome: (id) => (o) => noted(id, o),
        dismissFailed,
      }),
    );
    if (item?.status.kind !== 'failed') throw new Error('expected a failed send');
    item.status.retry();
    await Promise.resolve();
    await Promise.resolve();
    expect(write.retry).toHaveBeenCalledTimes(1);
    expect(noted).toHaveBeenCalledWith('b', { ok: true });
    item.status.discard();
    expect(dismissFailed).toHaveBeenCalledWith('b');
  });
});
