// Docs: DESIGN §2 "Messages" and §4 (per-channel seq in commit order; creates idempotent on the
// client-made id).
import { z } from 'zod';
import { textSchema } from './text';
import { MESSAGE_MAX_LENGTH, MESSAGE_RANGE_MAX } from '../constants';
import { MESSAGE_MAX_ATTACHMENTS } from '../attachments';
import { documentIdSchema } from './documentId';
import { recordIdSchema } from './recordId';
import { timestampSchema, uidSchema } from './common';
import { MAX_MENTIONS_PER_MESSAGE, parseMentions } from '../mentions';
import { reactionSchema } from './reaction';
import { messageAiSchema } from './agent';

/**
 * At most MAX_MENTIONS_PER_MESSAGE people mentioned: the one limit of a send and an edit alike (each
 * mention tells that person's channel lists to re-read, one NOTIFY each).
 */
const withinMentionLimit = [
  (body: string) => parseMentions(body).uids.length <= MAX_MENTIONS_PER_MESSAGE,
  { error: `A message can mention at most ${MAX_MENTIONS_PER_MESSAGE} people` },
] as const;

/**
 * A message body as typed: at most MESSAGE_MAX_LENGTH characters (UTF-16 units, as the text box
 * counts them) and not blank. The text is kept exactly as written (no trim): leading spaces can
 * matter in markdown, e.g. an indented code block.
 */
export const messageBodySchema = textSchema({ error: 'Write a message' })
  .max(MESSAGE_MAX_LENGTH, {
    error: `A message can be at most ${MESSAGE_MAX_LENGTH} characters`,
  })
  .refine((body) => body.trim() !== '', { error: 'Write a message' })
  .refine(...withinMentionLimit);

/** A file on a message, as the web shows it (the bytes are fetched from /api/attachments/:id). */
export const messageAttachmentSchema = z.object({
  id: documentIdSchema,
  name: z.string(),
  type: z.string(),
  size: z.int().min(0),
});
/** A file on a message. */
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/**
 * A channel message as the server sends it. seq starts at 1 and has no gaps per channel; a
 * deleted message may carry an empty body.
 */
export const messageSchema = z.object({
  id: documentIdSchema,
  class_id: documentIdSchema,
  channel_id: documentIdSchema,
  seq: z.int().min(1),
  author_uid: uidSchema,
  author_name: textSchema(),
  body: textSchema().max(MESSAGE_MAX_LENGTH),
  created_at: timestampSchema,
  edited_at: timestampSchema.nullable().default(null),
  deleted: z.boolean().default(false),
  /** Emoji reactions, in the order they were first used (none on a deleted message). */
  reactions: z.array(reactionSchema).default(() => []),
  /** Files on the message (none on a deleted one). */
  attachments: z.array(messageAttachmentSchema).max(MESSAGE_MAX_ATTACHMENTS).default([]),
  /** The live version (DESIGN §4): a later write of the same message has a higher one. */
  version: z.int().min(0).default(0),
  /** Set on messages an AI agent wrote (docs/ai.md): the web labels them as AI. */
  ai: messageAiSchema.nullable().default(null),
  /**
   * In an anonymous activity's case channel (docs/activities.md#anonymity): the author's pseudonym
   * number; absent for staff, agents and any other channel (so other frames carry no extra bytes). A student then gets a pseudonym key as
   * `author_uid` and "Participant N" as `author_name`; staff get both the real name and this.
   */
  pseudonym: z.int().min(1).exactOptional(),
  /**
   * Staff only, in an anonymous case channel: the reactors' pseudonym numbers by uid. Students
   * never get it (their reactions' uids are pseudonym keys already).
   */
  pseudonyms: z.record(z.string(), z.int().min(1)).exactOptional(),
});

/** A channel message (DESIGN §2). */
export type Message = z.infer<typeof messageSchema>;

/** What the client sends to post a message; the id is a client-made record id (makeRecordId). */
export const messageInputSchema = z
  .object({
    id: recordIdSchema,
    class_id: documentIdSchema,
    channel_id: documentIdSchema,
    body: textSchema()
      .max(MESSAGE_MAX_LENGTH, {
        error: `A message can be at most ${MESSAGE_MAX_LENGTH} characters`,
      })
      .refine(...withinMentionLimit),
    /** Uploads of the sender's in this channel (POST /api/attachments) that the message carries. */
    attachment_ids: z
      .array(documentIdSchema)
      .max(MESSAGE_MAX_ATTACHMENTS, {
        error: `A message can carry at most ${MESSAGE_MAX_ATTACHMENTS} files`,
      })
      .optional(),
  })
  .refine((input) => input.body.trim() !== '' || (input.attachment_ids?.length ?? 0) > 0, {
    error: 'Write a message',
    path: ['body'],
  });

/** A parsed message post. */
export type MessageInput = z.infer<typeof messageInputSchema>;

/** What the client sends to edit its own message. */
export const messageEditInputSchema = z.object({
  id: documentIdSchema,
  body: messageBodySchema,
});

/** A parsed message edit. */
export type MessageEditInput = z.infer<typeof messageEditInputSchema>;

/**
 * The messages of a channel with `fromSeq` ≤ seq < `beforeSeq` (at most MESSAGE_RANGE_MAX of them):
 * what the web loads to open a channel at an older message (a search result) with no gap between
 * it and the newest page.
 */
export const messageRangeInputSchema = z
  .object({
    class_id: documentIdSchema,
    channel_id: documentIdSchema,
    fromSeq: z.int().min(1),
    beforeSeq: z.int().min(2),
  })
  .refine((input) => input.fromSeq < input.beforeSeq, {
    error: 'fromSeq must be below beforeSeq',
    path: ['fromSeq'],
  })
  .refine((input) => input.beforeSeq - input.fromSeq <= MESSAGE_RANGE_MAX, {
    error: `At most ${MESSAGE_RANGE_MAX} messages at once`,
    path: ['fromSeq'],
  });

/** A parsed message range. */
export type MessageRangeInput = z.infer<typeof messageRangeInputSchema>;

/** The query of an upload (POST /api/attachments): where the file goes and its name. */
export const attachmentUploadQuerySchema = z.object({
  class_id: documentIdSchema,
  channel_id: documentIdSchema,
  name: textSchema().max(1000, { error: 'A file name can be at most 1000 characters' }),
});
/** A parsed upload query. */
export type AttachmentUploadQuery = z.infer<typeof attachmentUploadQuerySchema>;
