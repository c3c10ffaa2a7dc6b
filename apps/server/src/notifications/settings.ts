// Docs: docs/channels.md#notifications — a person's away-notification settings: the live row every
// tab of theirs follows (`notifications.settings`, key `user:<uid>`), and the one write path that
// changes it (the settings page and the mails' one-click unsubscribe).
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_DELAY,
  type EmailDelay,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { notificationSettings } from '../db/schema';
import { requireClassRole } from '../classes/access';
import { nextVersion, runCommand } from '../live/commands';
import { noInputSchema, type NoInput } from '../live/inputs';
import type { CollectionTopic } from '../live/topic';

/** The notice key of one person's settings. */
export const settingsKey = (uid: string) => `user:${uid}`;

type SettingsRow = typeof notificationSettings.$inferSelect;

/** A row (or none: the defaults) as the wire carries it. */
export function presentSettings(uid: string, row: SettingsRow | undefined): NotificationSettings {
  return {
    uid,
    email_delay: (row?.email_delay ?? DEFAULT_EMAIL_DELAY) as EmailDelay,
    muted_class_ids: row?.muted_class_ids ?? [],
    version: row?.version ?? 0,
  };
}

/** The person's settings (the defaults when they never chose). */
export async function readSettings(db: Db, uid: string): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.uid, uid));
  return presentSettings(uid, row);
}

/** The viewer's own settings, live: a change in any tab, on any node, reaches every other. */
export const settingsTopic: CollectionTopic<
  Record<string, never>,
  NotificationSettings,
  null,
  NoInput
> = {
  name: 'notifications.settings',
  kind: 'collection',
  input: noInputSchema,
  key: (_input, viewer) => settingsKey(viewer.uid),
  access: async () => null,
  classOf: () => '',
  snapshot: async (services, viewer) => [await readSettings(services.database.db, viewer.uid)],
  async load(services, key) {
    const uid = key.slice('user:'.length);
    return [await readSettings(services.database.db, uid)];
  },
  visible: (row, viewer) => row.uid === viewer.uid,
  id: (row) => row.uid,
};

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
