// Docs: docs/channels.md#notifications — the zod schemas of a person's away-notification settings.
import { z } from 'zod';
import { EMAIL_DELAYS } from '../awayNotifications';
import { documentIdSchema } from './documentId';

/** zod schema of an e-mail delay. */
export const emailDelaySchema = z.enum(EMAIL_DELAYS);

/** One change of one's settings: the e-mail delay, or one class muted or not. */
export const notificationSettingsUpdateSchema = z.union([
  z.object({ email_delay: emailDelaySchema }).strict(),
  z.object({ class_id: documentIdSchema, muted: z.boolean() }).strict(),
]);
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;
