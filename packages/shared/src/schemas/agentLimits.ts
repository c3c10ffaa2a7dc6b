// Docs: docs/ai.md#limits-and-schedules — the zod schemas of an activity's agent limits and schedule
// (the rules are ../agentLimits.ts).
import { z } from 'zod';
import {
  AGENT_LIMIT_MAX,
  DEFAULT_AGENT_LIMITS,
  HOUR_MINUTE_PATTERN,
  isTimeZone,
  minutesOfDay,
} from '../agentLimits';
import { PHASE_KINDS } from '../phases';
import { documentIdSchema } from './documentId';

const limitSchema = z
  .int({ error: 'A limit is a whole number of answers' })
  .min(0, { error: 'A limit cannot be negative' })
  .max(AGENT_LIMIT_MAX, { error: `A limit is at most ${AGENT_LIMIT_MAX.toLocaleString('en-US')}` })
  .nullable()
  .default(null);

const hourSchema = z
  .string({ error: 'An hour is written HH:MM' })
  .regex(HOUR_MINUTE_PATTERN, { error: 'An hour is written HH:MM (00:00 to 23:59)' });

/** The hours agents answer in: `to` must come after `from` (the same day). */
export const agentHoursSchema = z
  .object({ from: hourSchema, to: hourSchema })
  .refine((hours) => minutesOfDay(hours.to) > minutesOfDay(hours.from), {
    error: 'The hours must end after they start',
    path: ['to'],
  });

/** An activity's agent limits and schedule (`ai_limits`). */
export const agentLimitsSchema = z.object({
  per_student_day: limitSchema,
  per_student_activity: limitSchema,
  hours: agentHoursSchema.nullable().default(null),
  time_zone: z
    .string({ error: 'Choose a time zone' })
    .max(64, { error: 'Not a time zone' })
    .refine(isTimeZone, { error: 'Not a time zone' })
    .default(DEFAULT_AGENT_LIMITS.time_zone),
  phases_off: z
    .array(z.enum(PHASE_KINDS, { error: 'Choose a kind of phase' }))
    .max(PHASE_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, {
      error: 'Each kind of phase once',
    })
    .default([]),
});

/** What an instructor sends to set an activity's agent limits and schedule. */
export const activityAgentLimitsInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
  limits: agentLimitsSchema,
});

/** A parsed limits change. */
export type ActivityAgentLimitsInput = z.infer<typeof activityAgentLimitsInputSchema>;
