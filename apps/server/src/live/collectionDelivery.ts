// Docs: docs/realtime.md#the-subscription-runtime — a collection's work in the hub: its snapshot,
// each change filtered per viewer (frames shared among viewers who get the same rows), and a resync
// that sends the difference between what a subscriber has and what it may see now.
import type { LiveEvent } from '@seminar/shared';
import { writeSnapshot, type HubCore } from './hubCore';
import { encodeEvent, type GroupWork, type KeyGroup, type Subscriber } from './subscriber';

export async function releaseCollection(
  core: HubCore,
  sub: Subscriber,
  rows: unknown[],
): Promise<void> {
  const topic = sub.topic;
  if (topic.kind !== 'collection') return;
  const shown = topic.present
    ? rows.map((row) => topic.present?.(row, sub.viewer, sub.access))
    : rows;
  if (!(await writeSnapshot(sub, shown, true, () => null))) return;
  const held = sub.held ?? [];
  sub.held = null;
  for (const change of held) deliverCollection(core, sub, change.rows, change.gone, false, null);
}

export async function processCollection(
  core: HubCore,
  group: KeyGroup,
  works: GroupWork[],
): Promise<void> {
  if (works.some((work) => work.kind === 'resync' || work.ids === null)) {
    await Promise.all([...group.subs].map((sub) => resyncCollection(core, sub)));
    return;
  }
  const wanted = new Set<string>();
  for (const work of works)
    if (work.kind === 'notice') for (const id of work.ids ?? []) wanted.add(id);
  const ids = [...wanted];
  const rows = await core.rowsOf(group, works, ids);
  const found = new Set(rows.map((row) => group.topic.id(row)));
  const gone = ids.filter((id) => !found.has(id));
  const encoded = new Map<string, Buffer>();
  for (const sub of group.subs) {
    if (sub.held) core.hold(sub, { rows, gone });
    else deliverCollection(core, sub, rows, gone, false, encoded);
  }
}

/**
 * Sends a collection subscriber the rows it may see and does not have at that version (all of
 * them with `force`), and removes for the rows it has that it may no longer see or that are gone.
 * Frames are shared through `encoded` among subscribers that get the same rows.
 */
export function deliverCollection(
  core: HubCore,
  sub: Subscriber,
  rows: readonly unknown[],
  gone: readonly string[],
  force: boolean,
  encoded: Map<string, Buffer> | null,
): void {
  const topic = sub.topic;
  const has = sub.has;
  if (topic.kind !== 'collection' || !has || sub.ended) return;
  const upserts: unknown[] = [];
  const removes: string[] = [];
  let signature = '';
  rows.forEach((row, index) => {
    const id = topic.id(row);
    const version = (row as { version: number }).version;
    if (topic.visible(row, sub.viewer, sub.access)) {
      const had = has.get(id);
      if (force || had === undefined || had < version) {
        has.set(id, version);
        upserts.push(row);
        signature += `${index},`;
      }
    } else if (has.delete(id)) removes.push(id);
  });
  for (const id of gone) if (has.delete(id)) removes.push(id);
  const send = (cacheKey: string, event: () => LiveEvent<unknown>) => {
    let frame = encoded?.get(cacheKey);
    if (!frame) {
      frame = encodeEvent(sub.prefix, event());
      encoded?.set(cacheKey, frame);
    }
    if (sub.sink.write(frame)) core.metrics.delivered(1);
  };
  if (upserts.length > 0) {
    if (topic.present) {
      const present = topic.present;
      const frame = encodeEvent(sub.prefix, {
        type: 'upsert',
        rows: upserts.map((row) => present(row, sub.viewer, sub.access)),
      });
      if (sub.sink.write(frame)) core.metrics.delivered(1);
    } else send(`${sub.key}\u0000u${signature}`, () => ({ type: 'upsert', rows: upserts }));
  }
  if (removes.length > 0)
    send(`${sub.key}\u0000r${removes.join('\u0000')}`, () => ({ type: 'remove', ids: removes }));
}

/**
 * Sends a collection subscriber the difference between what it has and what it may see now, its
 * access read afresh (ended when it is gone).
 */
export async function resyncCollection(core: HubCore, sub: Subscriber): Promise<void> {
  const topic = sub.topic;
  if (topic.kind !== 'collection' || sub.ended || sub.held) return;
  if (!(await core.refreshAccess(sub))) return;
  if (topic.extraKeys) {
    // The keys depend on the access (e.g. which classes are mine): join them afresh.
    const [own] = sub.groups;
    for (const group of sub.groups.slice(1)) core.leaveGroup(sub, group);
    sub.groups = own ? [own] : [];
    for (const key of topic.extraKeys(sub.access)) core.join(sub, key);
  }
  const rows = await topic.snapshot(core.services, sub.viewer, sub.input, sub.access);
  const present = new Set(rows.map((row) => topic.id(row)));
  const gone = [...(sub.has?.keys() ?? [])].filter((id) => !present.has(id));
  // Collections are re-presented per viewer (roles, unread counts): send them whole.
  deliverCollection(core, sub, rows, gone, true, null);
}
