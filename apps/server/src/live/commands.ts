// Docs: docs/realtime.md#the-write-path — the one write path: policy → rows with audit fields and a
// bumped version → pg_notify, all in one transaction, so a change is announced exactly when it commits.
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { notify, type LiveNotice } from './bus';

/** A Drizzle transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The next value of the one version sequence every live table shares. */
export const nextVersion = sql`nextval('live_version')`;

/** The audit fields of SPEC §4 for a write by `actor`. */
export function auditFields(actor: SessionUser): {
  updated_at: Date;
  updated_by: string;
  updated_by_name: string;
} {
  return { updated_at: new Date(), updated_by: actor.uid, updated_by_name: actor.displayName };
}

/** What a command body gets: the transaction and a way to announce changes on commit. */
export interface CommandScope {
  tx: Tx;
  announce(notice: LiveNotice): void;
}

/**
 * Runs a command in one transaction. Notices are sent with pg_notify inside it, after the body, so
 * they are delivered on commit and never on rollback.
 */
export async function runCommand<T>(db: Db, body: (scope: CommandScope) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const notices: LiveNotice[] = [];
    const result = await body({ tx, announce: (notice) => notices.push(notice) });
    await notify(tx, dedupe(notices));
    return result;
  });
}

function dedupe(notices: LiveNotice[]): LiveNotice[] {
  const merged = new Map<string, LiveNotice>();
  for (const notice of notices) {
    const key = `${notice.topic}\u0000${notice.key}\u0000${notice.uid ?? ''}`;
    const existing = merged.get(key);
    if (!existing) merged.set(key, { ...notice, ids: notice.ids ? [...notice.ids] : null });
    else if (existing.ids && notice.ids)
      existing.ids.push(...notice.ids.filter((id) => !existing.ids?.includes(id)));
    else existing.ids = null;
  }
  return [...merged.values()];
}
