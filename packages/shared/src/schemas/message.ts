// Docs: DESIGN §2 "Messages" and §4 (per-channel seq in commit order; creates idempotent on the
// client-made id).
import { z } from 'zod';
import { textSchema } from '../text';
import { MESSAGE_MAX_LENGTH } from '../constants';
import { documentIdSchema } from '../documentId';
import { recordIdSchema } from '../recordId';
import { timestampSchema, uidSchema } from './common';
import { messageAiSchema } from '../agents';

/**
 * A message body as typed: at most MESSAGE_MAX_LENGTH characters (UTF-16 units, as the text box
 * counts them) and not blank. The text is kept exactly as written (no trim): leading spaces can
 * matter in markdown, e.g. an indented code block.
 */
export const messageBodySchema = textSchema({ error: 'Write a message' })
  .max(MESSAGE_MAX_LENGTH, {
    error: `A message can be at most ${MESSAGE_MAX_LENGTH} characters`,
  })
  .refine((body) => body.trim() !== '', { error: 'Write a message' });

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
  /** The live version (DESIGN §4): a later write of the same message has a higher one. */
  version: z.int().min(0).default(0),
  /** Set on messages an AI agent wrote (docs/ai.md): the web labels them as AI. */
  ai: messageAiSchema.nullable().default(null),
});

/** A channel message (DESIGN §2). */
export type Message = z.infer<typeof messageSchema>;

/** What the client sends to post a message; the id is a client-made record id (makeRecordId). */
export const messageInputSchema = z.object({
  id: recordIdSchema,
  class_id: documentIdSchema,
  channel_id: documentIdSchema,
  body: messageBodySchema,
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
