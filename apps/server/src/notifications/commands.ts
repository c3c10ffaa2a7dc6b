// Docs: docs/channels.md#the-settings-page — the one write path of a person's away-notification
// settings (the settings page and the mails' one-click unsubscribe), and of their browsers' push
// subscriptions.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  PUSH_SUBSCRIPTIONS_PER_PERSON,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type PushSubscribeInput,
  type PushUnsubscribeInput,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { notificationSettings, pushSubscriptions } from '../db/schema';
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

/**
 * Keeps one browser's push subscription for the viewer (docs/channels.md#web-push). An endpoint is
 * one browser: subscribed again (a new key, or another person signed in on it) it is replaced, so
 * pushes follow whoever subscribed it last. At most PUSH_SUBSCRIPTIONS_PER_PERSON per person: the
 * oldest beyond that go (with their waiting pushes).
 */
export async function pushSubscriber(
  db: Db,
  viewer: SessionUser,
  input: PushSubscribeInput,
): Promise<{ subscribed: true }> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        id: `psub_${randomUUID()}`,
        uid: viewer.uid,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label: input.label ?? '',
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          uid: viewer.uid,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          label: input.label ?? '',
          created_at: sql`now()`,
        },
      });
    // Jobs made for the endpoint's previous person are theirs, not the viewer's.
    await tx.execute(
      sql`delete from push_jobs j using push_subscriptions ps
        where ps.endpoint = ${input.endpoint} and j.subscription_id = ps.id and j.uid <> ${viewer.uid}`,
    );
    await tx.execute(
      sql`delete from push_subscriptions where id in (
          select id from push_subscriptions where uid = ${viewer.uid}
          order by created_at desc, id desc offset ${PUSH_SUBSCRIPTIONS_PER_PERSON})`,
    );
  });
  return { subscribed: true };
}

/** Forgets one of the viewer's browsers (nothing happens for an endpoint that is not theirs). */
export async function pushUnsubscriber(
  db: Db,
  viewer: SessionUser,
  input: PushUnsubscribeInput,
): Promise<{ unsubscribed: boolean }> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.uid, viewer.uid), eq(pushSubscriptions.endpoint, input.endpoint)),
    )
    .returning({ id: pushSubscriptions.id });
  return { unsubscribed: gone.length > 0 };
}
