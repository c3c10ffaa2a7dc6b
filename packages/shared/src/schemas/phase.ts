// Docs: docs/phases.md — the zod schemas of an activity's phases (the rules are ../phases.ts).
import { z } from 'zod';
import {
  PHASE_KINDS,
  PHASE_MAX_COUNT,
  PHASE_TIMER_MAX_SECONDS,
  PHASE_TIMER_MIN_SECONDS,
  PHASE_TITLE_MAX_LENGTH,
} from '../phases';
import { documentIdSchema } from './documentId';
import { textSchema } from './text';

/** A phase id: short, client-made. */
export const phaseIdSchema = z
  .string({ error: 'A phase id must be text' })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'Not a phase id' });

export const phaseSchema = z.object({
  id: phaseIdSchema,
  kind: z.enum(PHASE_KINDS, { error: 'Choose a kind of phase' }),
  title: textSchema({ error: 'Enter a title' })
    .trim()
    .min(1, { error: 'Enter a title' })
    .max(PHASE_TITLE_MAX_LENGTH, {
      error: `A phase title can be at most ${PHASE_TITLE_MAX_LENGTH} characters`,
    }),
  timer_seconds: z
    .int({ error: 'A timer is a whole number of seconds' })
    .min(PHASE_TIMER_MIN_SECONDS, {
      error: `A timer is at least ${PHASE_TIMER_MIN_SECONDS} seconds`,
    })
    .max(PHASE_TIMER_MAX_SECONDS, { error: 'A timer is at most 4 hours' })
    .nullable()
    .default(null),
  at_zero: z.enum(['end', 'ask']).default('end'),
});

/** The phase fields an activity carries (spread into activitySchema). */
export const activityPhaseFields = {
  phases: z.array(phaseSchema).default([]),
  phase_state: z.enum(['idle', 'running', 'overtime', 'done']).default('idle'),
  phase_index: z.int().min(0).nullable().default(null),
  phase_started_at: z.number().nullable().default(null),
  phase_deadline: z.number().nullable().default(null),
  phase_start_seq: z.int().min(0).default(0),
};

/** What an instructor sends to set an activity's phases (the whole ordered list). */
export const activityPhasesInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
  phases: z
    .array(phaseSchema)
    .max(PHASE_MAX_COUNT, { error: `An activity can have at most ${PHASE_MAX_COUNT} phases` })
    .refine((phases) => new Set(phases.map((p) => p.id)).size === phases.length, {
      error: 'Two phases have the same id',
    }),
});
export type ActivityPhasesInput = z.infer<typeof activityPhasesInputSchema>;

/**
 * What an instructor sends to advance: `start`, `next` or `end`. `from_phase_id` is the phase the
 * instructor sees running (null when starting): a click that arrives after the phase moved on (the
 * timer, a co-instructor) is refused instead of skipping a phase.
 */
export const activityPhaseAdvanceInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
  action: z.enum(['start', 'next', 'end'], { error: 'Unknown phase action' }),
  from_phase_id: phaseIdSchema.nullable().default(null),
});
export type ActivityPhaseAdvanceInput = z.infer<typeof activityPhaseAdvanceInputSchema>;
