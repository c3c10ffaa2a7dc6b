// Docs: docs/ai.md#tutor-modes — the zod schemas of an activity's tutor mode (the rules are
// ../tutorModes.ts).
import { z } from 'zod';
import { TUTOR_CUSTOM_MAX_LENGTH, TUTOR_MODES } from '../tutorModes';
import { documentIdSchema } from './documentId';
import { textSchema } from './text';

const modeSchema = z.enum(TUTOR_MODES, { error: 'Choose a tutor mode' });

/** A stored tutor setting (`ai_tutor`), as clients receive it. */
export const tutorSettingSchema = z.object({
  mode: modeSchema,
  version: z.int().min(1),
  custom: z.string().nullable(),
});

/** What an instructor picks: a mode, and for `custom` their instructions (1–4,000 characters). */
export const tutorChoiceSchema = z
  .object({
    mode: modeSchema,
    custom: textSchema({ error: 'Instructions must be text' })
      .trim()
      .max(TUTOR_CUSTOM_MAX_LENGTH, {
        error: `Custom instructions can be at most ${TUTOR_CUSTOM_MAX_LENGTH.toLocaleString('en-US')} characters`,
      })
      .nullable()
      .default(null),
  })
  .refine((choice) => choice.mode !== 'custom' || (choice.custom ?? '') !== '', {
    error: 'Write the instructions for a custom tutor',
    path: ['custom'],
  });

/** What an instructor sends to set an activity's tutor mode (null: the product's own behaviour). */
export const activityTutorInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
  tutor: tutorChoiceSchema.nullable(),
});

/** A parsed tutor mode change. */
export type ActivityTutorInput = z.infer<typeof activityTutorInputSchema>;
