// Docs: docs/channels.md#the-settings-page — a person's away-notification settings, live: the one
// row every tab of theirs follows (`notifications.settings`, key `user:<uid>`).
import { eq } from 'drizzle-orm';
import type { NotificationSettings } from '@seminar/shared';
import type { Db } from '../db/client';
import { notificationSettings } from '../db/schema';
import { noInputSchema, type NoInput } from '../live/inputs';
import type { CollectionTopic } from '../live/topic';
import { presentSettings } from './presenters';

/** The notice key of one person's settings. */
export const settingsKey = (uid: string) => `user:${uid}`;

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
