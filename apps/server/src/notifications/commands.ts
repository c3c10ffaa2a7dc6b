// Docs: docs/channels.md#the-settings-page — the one write path of a person's away-notification
// settings (the settings page and the mails' one-click unsubscribe).
import { sql } from 'drizzle-orm';
import type { NotificationSettings, NotificationSettingsUpdate } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { notificationSettings } from '../db/schema';
import { requireClassRole } from '../classes/access';
import { nextVersion, runCommand } from '../live/commands';
import { settingsKey, settingsTopic } from './live';
import { presentSettings } from './presenters';

/**
 * Changes one of a person's settings. Muting names a class they are in (NOT_FOUND otherwise, as for
 * a class that does not exist). Every tab of theirs re-reads the row.
 */
export async function settingsUpdater(
  db: Db,
  uid: string,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  // Unmuting needs no membership: a class one left may still be in the list.
  if ('class_id' in update && update.muted) await requireClassRole(db, uid, update.class_id);
  return runCommand(db, async ({ tx, announce }) => {
    const set =
      'email_delay' in update
        ? { email_delay: update.email_delay }
        : {
            muted_class_ids: update.muted
              ? sql`(select array(select distinct x from unnest(${notificationSettings.muted_class_ids} || array[${update.class_id}]::text[]) x order by x))`
              : sql`array_remove(${notificationSettings.muted_class_ids}, ${update.class_id})`,
          };
    const initial =
      'email_delay' in update
        ? { email_delay: update.email_delay }
        : { muted_class_ids: update.muted ? [update.class_id] : [] };
    const [row] = await tx
      .insert(notificationSettings)
      .values({ uid, ...initial })
      .onConflictDoUpdate({
        target: notificationSettings.uid,
        set: { ...set, version: nextVersion, updated_at: sql`now()` },
      })
      .returning();
    // A shorter delay brings a waiting digest forward (a longer one is found at its run).
    if ('email_delay' in update && update.email_delay !== 'off')
      await tx.execute(
        sql`update notification_jobs j set due_at = least(j.due_at, (select min(i.created_at)
            from notification_items i where i.uid = ${uid}) + ${update.email_delay === '1h' ? sql`interval '1 hour'` : sql`interval '10 minutes'`})
          where j.uid = ${uid} and j.status = 'queued'`,
      );
    announce({ topic: settingsTopic, key: settingsKey(uid), ids: [uid] });
    return presentSettings(uid, row);
  });
}

/** The signed-in person's change (the settings page). */
export function viewerSettingsUpdater(
  db: Db,
  viewer: SessionUser,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return settingsUpdater(db, viewer.uid, update);
}
