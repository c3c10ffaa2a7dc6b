// Docs: docs/realtime.md#the-write-path — the one write path: policy → rows with audit fields and a
// bumped version → pg_notify, all in one transaction, so a change is announced exactly when it commits.
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { mergeNotices, notify, toNotice, type Announcement } from './bus';

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
  /** Announces a change of `topic`'s rows (or a signal) to every node when the transaction commits. */
  announce(announcement: Announcement): void;
}

/**
 * Runs a command in one transaction. Its announcements become one pg_notify inside it, after the
 * body, so they are delivered on commit and never on rollback.
 */
export async function runCommand<T>(db: Db, body: (scope: CommandScope) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const announcements: Announcement[] = [];
    const result = await body({ tx, announce: (item) => announcements.push(item) });
    await notify(tx, mergeNotices(announcements.map(toNotice)));
    return result;
  });
}
