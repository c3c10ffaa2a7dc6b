// Docs: docs/debrief.md#who-sees-what — the activity a debrief is about, and the viewer's role.
import { and, eq } from 'drizzle-orm';
import { isListed, type Role } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireClassRole } from '../classes/access';
import type { Db } from '../db/client';
import { activities } from '../db/schema';
import { notFound } from '../errors';

export interface DebriefAccess {
  classId: string;
  activityId: string;
  /** The case channel, null when the activity has none (then the figures are all zero). */
  channelId: string | null;
  title: string;
  role: Role;
}

/**
 * The activity and the viewer's role, or the one "Activity not found." for an activity that does
 * not exist, is deleted, is another class's, or (for a student) is disabled; an outsider gets
 * "Class not found." as everywhere.
 */
export async function requireDebriefAccess(
  db: Db,
  viewer: SessionUser,
  classId: string,
  activityId: string,
): Promise<DebriefAccess> {
  const role = await requireClassRole(db, viewer.uid, classId);
  const [row] = await db
    .select({
      channel_id: activities.channel_id,
      title: activities.title,
      enabled: activities.enabled,
      deleted: activities.deleted,
      pending_deleted: activities.pending_deleted,
    })
    .from(activities)
    .where(and(eq(activities.activity_id, activityId), eq(activities.class_id, classId)));
  if (!row || row.pending_deleted || !isListed(row, role)) throw notFound('Activity');
  return { classId, activityId, channelId: row.channel_id, title: row.title, role };
}
