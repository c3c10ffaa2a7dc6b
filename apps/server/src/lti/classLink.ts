// Docs: docs/institutions.md#roster-and-grades — a class's link to an LMS course: what staff's
// "Sync roster" and "Send grades" buttons need to know (shown only when the course shares that
// service), and the one lookup the roster sync and the grades share.
import { eq } from 'drizzle-orm';
import { can, memberAction, refusalOf, type LtiClassLink } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireClassRole } from '../classes/access';
import type { Db } from '../db/client';
import { ltiContexts, ltiPlatforms } from '../db/schema';
import { forbidden } from '../errors';

/** The class's LMS course and its platform, if it has one. */
export async function linkOfClass(db: Db, classId: string) {
  const [link] = await db
    .select({ context: ltiContexts, platform: ltiPlatforms })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platform_id))
    .where(eq(ltiContexts.class_id, classId));
  return link ?? null;
}

/**
 * Staff (who may add students: instructors, class admins) read the class's link; a student is
 * refused, a non-member gets the class's one "not found". A read: allowed on an archived class too.
 */
export async function classLink(
  db: Db,
  viewer: SessionUser,
  classId: string,
): Promise<LtiClassLink | null> {
  const action = memberAction('add', 'student');
  const role = await requireClassRole(db, viewer.uid, classId);
  if (!can(role, action)) throw forbidden(refusalOf(action));
  const link = await linkOfClass(db, classId);
  if (!link?.platform.enabled) return null;
  return {
    platform: link.platform.name,
    roster: Boolean(link.context.memberships_url),
    grades: Boolean(link.context.lineitems_url),
  };
}
