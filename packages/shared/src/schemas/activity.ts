// Docs: SPEC §3 "Activity" (activity_id, class_id, enabled, deleted, pending_deleted) and DESIGN §2
// "Activities" (the fields SPEC leaves open).
import { z } from 'zod';
import { textSchema } from './text';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from '../constants';
import { documentIdSchema } from './documentId';
import { AGENT_NAME_PATTERN } from '../agents';
import { aiAgentCooperationModeSchema } from './agent';
import { activityBriefFields } from './caseBrief';
import { activityPhaseFields } from './phase';
import { agentLimitsSchema } from './agentLimits';
import { tutorSettingSchema } from './tutorModes';
import { DEFAULT_AGENT_LIMITS } from '../agentLimits';
import {
  auditFields,
  dateInputSchema,
  dateOrderOptions,
  datesInOrder,
  storedDateSchema,
} from './common';

/** The message shown under the due date when it is before the start date. */
export const DUE_BEFORE_START_MESSAGE = "Due date can't be before the start date";

/**
 * An activity (usually a case discussion) of a class. product_id links an AI product and
 * channel_id its case channel; both are optional.
 */
export const activitySchema = z.object({
  activity_id: documentIdSchema,
  class_id: documentIdSchema,
  title: textSchema(),
  description: textSchema().default(''),
  activity_qualified_name: textSchema().default(''),
  product_id: documentIdSchema.nullable().default(null),
  channel_id: documentIdSchema.nullable().default(null),
  /** The instructor's mode per agent of the product, for this activity (docs/ai.md). */
  ai_agent_modes: z.record(z.string(), z.string()).default({}),
  /** Most agent answers / model tokens in this activity; null: no limit. */
  ai_budget_answers: z.int().min(0).nullable().default(null),
  ai_budget_tokens: z.int().min(0).nullable().default(null),
  /** Per-student limits and the schedule of the agents (docs/ai.md#limits-and-schedules). */
  ai_limits: agentLimitsSchema.default(DEFAULT_AGENT_LIMITS),
  /** How its LLM agents behave (docs/ai.md#tutor-modes); null: as the product says. */
  ai_tutor: tutorSettingSchema.nullable().default(null),
  start_date: storedDateSchema,
  due_date: storedDateSchema,
  enabled: z.boolean(),
  deleted: z.boolean(),
  pending_deleted: z.boolean().default(false),
  ...activityBriefFields,
  /** Phases and where the activity is in them (docs/phases.md). */
  ...activityPhaseFields,
  /** Students' posts in the case channel show to students under pseudonyms (never switched off). */
  anonymous: z.boolean().default(false),
  ...auditFields /** The live version (DESIGN §4): a later write of the same row has a higher one. */,
  version: z.int().min(0).default(0),
});

/** An activity (SPEC §3, DESIGN §2). */
export type Activity = z.infer<typeof activitySchema>;

/**
 * What the client sends to create or edit an activity: title required (trimmed, 1–200), texts
 * trimmed, empty dates become null, the due date may not be before the start date (error on
 * `due_date`). New activities are enabled unless the form says otherwise.
 */
export const activityInputSchema = z
  .object({
    activity_id: documentIdSchema,
    class_id: documentIdSchema,
    title: textSchema({ error: 'Enter a title' })
      .trim()
      .min(1, { error: 'Enter a title' })
      .max(NAME_MAX_LENGTH, { error: `A title can be at most ${NAME_MAX_LENGTH} characters` }),
    description: textSchema()
      .trim()
      .max(DESCRIPTION_MAX_LENGTH, {
        error: `A description can be at most ${DESCRIPTION_MAX_LENGTH} characters`,
      })
      .default(''),
    activity_qualified_name: textSchema()
      .trim()
      .max(SHORT_TEXT_MAX_LENGTH, {
        error: `A qualified name can be at most ${SHORT_TEXT_MAX_LENGTH} characters`,
      })
      .default(''),
    product_id: documentIdSchema.nullable().default(null),
    channel_id: documentIdSchema.nullable().default(null),
    start_date: dateInputSchema,
    due_date: dateInputSchema,
    enabled: z.boolean().default(true),
  })
  .refine(
    (v) => datesInOrder(v.start_date, v.due_date),
    dateOrderOptions('start_date', 'due_date', DUE_BEFORE_START_MESSAGE),
  );

/** A parsed activity input. */
export type ActivityInput = z.infer<typeof activityInputSchema>;

/** What an instructor sends to make an activity anonymous (docs/activities.md#anonymity). */
export const activityAnonymousInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
});

/** A parsed request to make an activity anonymous. */
export type ActivityAnonymousInput = z.infer<typeof activityAnonymousInputSchema>;

/** What an instructor sends to set one agent's mode in an activity (pause it, or resume it). */
export const activityAgentModeInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
  agent: z.string().regex(AGENT_NAME_PATTERN, { error: 'Not an agent name' }),
  mode: aiAgentCooperationModeSchema,
});

/** A parsed agent mode change. */
export type ActivityAgentModeInput = z.infer<typeof activityAgentModeInputSchema>;

/** What an instructor sends to set an activity's agent budget (null: no limit). */
export const activityAgentBudgetInputSchema = z.object({
  class_id: documentIdSchema,
  activity_id: documentIdSchema,
  answers: z.int().min(0).max(1_000_000).nullable(),
  tokens: z.int().min(0).max(1_000_000_000).nullable(),
});

/** A parsed budget change. */
export type ActivityAgentBudgetInput = z.infer<typeof activityAgentBudgetInputSchema>;

/** One person's use of an activity's agents. */
export interface AgentUsageRow {
  uid: string;
  name: string;
  /** Answers posted (jobs done). */
  answers: number;
  analyses: number;
  tokens: number;
  /** Triggers refused by the budget or the rate limit. */
  refused: number;
  /** Epoch ms of the last trigger. */
  last_at: number;
}

/** An activity's agent usage and budget, for its instructors. */
export interface ActivityAgentUsage {
  answers: number;
  analyses: number;
  input_tokens: number;
  output_tokens: number;
  refused: number;
  failed: number;
  budget_answers: number | null;
  budget_tokens: number | null;
  people: AgentUsageRow[];
}
