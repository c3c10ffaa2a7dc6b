// Docs: SPEC §3 "Channel", "Channel user record", "Channel notification"; DESIGN §2 "Channel group".
import { z } from 'zod';
import { textSchema } from './text';
import { CHANNEL_GROUP_MAX_MEMBERS, NOTIFICATION_TYPES } from '../constants';
import { documentIdSchema } from './documentId';
import { emailSchema } from '../email';
import { auditFields, timestampSchema, uidSchema } from './common';
import { notifyLevelSchema } from './notifyLevel';

/**
 * A chat channel of a class. `name` is not in SPEC's field list but a channel needs a title
 * (DESIGN §2's "general" channel, the case record's channel_name); '' means "show channel_id".
 * channel_group holds member e-mails, normalized, for team channels (DESIGN §2).
 */
export const channelSchema = z.object({
  channel_id: documentIdSchema,
  class_id: documentIdSchema,
  name: textSchema().default(''),
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

/** A channel name as typed: trimmed, 1–80 characters. */
export const channelNameSchema = textSchema({ error: 'Enter a channel name' })
  .trim()
  .min(1, { error: 'Enter a channel name' })
  .max(80, { error: 'A channel name can be at most 80 characters' });

/**
 * A channel as one viewer's channel list shows it: the channel, its last message seq, the viewer's
 * last read seq (unread = last_seq − last_read_seq − hidden_count) and whether it is the viewer's own channel.
 */
export const channelViewSchema = channelSchema.extend({
  last_seq: z.int().min(0),
  last_read_seq: z.int().min(0),
  is_own: z.boolean(),
  /** Unread messages that mention the viewer (by name or `@channel`). */
  mention_count: z.int().min(0).default(0),
  /**
   * Unread messages a post-first phase hides from the viewer (docs/phases.md#unread-counts): the
   * unread count is last_seq − last_read_seq − hidden_count.
   */
  hidden_count: z.int().min(0).default(0),
  /** What of this channel raises a browser notification for the viewer. */
  notify: notifyLevelSchema.default('all'),
  version: z.int().min(0).default(0),
});
/** A channel in a viewer's list. */
export type ChannelView = z.infer<typeof channelViewSchema>;

/**
 * A person enrolled in a non-public channel (a channel_users record) as `channels.members` sends
 * it: name and e-mail from their account; `email` is null for students' eyes.
 */
export interface ChannelMember {
  uid: string;
  class_id: string;
  channel_id: string;
  /** Stored 'Last, First' name. */
  name: string;
  email: string | null;
  enabled: boolean;
  deleted: boolean;
  version: number;
}

/** What "Create channel" sends; the id is a client-made record id. */
export const channelCreateInputSchema = z.object({
  channel_id: documentIdSchema,
  class_id: documentIdSchema,
  name: channelNameSchema,
  is_public: z.boolean().default(false),
  channel_group: z
    .array(emailSchema)
    .max(CHANNEL_GROUP_MAX_MEMBERS, { error: `At most ${CHANNEL_GROUP_MAX_MEMBERS} members` })
    .default(() => []),
});
/** A parsed channel creation. */
export type ChannelCreateInput = z.infer<typeof channelCreateInputSchema>;

/** Channel settings: any of name, public, group e-mails, enabled. */
export const channelUpdateInputSchema = z.object({
  channel_id: documentIdSchema,
  class_id: documentIdSchema,
  name: channelNameSchema.optional(),
  is_public: z.boolean().optional(),
  enabled: z.boolean().optional(),
  channel_group: z
    .array(emailSchema)
    .max(CHANNEL_GROUP_MAX_MEMBERS, { error: `At most ${CHANNEL_GROUP_MAX_MEMBERS} members` })
    .optional(),
});
/** A parsed channel settings change. */
export type ChannelUpdateInput = z.infer<typeof channelUpdateInputSchema>;

/** A typing or online notice as the live query sends it, with the sender's display name. */
export const channelNotificationViewSchema = channelNotificationSchema.extend({
  id: textSchema(),
  from_name: textSchema(),
  version: z.int().min(0).default(0),
});
/** A typing or online notice in a live list. */
export type ChannelNotificationView = z.infer<typeof channelNotificationViewSchema>;
