// Writes that never reached the server — the connection was lost under them — go again by
// themselves, with the same id (so never twice), once the connection is back: a few times at most,
// then the reader's Retry is left. Used by the open channel (ChatView.tsx) for sends, edits,
// reactions and deletes.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { isConnectionError } from '../../live/errors';

/** How often a write lost on the way is sent again by itself, and how long after reconnecting. */
export const MAX_AUTO_RETRIES = 3;
const AUTO_RETRY_DELAY_MS = 300;

/**
 * Whether a write's outcome is a failure without any answer from the server (the connection was
 * lost under it): such a write can be sent again safely, as it carries the same id.
 */
export function isLostOnTheWay(outcome: unknown): boolean {
  if (typeof outcome !== 'object' || outcome === null || !('ok' in outcome) || outcome.ok) {
    return false;
  }
  return isConnectionError((outcome as { error?: unknown }).error);
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
    const timer = setTimeout(retryLost, AUTO_RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [connection, lostIds]);
  return { lostIds, noteOutcome };
}
