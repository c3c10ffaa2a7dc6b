// Docs: docs/channels.md#the-settings-page — a person's settings row as the wire carries it.
import { DEFAULT_EMAIL_DELAY, type EmailDelay, type NotificationSettings } from '@seminar/shared';
import type { notificationSettings } from '../db/schema';

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
