// Docs: docs/realtime.md#the-subscription-runtime — what the hub's stream and collection work
// (streamDelivery.ts, collectionDelivery.ts) may ask of the hub: its bookkeeping of subscribers and
// key groups stays private to hub.ts, these are the operations the delivery code needs.
import type { LiveServices } from './services';
import type { StreamCursor } from '@seminar/shared';
import type { LiveMetrics } from './metrics';
import {
  encodeEventJson,
  encodeSubscribed,
  rowsEventJson,
  splitRows,
  type GroupWork,
  type HeldChange,
  type KeyGroup,
  type Subscriber,
} from './subscriber';

export const ACCESS_LOST = 'You no longer have access to this.';
export const START_AFRESH = 'Too far behind; starting afresh.';

/** The hub as its delivery code sees it. */
export interface HubCore {
  readonly services: LiveServices;
  readonly metrics: LiveMetrics;
  /** Ends a subscription from the server's side (see LiveHub). */
  end(sub: Subscriber, reason: string, retry: boolean): void;
  /** Something went wrong for a subscriber: answers its request or starts it afresh. */
  failed(sub: Subscriber, error: unknown): void;
  /** Holds a change for a subscriber whose snapshot is not out yet. */
  hold(sub: Subscriber, change: HeldChange): void;
  /** The rows of `ids` under the group's key: this node's own writes first, the rest read once. */
  rowsOf(group: KeyGroup, works: GroupWork[], ids: string[]): Promise<unknown[]>;
  /** Reads the subscriber's access afresh; false when it is gone (the subscription then ended). */
  refreshAccess(sub: Subscriber): Promise<boolean>;
  /** Re-checks access after a membership or channel change. */
  recheck(sub: Subscriber): Promise<void>;
  join(sub: Subscriber, key: string): void;
  leaveGroup(sub: Subscriber, group: KeyGroup): void;
}

/**
 * Writes a snapshot: one frame when it fits FRAME_BUDGET_BYTES, else the first part as the
 * snapshot and the rest as upserts, each written once the one before it reached the client.
 * `cursorAt(n)` is the cursor once the first n rows are in. False when the sink went away.
 * `asEvent`: the subscription is running (a lens change), so the snapshot is an event frame.
 */
export async function writeSnapshot(
  sub: Subscriber,
  rows: readonly unknown[],
  replace: boolean,
  cursorAt: (count: number) => StreamCursor | null,
  asEvent = false,
): Promise<boolean> {
  const runs = splitRows(rows);
  let count = 0;
  for (const [index, run] of runs.entries()) {
    count += run.length;
    const cursor = cursorAt(count);
    const frame =
      index === 0 && asEvent
        ? encodeEventJson(sub.prefix, rowsEventJson('snapshot', run, replace), cursor)
        : index === 0
          ? encodeSubscribed(
              sub.requestId,
              sub.key,
              rowsEventJson('snapshot', run, replace),
              cursor,
            )
          : encodeEventJson(sub.prefix, rowsEventJson('upsert', run), cursor);
    const written = runs.length === 1 ? sub.sink.write(frame) : await sub.sink.writePaced(frame);
    if (!written || sub.ended) return false;
  }
  return true;
}

/** The rows of `ids` under the group's key: this node's own writes first, the rest read once. */
export async function rowsOf(
  services: LiveServices,
  group: KeyGroup,
  works: GroupWork[],
  ids: string[],
): Promise<unknown[]> {
  const topic = group.topic;
  const byId = new Map<string, unknown>();
  for (const work of works) {
    if (work.kind !== 'notice' || !work.written) continue;
    for (const row of (await work.written) ?? []) {
      const id = topic.id(row);
      const had = byId.get(id) as { version: number } | undefined;
      if (!had || had.version < (row as { version: number }).version) byId.set(id, row);
    }
  }
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0)
    for (const row of await topic.load(services, group.key, missing)) byId.set(topic.id(row), row);
  return [...byId.values()];
}
