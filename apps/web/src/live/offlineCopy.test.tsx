// The offline copy's rules without IndexedDB (e2e/offline.test.ts runs it in Chromium): which rows
// are kept, how the server's first snapshot replaces the copy, and the offline notice, which stands
// for "Reconnecting…" while the browser says it is offline.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@seminar/shared';
import { OFFLINE_MESSAGE, OfflineStatus } from '../shell/OfflineStatus';
import { CONNECTION_LOST_MESSAGE, createErrorStore, ErrorStateProvider } from './errors';
import { ErrorBanner } from './ErrorBanner';
import { emptyLiveEntry, foldLiveEvent, type LiveCacheEntry } from './liveCache';
import { rowsToKeep } from './useOfflineCopy';

interface Row {
  id: string;
  seq: number;
  version: number;
}
const row = (seq: number, version = 1): Row => ({ id: `m${seq}`, seq, version });
const idOf = (r: Row) => r.id;
const bySeq = (a: Row, b: Row) => a.seq - b.seq;

function entryOf(rows: Row[], savedAt: number | null): LiveCacheEntry<Row> {
  return {
    ...emptyLiveEntry<Row>(),
    state: { rows: new Map(rows.map((r) => [r.id, r])), ready: true, ended: null },
    savedAt,
  };
}
const seqs = (entry: LiveCacheEntry<Row>) => [...entry.state.rows.values()].map((r) => r.seq);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('rowsToKeep', () => {
  it.each([
    { rows: [3, 1, 2], max: 10, kept: [1, 2, 3] },
    { rows: [5, 1, 4, 2, 3], max: 2, kept: [4, 5] },
    { rows: [], max: 5, kept: [] },
    { rows: [1, 2], max: 0, kept: [] },
  ])('keeps the last $max of $rows in order: $kept', ({ rows, max, kept }) => {
    const entry = entryOf(
      rows.map((seq) => row(seq)),
      null,
    );
    expect(rowsToKeep(entry, max, bySeq).map((r) => r.seq)).toEqual(kept);
  });

  it('keeps the server rows, not an optimistic write laid over them', () => {
    const entry: LiveCacheEntry<Row> = {
      ...entryOf([row(1)], null),
      pending: new Map([['m9', { row: row(9), status: 'pending', baseVersion: -1, token: 1 }]]),
    };
    expect(rowsToKeep(entry, 10, bySeq).map((r) => r.seq)).toEqual([1]);
  });
});

describe('folding into an offline copy', () => {
  const cases: Array<{
    name: string;
    savedAt: number | null;
    event: LiveEvent<Row>;
    seqs: number[];
    savedAfter: number | null;
  }> = [
    {
      name: "the server's first snapshot replaces the copy (no gap, nothing deleted kept)",
      savedAt: 1_000,
      event: { type: 'snapshot', rows: [row(40), row(41)], replace: false },
      seqs: [40, 41],
      savedAfter: null,
    },
    {
      name: 'the same messages in the snapshot are there once',
      savedAt: 1_000,
      event: { type: 'snapshot', rows: [row(2, 2), row(3)], replace: false },
      seqs: [2, 3],
      savedAfter: null,
    },
    {
      name: 'an older page loaded meanwhile adds to the copy, which stays marked',
      savedAt: 1_000,
      event: { type: 'upsert', rows: [row(0)] },
      seqs: [1, 2, 0],
      savedAfter: 1_000,
    },
    {
      name: "a stream's snapshot merges into the server's own rows",
      savedAt: null,
      event: { type: 'snapshot', rows: [row(3)], replace: false },
      seqs: [1, 2, 3],
      savedAfter: null,
    },
  ];
  it.each(cases)('$name', ({ savedAt, event, seqs: expected, savedAfter }) => {
    const folded = foldLiveEvent(entryOf([row(1), row(2)], savedAt), event, idOf);
    expect(seqs(folded)).toEqual(expected);
    expect(folded.savedAt).toBe(savedAfter);
  });
});

describe('OfflineStatus and the connection banner', () => {
  function renderWithLostConnection() {
    const store = createErrorStore(() => undefined);
    store.report(CONNECTION_LOST_MESSAGE);
    render(
      <ErrorStateProvider store={store}>
        <OfflineStatus />
        <ErrorBanner />
      </ErrorStateProvider>,
    );
  }

  it('online: no offline notice; a lost connection says it is reconnecting', () => {
    renderWithLostConnection();
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(CONNECTION_LOST_MESSAGE);
  });

  it('offline: says so at the "offline" event, instead of "Reconnecting…"; back online, goes', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithLostConnection();
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    // (beside the connection banner's own "Reconnected." status, empty until then)
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      OFFLINE_MESSAGE,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(CONNECTION_LOST_MESSAGE);
  });
});
