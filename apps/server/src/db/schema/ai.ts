// Docs: docs/ai.md#the-job-mechanism — one row per answer an agent owes (a trigger message × an agent).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Agent jobs. A row is made by the trigger `messages_ai_enqueue` (migration, hand-written) in the
 * transaction that inserts the triggering message, so a message and the answer it is owed commit
 * together. Nodes claim rows with `FOR UPDATE SKIP LOCKED` and hold them under a lease.
 */
export const aiJobs = pgTable(
  'ai_jobs',
  {
    /** `job_<message id>_<agent>`: one job per trigger and agent, whatever inserts the message. */
    job_id: text('job_id').primaryKey(),
    class_id: text('class_id').notNull(),
    activity_id: text('activity_id').notNull(),
    channel_id: text('channel_id').notNull(),
    /** The triggering message. */
    message_id: text('message_id').notNull(),
    agent: text('agent').notNull(),
    product_id: text('product_id').notNull(),
    /** Who wrote the triggering message (usage per student, the rate limit). */
    author_uid: text('author_uid').notNull(),
    /**
     * queued → running → done | failed (the channel is told) | refused (budget or rate limit: the
     * reply says so) | skipped (nothing to answer, or the agent cannot answer on this server).
     */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** While running: the node holding it and until when; an expired lease is claimed again. */
    worker: text('worker'),
    lease_until: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** The reply's message id (derived from job_id) once posted. */
    reply_id: text('reply_id'),
    /** Usage: analyses run by code, tokens by a model. */
    analyses: integer('analyses').notNull().default(0),
    input_tokens: integer('input_tokens').notNull().default(0),
    output_tokens: integer('output_tokens').notNull().default(0),
    /**
     * When it was admitted past the limits and schedule (docs/ai.md#limits-and-schedules): from then
     * on it counts against them while running, and for good once done.
     */
    admitted_at: timestamp('admitted_at', { withTimezone: true, mode: 'date' }),
    /** The refusal this job's reply told its author (a day, a phase…): each is told once. */
    told: text('told'),
    /**
     * Docs: docs/ai.md#moderation — the moderation category when the question or the answer was
     * flagged (null: not flagged), what kind of thing was found (never the thing), the answer held
     * back from the channel (staff read it in the review), and who marked the flag handled, when.
     */
    flag: text('flag'),
    flag_detail: text('flag_detail'),
    held_answer: text('held_answer'),
    flag_handled_at: timestamp('flag_handled_at', { withTimezone: true, mode: 'date' }),
    flag_handled_by: text('flag_handled_by'),
    flag_handled_by_name: text('flag_handled_by_name'),
    /** Why it failed or was refused (for the instructor; never shown to students verbatim). */
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    // The claim query: the oldest queued job, or a running one whose lease ran out.
    index('ai_jobs_open_idx')
      .on(table.created_at)
      .where(sql`${table.status} in ('queued', 'running')`),
    index('ai_jobs_activity_idx').on(table.activity_id, table.author_uid, table.created_at),
    // A refusal is told once per person: two racing refusals cannot both say it.
    uniqueIndex('ai_jobs_told_once_idx')
      .on(table.activity_id, table.author_uid, table.told)
      .where(sql`${table.told} is not null`),
    // The unhandled flags of an activity (its badge): few rows, read on every finished job.
    index('ai_jobs_flag_open_idx')
      .on(table.activity_id)
      .where(sql`${table.flag} is not null and ${table.flag_handled_at} is null`),
    check('ai_jobs_flag_check', sql`${table.flag} in ('profanity', 'personal_data', 'external')`),
    check(
      'ai_jobs_status_check',
      sql`${table.status} in ('queued', 'running', 'done', 'failed', 'refused', 'skipped')`,
    ),
  ],
);
