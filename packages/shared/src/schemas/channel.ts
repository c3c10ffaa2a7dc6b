// Docs: SPEC §3 "Channel", "Channel user record", "Channel notification"; DESIGN §2 "Channel group".
import { z } from 'zod';
import { CHANNEL_GROUP_MAX_MEMBERS, NOTIFICATION_TYPES } from '../constants';
import { documentIdSchema } from '../documentId';
import { emailSchema } from '../email';
import { auditFields, timestampSchema, uidSchema } from './common';

/**
 * A chat channel of a class. `name` is not in SPEC's field list but a channel needs a title
 * (DESIGN §2's "general" channel, the case record's channel_name); '' means "show channel_id".
 * channel_group holds member e-mails, normalized, for team channels (DESIGN §2).
 */
export const channelSchema = z.object({
  channel_id: documentIdSchema,
  class_id: documentIdSchema,
  name: z.string().default(''),
  is_public: z.boolean().default(false),
  enabled: z.boolean(),
  deleted: z.boolean(),
  channel_group: z
    .array(emailSchema)
    .max(CHANNEL_GROUP_MAX_MEMBERS, { error: `At most ${CHANNEL_GROUP_MAX_MEMBERS} members` })
    .default(() => []),
  ...auditFields,
});

/** A channel (SPEC §3). */
export type Channel = z.infer<typeof channelSchema>;

/**
 * A user's enrolment in a channel. SPEC lists class_id, uid, deleted and enabled; channel_id is
 * added because the record's parent channel (implicit in a document path) must travel with it.
 */
export const channelUserSchema = z.object({
  channel_id: documentIdSchema,
  class_id: documentIdSchema,
  uid: uidSchema,
  enabled: z.boolean(),
  deleted: z.boolean(),
});

/** A channel user record (SPEC §3). */
export type ChannelUser = z.infer<typeof channelUserSchema>;

/** A typing or online notification's type. */
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/**
 * A typing or online notice in a channel. `from` is the sender's uid; created_at is stamped by
 * the server (epoch ms) so recency can be judged against server time.
 */
export const channelNotificationSchema = z.object({
  type: notificationTypeSchema,
  from: uidSchema,
  created_at: timestampSchema,
  class_id: documentIdSchema,
  channel_id: documentIdSchema,
  deleted: z.boolean().default(false),
});

/** A channel notification (SPEC §3). */
export type ChannelNotification = z.infer<typeof channelNotificationSchema>;
