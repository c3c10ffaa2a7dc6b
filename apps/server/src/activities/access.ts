// Docs: docs/activities.md#case-brief-and-pins — who sees an activity, for what hangs on it (its
// brief's files).
import { and, eq } from 'drizzle-orm';
import { isListed } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { classRoleOf } from '../classes/access';
import type { Db } from '../db/client';
import { activities } from '../db/schema';

/** Whether `viewer` sees the activity (SPEC §5: students enabled ones only): its brief's files. */
export async function canSeeActivity(
  db: Db,
  viewer: SessionUser,
  classId: string,
  activityId: string,
): Promise<boolean> {
  const role = await classRoleOf(db, viewer.uid, classId);
  if (!role) return false;
  const [row] = await db
    .select({
      enabled: activities.enabled,
      deleted: activities.deleted,
      pending_deleted: activities.pending_deleted,
    })
    .from(activities)
    .where(and(eq(activities.activity_id, activityId), eq(activities.class_id, classId)));
  return row !== undefined && !row.pending_deleted && isListed(row, role);
}
