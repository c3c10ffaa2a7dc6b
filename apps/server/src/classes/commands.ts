// Docs: docs/realtime.md#the-write-path — class membership writes.
import { and, eq } from 'drizzle-orm';
import type { Role } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { classMemberships } from '../db/schema';
import { auditFields, nextVersion, runCommand } from '../live/commands';
import { forbidden, notFound } from '../live/trpc';
import { classRoleOf } from './access';
import { canManageClass } from './policies';

/** Identifies one membership record (SPEC: class_students / class_instructors / class_admins). */
export interface MembershipRef {
  class_id: string;
  uid: string;
  role: Role;
}

/**
 * Removes a member: pending_deleted then the soft delete (SPEC §4, DESIGN §2), in one transaction;
 * every live query of that member in the class re-checks its access when it commits.
 */
export async function classMemberRemover(db: Db, actor: SessionUser, ref: MembershipRef): Promise<void> {
  const actorRole = await classRoleOf(db, actor.uid, ref.class_id);
  if (!actorRole) throw notFound('Class');
  if (!canManageClass(actorRole)) throw forbidden('Only instructors and class admins can remove members.');
  await runCommand(db, async ({ tx, announce }) => {
    const updated = await tx
      .update(classMemberships)
      .set({ pending_deleted: true, deleted: true, ...auditFields(actor), version: nextVersion })
      .where(
        and(
          eq(classMemberships.class_id, ref.class_id),
          eq(classMemberships.uid, ref.uid),
          eq(classMemberships.role, ref.role),
          eq(classMemberships.deleted, false),
        ),
      )
      .returning({ uid: classMemberships.uid });
    if (updated.length === 0) throw notFound('Member');
    announce({ topic: 'memberships', key: ref.class_id, ids: [`${ref.role}:${ref.uid}`] });
    announce({ topic: 'access', key: ref.class_id, ids: null, uid: ref.uid });
  });
}
