// Docs: docs/ai.md#moderation — the write path of moderation: a class's checks, and marking a
// flagged exchange handled (who and when, once), each in one transaction announced on commit.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  moderationSettings,
  type FlagHandledInput,
  type ModerationSettings,
  type ModerationSettingsInput,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireAllowed } from '../classes/policies';
import type { Db } from '../db/client';
import { activities, aiJobs, classes } from '../db/schema';
import { auditFields, nextVersion, runCommand } from '../live/commands';
import { announceClass } from '../classes/notices';
import { lockActivity, requireWatchAccess, watchChanged } from './watch';
import { DomainError, notFound } from '../errors';

/** The class's moderation checks (staff). */
export async function moderationSettingsReader(
  db: Db,
  viewer: SessionUser,
  input: { class_id: string },
): Promise<ModerationSettings> {
  await requireWatchAccess(db, viewer, input.class_id);
  const [row] = await db
    .select({ settings: classes.ai_moderation })
    .from(classes)
    .where(eq(classes.class_id, input.class_id));
  return moderationSettings(row?.settings ?? null);
}

/** Sets which moderation checks are on in the class (instructors and class admins). */
export async function moderationSettingsSetter(
  db: Db,
  viewer: SessionUser,
  input: ModerationSettingsInput,
): Promise<ModerationSettings> {
  await requireAllowed(db, viewer, input.class_id, 'activities.manage');
  return runCommand(db, async ({ tx, announce }) => {
    const [row] = await tx
      .update(classes)
      .set({ ai_moderation: input.settings, ...auditFields(viewer), version: nextVersion })
      .where(and(eq(classes.class_id, input.class_id), eq(classes.deleted, false)))
      .returning({ settings: classes.ai_moderation, is_public: classes.is_public });
    if (!row) throw notFound('Class');
    // The class's row carries the audit fields that changed (not the settings: staff read those).
    announceClass(announce, input.class_id, row.is_public);
    return moderationSettings(row.settings);
  });
}

export const FLAG_NOT_FOUND = 'That flagged exchange is not in this activity.';

/**
 * Marks one flagged exchange of the activity handled: who and when, kept; marking it again changes
 * nothing (the first mark stands). The badge and the review follow live (`moderation.watch`).
 */
export async function flagHandledMarker(
  db: Db,
  viewer: SessionUser,
  input: FlagHandledInput,
): Promise<{ handled_at: number; handled_by_name: string }> {
  await requireAllowed(db, viewer, input.class_id, 'activities.manage');
  return runCommand(db, async ({ tx, announce }) => {
    const [activity] = await tx
      .select({ id: activities.activity_id })
      .from(activities)
      .where(
        and(
          eq(activities.activity_id, input.activity_id),
          eq(activities.class_id, input.class_id),
          eq(activities.deleted, false),
        ),
      );
    if (!activity) throw notFound('Activity');
    await lockActivity(tx, input.activity_id);
    const [job] = await tx
      .select({
        handled_at: aiJobs.flag_handled_at,
        handled_by_name: aiJobs.flag_handled_by_name,
      })
      .from(aiJobs)
      .where(
        and(
          eq(aiJobs.job_id, input.job_id),
          eq(aiJobs.activity_id, input.activity_id),
          isNotNull(aiJobs.flag),
        ),
      )
      .for('update');
    if (!job) throw new DomainError({ code: 'NOT_FOUND', message: FLAG_NOT_FOUND });
    if (job.handled_at)
      return { handled_at: job.handled_at.getTime(), handled_by_name: job.handled_by_name ?? '' };
    const audit = auditFields(viewer);
    await tx
      .update(aiJobs)
      .set({
        flag_handled_at: audit.updated_at,
        flag_handled_by: audit.updated_by,
        flag_handled_by_name: audit.updated_by_name,
        updated_at: audit.updated_at,
      })
      .where(and(eq(aiJobs.job_id, input.job_id), isNull(aiJobs.flag_handled_at)));
    await watchChanged(tx, announce, input.class_id, input.activity_id);
    return { handled_at: audit.updated_at.getTime(), handled_by_name: audit.updated_by_name };
  });
}
