// Docs: docs/realtime.md#the-subscription-runtime — a subscriber's start and its access: access
// resolved, the snapshot of a collection or a stream sent with what changed meanwhile (changes are
// held until the snapshot is out; too many start it afresh), and access read again after a
// membership or channel change. The hub (hub.ts) registers subscribers and routes notices; this is
// what happens to one subscriber, through what hubCore.ts lists.
import { TRPCError } from '@trpc/server';
import { DomainError } from '../errors';
import { releaseCollection, resyncCollection } from './collectionDelivery';
import { ACCESS_LOST, START_AFRESH, type HubCore } from './hubCore';
import { recheckStream, releaseStream, setLens } from './streamDelivery';
import { MAX_HELD_ROWS, type HeldChange, type Subscriber } from './subscriber';

/**
 * A subscription's start, once it is registered (LiveHub.subscribe): its access (`placed` then
 * files it under its class), its snapshot, the changes held meanwhile, and a recheck asked for
 * while it started.
 */
export async function startSubscriber(
  core: HubCore,
  sub: Subscriber,
  placed: (sub: Subscriber, classId: string) => void,
): Promise<void> {
  const { topic } = sub;
  sub.access = await topic.access(core.services, sub.viewer, sub.input);
  if (sub.ended) return;
  const classId = topic.classOf(sub.access);
  sub.classId = classId;
  placed(sub, classId);
  if (topic.kind === 'collection') {
    for (const key of topic.extraKeys?.(sub.access) ?? []) core.join(sub, key);
    const rows = await topic.snapshot(core.services, sub.viewer, sub.input, sub.access);
    if (sub.ended) return;
    const has = sub.has as Map<string, number>;
    for (const row of rows) has.set(topic.id(row), (row as { version: number }).version);
    await releaseCollection(core, sub, rows);
    if (sub.ended) return;
    if (sub.stale) {
      sub.stale = false;
      await resyncCollection(core, sub);
    }
  } else {
    setLens(sub);
    const snapshot = await topic.snapshot(core.services, sub.viewer, sub.input, sub.access);
    if (sub.ended) return;
    sub.floor = snapshot.floor;
    sub.noticed = Math.max(sub.noticed, snapshot.floor);
    await releaseStream(core, sub, snapshot);
    if (sub.ended) return;
    if (sub.stale) {
      core.end(sub, START_AFRESH, true);
      return;
    }
  }
  if (sub.recheck) await recheck(core, sub);
}

/** Holds a change for a subscriber whose snapshot is not out yet; too much starts it afresh. */
export function holdChange(sub: Subscriber, change: HeldChange): void {
  if (!sub.held || sub.stale) return;
  if (sub.held.length === 0) sub.heldRows = 0;
  sub.held.push(change);
  sub.heldRows += change.rows.length + change.gone.length;
  if (sub.heldRows > MAX_HELD_ROWS) {
    sub.stale = true;
    sub.held.length = 0;
  }
}

/** Reads the subscriber's access afresh; when it is gone, ends the subscription (false). */
export async function refreshAccess(core: HubCore, sub: Subscriber): Promise<boolean> {
  try {
    sub.access = await sub.topic.access(core.services, sub.viewer, sub.input);
    return !sub.ended;
  } catch (error) {
    // Refused (not found, not allowed): the access is gone. Anything else is a failure.
    if (!(error instanceof DomainError) && !(error instanceof TRPCError)) throw error;
    core.end(sub, ACCESS_LOST, false);
    return false;
  }
}

/** Re-checks access after a membership or channel change: ends the subscription or resyncs it. */
export async function recheck(core: HubCore, sub: Subscriber): Promise<void> {
  if (sub.ended) return;
  if (sub.held) {
    sub.recheck = true;
    return;
  }
  sub.recheck = false;
  if (sub.topic.kind === 'collection') await resyncCollection(core, sub);
  else await recheckStream(core, sub);
}
