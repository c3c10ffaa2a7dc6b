// Docs: docs/ARCHITECTURE.md#one-database-dialect — classes, class requests and memberships (SPEC §3).
import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';
import type { ModerationSettings } from '@seminar/shared';
import { auditColumns, versionColumn } from './common';

const courseColumns = () => ({
  course_code: text('course_code').notNull().default(''),
  course_term: text('course_term').notNull().default(''),
  course_name: text('course_name').notNull().default(''),
  course_description: text('course_description').notNull().default(''),
  course_disciplines: text('course_disciplines')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  course_categories: text('course_categories')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  start_date: date('start_date', { mode: 'string' }),
  end_date: date('end_date', { mode: 'string' }),
});

export const classes = pgTable('classes', {
  class_id: text('class_id').primaryKey(),
  name: text('name').notNull(),
  is_public: boolean('is_public').notNull().default(false),
  is_demo: boolean('is_demo').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  deleted: boolean('deleted').notNull().default(false),
  ...courseColumns(),
  pending_enabled: boolean('pending_enabled').notNull().default(false),
  pending_deleted: boolean('pending_deleted').notNull().default(false),
  /**
   * Docs: docs/classes.md#archive — set when staff archive the class at the end of term: then it is
   * read-only for everyone (the triggers of migration 0021 refuse every write below it).
   */
  archived_at: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  archived_by: text('archived_by'),
  /** Docs: docs/ai.md#moderation — which moderation checks are on (null: all, the default). */
  ai_moderation: jsonb('ai_moderation').$type<ModerationSettings>(),
  ...auditColumns(),
  version: versionColumn(),
});

/** A request to create a class (SPEC §4); the server turns it into a class with the same id. */
export const pendingClasses = pgTable(
  'pending_classes',
  {
    pending_class_id: text('pending_class_id').primaryKey(),
    name: text('name').notNull(),
    is_public: boolean('is_public').notNull().default(false),
    ...courseColumns(),
    /** pending → done (class created) or rejected (with `error`). */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    check('pending_classes_status_check', sql`${table.status} in ('pending', 'done', 'rejected')`),
    index('pending_classes_created_by_idx').on(table.created_by),
  ],
);

/**
 * SPEC's class_students, class_instructors and class_admins in one table keyed by role, so
 * "my classes" is one join whatever the number of classes (DESIGN §2, the chunks of 30).
 */
export const classMemberships = pgTable(
  'class_memberships',
  {
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    uid: text('uid').notNull(),
    role: text('role').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    pending_deleted: boolean('pending_deleted').notNull().default(false),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.class_id, table.role, table.uid] }),
    check('class_memberships_role_check', sql`${table.role} in ('student', 'admin', 'instructor')`),
    index('class_memberships_uid_idx').on(table.uid),
  ],
);

/**
 * An e-mail added to a class that has no account yet; it becomes a membership when that address
 * signs up (DESIGN §2 roster).
 */
export const classInvitations = pgTable(
  'class_invitations',
  {
    class_id: text('class_id')
      .notNull()
      .references(() => classes.class_id),
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** The name given with the e-mail (a CSV's name column), shown until the person signs up. */
    name: text('name').notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    ...auditColumns(),
    version: versionColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.class_id, table.email, table.role] }),
    check('class_invitations_role_check', sql`${table.role} in ('student', 'admin', 'instructor')`),
    index('class_invitations_email_idx').on(table.email),
  ],
);

/**
 * Invitation mails each inviter caused on one UTC day, shared by every node: the per-account
 * daily cap (INVITATION_MAILS_PER_DAY, docs/classes.md#invitations) holds across nodes.
 */
export const invitationMailCounts = pgTable('invitation_mail_counts', {
  inviter_uid: text('inviter_uid').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  count: integer('count').notNull().default(0),
});
