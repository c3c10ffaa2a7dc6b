// Writes that never reached the server — the connection was lost under them — or that the server
// could not make just then (SERVICE_UNAVAILABLE: its database was away, nothing was changed) go
// again by themselves, with the same id (so never twice), once the connection is open: a few times
// at most, each wait twice the last, then the reader's Retry is left. Used by the open channel
// (ChatView.tsx) for sends, edits, reactions and deletes.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { isConnectionError } from '../../live/errors';

/**
 * How often a write lost on the way is sent again by itself, and how long after the connection is
 * open: 0.3 s, doubling each time (0.3 + 0.6 + … + 9.6 s: a database restart of ten seconds or so
 * is waited out).
 */
export const MAX_AUTO_RETRIES = 6;
const AUTO_RETRY_DELAY_MS = 300;

/**
 * Whether a write's outcome is a failure the same write may well get past: no answer from the
 * server (the connection was lost under it), or the server's "not now" (SERVICE_UNAVAILABLE). Such a
 * write can be sent again safely, as it carries the same id.
 */
export function isLostOnTheWay(outcome: unknown): boolean {
  if (typeof outcome !== 'object' || outcome === null || !('ok' in outcome) || outcome.ok) {
    return false;
  }
  const error = (outcome as { error?: unknown }).error;
  return isConnectionError(error) || isServiceUnavailable(error);
}

function isServiceUnavailable(error: unknown): boolean {
  const data = (error as { data?: unknown } | null)?.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { code?: unknown }).code === 'SERVICE_UNAVAILABLE'
  );
}

/** A failed write the live query keeps, with its retry. */
interface RetryableWrite {
  retry: () => Promise<unknown>;
}

/**
 * The ids of writes lost on the way (shown as waiting, not failed) and `noteOutcome(id)`, to pass
 * a write's outcome through; they are sent again AUTO_RETRY_DELAY_MS after the connection is open.
 */
export function useLostWriteRetries(
  connection: string,
  failed: ReadonlyMap<string, RetryableWrite>,
): { lostIds: ReadonlySet<string>; noteOutcome: (id: string) => (outcome: unknown) => void } {
  const [lostIds, setLostIds] = useState<ReadonlySet<string>>(() => new Set());
  const autoRetries = useRef(new Map<string, number>());
  const noteOutcome = useCallback((id: string) => {
    return (outcome: unknown) => {
      if (!isLostOnTheWay(outcome)) return;
      setLostIds((ids) => new Set(ids).add(id));
    };
  }, []);
  const retryLost = useEffectEvent(() => {
    for (const id of lostIds) {
      const write = failed.get(id);
      const tries = autoRetries.current.get(id) ?? 0;
      if (!write || tries >= MAX_AUTO_RETRIES) continue;
      autoRetries.current.set(id, tries + 1);
      void write.retry().then(noteOutcome(id));
    }
    setLostIds(new Set());
  });
  useEffect(() => {
    if (connection !== 'open' || lostIds.size === 0) return;
    // The wait doubles with the tries the lost writes have had (the fewest, so none waits longer);
    // writes out of tries are let go at once.
    const tries = [...lostIds]
      .map((id) => autoRetries.current.get(id) ?? 0)
      .filter((count) => count < MAX_AUTO_RETRIES);
    const timer = setTimeout(
      retryLost,
      tries.length === 0 ? 0 : AUTO_RETRY_DELAY_MS * 2 ** Math.min(...tries),
    );
    return () => clearTimeout(timer);
  }, [connection, lostIds]);
  return { lostIds, noteOutcome };
}
