// Docs: DESIGN §4 "Optimistic UI" — a write shows at once, marked pending, in the live query's
// cached rows; it is reconciled by id when the server's echo (a newer version of the row) arrives
// through the live query, or when the mutation itself returns the row. A refused write rolls back
// (the server's row shows again, or the new row goes), is kept as `failed` for a Retry, and its
// error goes to the shared error state in plain words.
//
//   const write = useOptimisticWrite();
//   const id = makeRecordId('msg', uid);
//   void write({
//     key: ['messages', classId, channelId], // the live query's key
//     id,
//     row: { id, class_id: classId, channel_id: channelId, seq: Number.MAX_SAFE_INTEGER, body, … , version: 0 },
//     mutate: () => trpc.messages.send.mutate({ id, class_id: classId, channel_id: channelId, body }),
//     serverRow: (message) => message,
//   });
import { useCallback } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { applyLiveEvent, type LiveRow } from '@seminar/shared';
import { describeError, useErrorActions } from './errors';
import { reconcilePending, updateLiveEntry, type FailedWrite } from './liveCache';

export interface OptimisticWrite<Row extends LiveRow, Result> {
  /** The live query's key, as given to useLiveQuery (its rows are under ['live', ...key]). */
  key: QueryKey;
  /** The row's id (for a create: the client-made id the server keeps, so the echo matches). */
  id: string;
  /** What to show until the server answers; `null` hides the row (a delete). */
  row: Row | null;
  /** Sends the write, e.g. `() => trpc.messages.send.mutate(input)`. */
  mutate: () => Promise<Result>;
  /**
   * The server's row in the mutation's result, when it returns one: folded in at once, so the row
   * does not wait for the echo. Without it the row stays shown (no longer pending) until the echo.
   */
  serverRow?: (result: Result) => Row | null | undefined;
}

export interface OptimisticOptions<Row extends LiveRow, Result> extends OptimisticWrite<
  Row,
  Result
> {
  queryClient: QueryClient;
  /** Where a refusal is reported (the shared error state). */
  reportError?: (error: unknown) => void;
}

export type OptimisticOutcome<Result> =
  { ok: true; result: Result } | { ok: false; error: unknown; message: string };

let lastToken = 0;

function without<V>(map: ReadonlyMap<string, V>, id: string): ReadonlyMap<string, V> {
  if (!map.has(id)) return map;
  const next = new Map(map);
  next.delete(id);
  return next;
}

/**
 * Runs an optimistic write (see the file header). Never throws: the outcome says whether the
 * server took it; a refusal is already rolled back and reported when this resolves.
 */
export async function runOptimistic<Row extends LiveRow, Result>(
  options: OptimisticOptions<Row, Result>,
): Promise<OptimisticOutcome<Result>> {
  const { queryClient, key, id, row } = options;
  const token = ++lastToken;

  updateLiveEntry<Row>(queryClient, key, (entry) => {
    const baseVersion = entry.state.rows.get(id)?.version ?? -1;
    const pending = new Map(entry.pending);
    pending.set(id, { row, status: 'pending', baseVersion, token });
    return { ...entry, pending, failed: without(entry.failed, id) };
  });

  let result: Result;
  try {
    result = await options.mutate();
  } catch (error) {
    const message = describeError(error);
    const retry = () => runOptimistic(options);
    updateLiveEntry<Row>(queryClient, key, (entry) => {
      const current = entry.pending.get(id);
      // A later write of the same row owns it now: leave that one alone.
      if (current && current.token !== token) return entry;
      const failed = new Map<string, FailedWrite<Row>>(entry.failed);
      failed.set(id, { row, error: message, retry });
      return { ...entry, pending: without(entry.pending, id), failed };
    });
    options.reportError?.(error);
    return { ok: false, error, message };
  }

  updateLiveEntry<Row>(queryClient, key, (entry) => {
    const confirmed = options.serverRow?.(result);
    const state =
      confirmed && entry.state.ended === null
        ? applyLiveEvent(entry.state, { type: 'upsert', rows: [confirmed] }, () => id)
        : entry.state;
    const current = entry.pending.get(id);
    let pending = entry.pending;
    if (current?.token === token) {
      const next = new Map(pending);
      next.set(id, { ...current, status: 'confirmed' });
      pending = next;
    }
    return { ...entry, state, pending: reconcilePending(state, pending) };
  });
  return { ok: true, result };
}

/** `runOptimistic` bound to the app's QueryClient and shared error state. */
export function useOptimisticWrite(): <Row extends LiveRow, Result>(
  write: OptimisticWrite<Row, Result>,
) => Promise<OptimisticOutcome<Result>> {
  const queryClient = useQueryClient();
  const { reportError } = useErrorActions();
  return useCallback(
    <Row extends LiveRow, Result>(write: OptimisticWrite<Row, Result>) =>
      runOptimistic<Row, Result>({ ...write, queryClient, reportError }),
    [queryClient, reportError],
  );
}
