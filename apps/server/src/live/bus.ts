// Docs: docs/realtime.md#notifications — committed changes reach every node through one NOTIFY channel.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The one PostgreSQL NOTIFY channel every node listens on. */
export const LIVE_CHANNEL = 'seminar_live';

/**
 * A change notice: topic and ids only, never row data (NOTIFY payloads stop at 8000 bytes).
 * `ids: null` asks every subscriber of the key to resync; topic `access` asks subscribers of the
 * class (`key` = class_id), optionally only `uid`'s, to re-check their access.
 */
export interface LiveNotice {
  topic: string;
  key: string;
  ids: string[] | null;
  uid?: string;
}

/** Keep payloads well under the 8000-byte limit; more ids than fit become a resync. */
const MAX_PAYLOAD_BYTES = 7000;

/** Anything that can run SQL: the Drizzle db or a transaction. */
export type SqlRunner = Pick<Db, 'execute'>;

/** The NOTIFY payload of a notice; more ids than fit become a resync (`ids: null`). */
function payloadOf(notice: LiveNotice): string {
  const payload = JSON.stringify(notice);
  return Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES
    ? JSON.stringify({ ...notice, ids: null })
    : payload;
}

/**
 * Queues notices inside the caller's transaction, in one statement: PostgreSQL delivers them only
 * if that transaction commits, in this order.
 */
export async function notify(tx: SqlRunner, notices: readonly LiveNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const calls = sql.join(
    notices.map((notice) => sql`pg_notify(${LIVE_CHANNEL}, ${payloadOf(notice)})`),
    sql`, `,
  );
  await tx.execute(sql`select ${calls}`);
}

/** Parses a NOTIFY payload; null for anything malformed (never trusted to be ours). */
export function parseNotice(payload: string): LiveNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveNotice>;
    if (typeof value.topic !== 'string' || typeof value.key !== 'string') return null;
    if (
      value.ids !== null &&
      !(Array.isArray(value.ids) && value.ids.every((id) => typeof id === 'string'))
    )
      return null;
    return {
      topic: value.topic,
      key: value.key,
      ids: value.ids ?? null,
      ...(typeof value.uid === 'string' ? { uid: value.uid } : {}),
    };
  } catch {
    return null;
  }
}
