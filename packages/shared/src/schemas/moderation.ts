// Docs: docs/ai.md#moderation — the zod schemas of a class's moderation settings and of marking a
// flagged exchange handled (the rules are ../moderation.ts).
import { z } from 'zod';
import { documentIdSchema } from './documentId';
import { textSchema } from './text';

/** A class's moderation checks (`classes.ai_moderation`): each on or off, no other key. */
export const moderationSettingsSchema = z.strictObject(
  {
    profanity: z.boolean({ error: 'Say whether to check for offensive language' }),
    personal_data: z.boolean({ error: 'Say whether to check for personal data' }),
    external: z.boolean({ error: 'Say whether to ask the moderation service' }),
  },
  { error: 'Unknown moderation setting' },
);

export const moderationSettingsInputSchema = z.object({
  class_id: documentIdSchema,
  settings: moderationSettingsSchema,
});
export type ModerationSettingsInput = z.infer<typeof moderationSettingsInputSchema>;

/** Marks one flagged exchange of an activity handled. */
export const flagHandledInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
  job_id: textSchema({ error: 'Name the exchange' })
    .min(1, { error: 'Name the exchange' })
    .max(2000, { error: 'Not an exchange' }),
});
export type FlagHandledInput = z.infer<typeof flagHandledInputSchema>;
