// Docs: docs/debrief.md — an activity's grading rubric and grades, and the log of its phases.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Marks, RubricCriterion, SummaryCitation } from '@seminar/shared';
import { activities } from './activities';
import { auditColumns, versionColumn } from './common';

/** One rubric per activity: the scale and the weighted criteria (docs/debrief.md#the-rubric). */
export const debriefRubrics = pgTable('debrief_rubrics', {
  activity_id: text('activity_id')
    .primaryKey()
    .references(() => activities.activity_id),
  class_id: text('class_id').notNull(),
  scale: integer('scale').notNull(),
  criteria: jsonb('criteria').$type<RubricCriterion[]>().notNull(),
  ...auditColumns(),
  version: versionColumn(),
});

/** A student's grade in an activity: marks by criterion id (those given by hand) and a comment. */
export const debriefGrades = pgTable(
  'debrief_grades',
  {
    activity_id: text('activity_id')
      .notNull()
      .references(() => activities.activity_id),
    uid: text('uid').notNull(),
    class_id: text('class_id').notNull(),
    marks: jsonb('marks').$type<Marks>().notNull().default({}),
    comment: text('comment').notNull().default(''),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.activity_id, table.uid] }),
    check('debrief_grades_comment_length_check', sql`char_length(${table.comment}) <= 2000`),
  ],
);

/**
 * Every start of a phase (with the case channel's seq it begins after) and the end of the phases
 * (phase_id null): written by the trigger of migration 0019 on activities, read by the figures.
 */
export const activityPhaseLog = pgTable(
  'activity_phase_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    activity_id: text('activity_id')
      .notNull()
      .references(() => activities.activity_id),
    start_seq: bigint('start_seq', { mode: 'number' }).notNull(),
    phase_id: text('phase_id'),
    title: text('title'),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('activity_phase_log_activity_idx').on(table.activity_id, table.start_seq)],
);

/**
 * An activity's AI summary (one, the latest): written as the model streams (`streaming`), then
 * `done` with its checked citations, or `failed` (docs/debrief.md#the-ai-summary).
 */
export const debriefSummaries = pgTable(
  'debrief_summaries',
  {
    activity_id: text('activity_id')
      .primaryKey()
      .references(() => activities.activity_id),
    class_id: text('class_id').notNull(),
    status: text('status').$type<'streaming' | 'done' | 'failed'>().notNull().default('streaming'),
    text: text('text').notNull().default(''),
    citations: jsonb('citations').$type<SummaryCitation[]>().notNull().default([]),
    error: text('error'),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    check(
      'debrief_summaries_status_check',
      sql`${table.status} in ('streaming', 'done', 'failed')`,
    ),
  ],
);
