// Docs: docs/activities.md#case-brief-and-pins — the inputs and wire shapes of case briefs and pins.
import { z } from 'zod';
import { BRIEF_MAX_ATTACHMENTS, BRIEF_MAX_LENGTH } from '../caseBrief';
import { documentIdSchema } from './documentId';
import { messageAttachmentSchema } from './message';
import { textSchema } from './text';
import { timestampSchema, uidSchema } from './common';

/**
 * What an instructor or class admin sends to write an activity's brief: markdown as in messages
 * (kept exactly as written), at most BRIEF_MAX_LENGTH characters; an empty brief removes it. Files
 * are uploads of the writer's in the activity's case channel (POST /api/attachments), and the ids of
 * files the brief has now that it keeps.
 */
export const briefInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
  body: textSchema().max(BRIEF_MAX_LENGTH, {
    error: `A case brief can be at most ${BRIEF_MAX_LENGTH.toLocaleString('en-US')} characters`,
  }),
  attachment_ids: z
    .array(documentIdSchema)
    .max(BRIEF_MAX_ATTACHMENTS, {
      error: `A case brief can carry at most ${BRIEF_MAX_ATTACHMENTS} files`,
    })
    .default([]),
});
export type BriefInput = z.infer<typeof briefInputSchema>;

/** Pin (`on`) or unpin a message; the message names its channel and class. */
export const pinInputSchema = z.object({ id: documentIdSchema, on: z.boolean() });
export type PinInput = z.infer<typeof pinInputSchema>;

/** A pinned message as the channel's pinned bar shows it. */
export const pinSchema = z.object({
  message_id: documentIdSchema,
  class_id: documentIdSchema,
  channel_id: documentIdSchema,
  seq: z.int().min(1),
  author_uid: uidSchema,
  author_name: textSchema(),
  /** The message's text, cut (pinExcerpt); the web shows it as one line. */
  excerpt: textSchema(),
  /** How many files the message carries. */
  files: z.int().min(0),
  pinned_by: uidSchema,
  pinned_by_name: textSchema(),
  pinned_at: timestampSchema,
  /** The live version: the later of the pin's and its message's. */
  version: z.int().min(0),
});
export type Pin = z.infer<typeof pinSchema>;

/** The brief's fields on an activity. */
export const activityBriefFields = {
  /** The case brief (markdown), '' when none. */
  brief: textSchema().max(BRIEF_MAX_LENGTH).default(''),
  brief_attachments: z.array(messageAttachmentSchema).max(BRIEF_MAX_ATTACHMENTS).default([]),
};
