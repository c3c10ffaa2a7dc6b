// Docs: docs/ARCHITECTURE.md#one-database-dialect — activities (SPEC §3, DESIGN §2).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_AGENT_LIMITS,
  type AgentLimits,
  type TutorSetting,
  type MessageAttachment,
  type Phase,
  type PhaseState,
} from '@seminar/shared';
import { auditColumns, versionColumn } from './common';
import { classes } from './classes';

export const activities = pgTable(
  'activities',
  {
    activity_id: text('activity_id').primaryKey(),
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    activity_qualified_name: text('activity_qualified_name').notNull().default(''),
    /** Optional AI product used in the activity. */
    product_id: text('product_id'),
    /** Optional case channel. */
    channel_id: text('channel_id'),
    /** Per agent of the product: the instructor's mode for this activity (docs/ai.md), e.g. paused. */
    ai_agent_modes: jsonb('ai_agent_modes').$type<Record<string, string>>().notNull().default({}),
    /** Most agent answers in this activity; null: no limit (docs/ai.md#usage-and-budget). */
    ai_budget_answers: integer('ai_budget_answers'),
    /** Most model tokens (in + out) in this activity; null: no limit. */
    ai_budget_tokens: integer('ai_budget_tokens'),
    /** Per-student limits and the agents' schedule (docs/ai.md#limits-and-schedules). */
    ai_limits: jsonb('ai_limits').$type<AgentLimits>().notNull().default(DEFAULT_AGENT_LIMITS),
    /**
     * Docs: docs/ai.md#the-spend-as-it-happens — when the 80 % warning of the budget was given (set
     * once under this row's lock; cleared when the budget changes), and the version of the staff's
     * AI watch row (flags, spend), bumped by every change of it.
     */
    ai_spend_warned_at: timestamp('ai_spend_warned_at', { withTimezone: true, mode: 'date' }),
    ai_watch_version: bigint('ai_watch_version', { mode: 'number' }).notNull().default(0),
    /** How its LLM agents behave (docs/ai.md#tutor-modes); null: as the product says. */
    ai_tutor: jsonb('ai_tutor').$type<TutorSetting>(),
    /** The case brief, markdown as in messages ('' when none; docs/activities.md). */
    brief: text('brief').notNull().default(''),
    /** The brief's files ({id, name, type, size}); their bytes are in `attachments` (activity_id). */
    brief_attachments: jsonb('brief_attachments')
      .$type<MessageAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    start_date: date('start_date', { mode: 'string' }),
    due_date: date('due_date', { mode: 'string' }),
    enabled: boolean('enabled').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    pending_deleted: boolean('pending_deleted').notNull().default(false),
    /** Docs: docs/phases.md — the ordered phases and where the activity is in them. */
    phases: jsonb('phases').$type<Phase[]>().notNull().default([]),
    phase_state: text('phase_state').$type<PhaseState>().notNull().default('idle'),
    phase_index: integer('phase_index'),
    phase_started_at: timestamp('phase_started_at', { withTimezone: true, mode: 'date' }),
    /** The running phase's timer end; every node's sweep applies it (conditional update). */
    phase_deadline: timestamp('phase_deadline', { withTimezone: true, mode: 'date' }),
    /** The case channel's last_seq when the phase started: later posts belong to the phase. */
    phase_start_seq: bigint('phase_start_seq', { mode: 'number' }).notNull().default(0),
    /** Docs: docs/activities.md#anonymity — students' case posts show under pseudonyms; never off. */
    anonymous: boolean('anonymous').notNull().default(false),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    index('activities_class_id_idx').on(table.class_id),
    // The agent job trigger finds a message's activity by its case channel.
    index('activities_channel_id_idx').on(table.channel_id),
    check('activities_brief_length_check', sql`char_length(${table.brief}) <= 20000`),
    // The phase timer sweep finds running phases whose timer is up.
    index('activities_phase_deadline_idx')
      .on(table.phase_deadline)
      .where(sql`${table.phase_state} = 'running' and ${table.phase_deadline} is not null`),
  ],
);

/**
 * A student's pseudonym in an anonymous activity (docs/activities.md#anonymity): numbered in the
 * order they first need one (their first post, reaction, vote, typing or spotlight), so the number
 * says nothing of the roster's order by name. Assigned under the case channel's row lock.
 */
export const activityPseudonyms = pgTable(
  'activity_pseudonyms',
  {
    activity_id: text('activity_id')
      .notNull()
      .references(() => activities.activity_id),
    uid: text('uid').notNull(),
    number: integer('number').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'activity_pseudonyms_pk', columns: [table.activity_id, table.uid] }),
    unique('activity_pseudonyms_number_unique').on(table.activity_id, table.number),
    check('activity_pseudonyms_number_check', sql`${table.number} >= 1`),
  ],
);
