// Docs: docs/realtime.md#notices-and-signals — committed changes reach every node through one NOTIFY channel.
// A transaction sends one NOTIFY (more only when its notices do not fit in one payload), so many
// changes committed together cost one notification, not one each.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { TopicRef } from './topic';

/** The one PostgreSQL NOTIFY channel every node listens on. */
export const LIVE_CHANNEL = 'seminar_live';

/**
 * A change notice: topic, key and ids only, never row data (NOTIFY payloads stop at 8000 bytes).
 * `ids: null` asks every subscriber of the key to resync.
 */
export interface LiveNotice {
  topic: string;
  key: string;
  ids: string[] | null;
  /** `access` signals: only this member re-checks. */
  uid?: string;
  /**
   * Streams: the highest version these ids were written at. A node resyncs a stream after a lost
   * LISTEN connection from the highest version it has been told about.
   */
  version?: number;
}

/** What a command announces: like a notice, but naming its topic by the topic object. */
export interface Announcement {
  topic: TopicRef;
  key: string;
  ids: string[] | null;
  uid?: string;
  version?: number;
}

/** Who sent a batch of notices: a node id and that node's write token (see writeCache.ts). */
export interface NoticeOrigin {
  node: string;
  token: number;
}

/** A parsed NOTIFY payload. */
export interface NoticeBatch {
  origin: NoticeOrigin | null;
  notices: LiveNotice[];
}

/** Payloads stay well under PostgreSQL's 8000-byte limit. */
export const MAX_PAYLOAD_BYTES = 7000;

/** The notice a command's announcement becomes. */
export function toNotice(announcement: Announcement): LiveNotice {
  const { topic, ...rest } = announcement;
  return { topic: topic.name, ...rest };
}

function wireNotice(notice: LiveNotice): Record<string, unknown> {
  return {
    t: notice.topic,
    k: notice.key,
    i: notice.ids,
    ...(notice.uid === undefined ? {} : { u: notice.uid }),
    ...(notice.version === undefined ? {} : { v: notice.version }),
  };
}

/**
 * The NOTIFY payloads of a transaction's notices: as few as fit under MAX_PAYLOAD_BYTES. A notice
 * too large on its own (very many ids) becomes a resync of its key (`ids: null`).
 */
export function encodeNotices(notices: readonly LiveNotice[], origin?: NoticeOrigin): string[] {
  const head = origin ? `{"n":${JSON.stringify(origin.node)},"w":${origin.token},"l":[` : '{"l":[';
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = head.length + 2;
  for (const notice of notices) {
    let part = JSON.stringify(wireNotice(notice));
    if (head.length + 2 + Buffer.byteLength(part) > MAX_PAYLOAD_BYTES)
      part = JSON.stringify(wireNotice({ ...notice, ids: null }));
    const bytes = Buffer.byteLength(part) + 1;
    if (parts.length > 0 && size + bytes > MAX_PAYLOAD_BYTES) {
      payloads.push(`${head}${parts.join(',')}]}`);
      parts = [];
      size = head.length + 2;
    }
    parts.push(part);
    size += bytes;
  }
  if (parts.length > 0) payloads.push(`${head}${parts.join(',')}]}`);
  return payloads;
}

/** Anything that can run SQL: the Drizzle db or a transaction. */
export type SqlRunner = Pick<Db, 'execute'>;

/**
 * Queues notices inside the caller's transaction, in one statement: PostgreSQL delivers them only
 * if that transaction commits, in this order.
 */
export async function notify(
  tx: SqlRunner,
  notices: readonly LiveNotice[],
  origin?: NoticeOrigin,
): Promise<void> {
  const payloads = encodeNotices(notices, origin);
  if (payloads.length === 0) return;
  const calls = sql.join(
    payloads.map((payload) => sql`pg_notify(${LIVE_CHANNEL}, ${payload})`),
    sql`, `,
  );
  await tx.execute(sql`select ${calls}`);
}

const isString = (value: unknown): value is string => typeof value === 'string';

function parseWireNotice(value: unknown): LiveNotice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { t, k, i, u, v } = value as Record<string, unknown>;
  if (!isString(t) || !isString(k)) return null;
  if (i !== null && !(Array.isArray(i) && i.every(isString))) return null;
  if (u !== undefined && !isString(u)) return null;
  if (v !== undefined && !(typeof v === 'number' && Number.isSafeInteger(v))) return null;
  return {
    topic: t,
    key: k,
    ids: i,
    ...(u === undefined ? {} : { uid: u }),
    ...(v === undefined ? {} : { version: v }),
  };
}

/** Parses a NOTIFY payload; null for anything malformed (never trusted to be ours). */
export function parseNotices(payload: string): NoticeBatch | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { n, w, l } = value as Record<string, unknown>;
  if (!Array.isArray(l)) return null;
  const notices: LiveNotice[] = [];
  for (const item of l) {
    const notice = parseWireNotice(item);
    if (notice) notices.push(notice);
  }
  const origin =
    isString(n) && typeof w === 'number' && Number.isSafeInteger(w) ? { node: n, token: w } : null;
  return { origin, notices };
}

/**
 * Merges a transaction's announcements: one notice per (topic, key, uid), ids united (any null
 * makes it a resync), the highest version kept.
 */
export function mergeNotices(notices: readonly LiveNotice[]): LiveNotice[] {
  const merged = new Map<string, LiveNotice>();
  for (const notice of notices) {
    const key = `${notice.topic}\u0000${notice.key}\u0000${notice.uid ?? ''}`;
    const existing = merged.get(key);
    if (!existing) {
      merged.set(key, { ...notice, ids: notice.ids ? [...notice.ids] : null });
      continue;
    }
    if (existing.ids && notice.ids) {
      const have = new Set(existing.ids);
      for (const id of notice.ids) if (!have.has(id)) existing.ids.push(id);
    } else existing.ids = null;
    if (notice.version !== undefined)
      existing.version = Math.max(existing.version ?? 0, notice.version);
  }
  return [...merged.values()];
}
