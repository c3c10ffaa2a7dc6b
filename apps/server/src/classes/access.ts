// Docs: docs/realtime.md#access — a viewer's role in a class, from memberships (SPEC §6).
import { and, eq } from 'drizzle-orm';
import { highestRole, type Role } from '@seminar/shared';
import type { Db } from '../db/client';
import { classes, classMemberships } from '../db/schema';
import { notFound } from '../live/trpc';

/**
 * The viewer's highest role in a class from memberships that are enabled, not deleted and not
 * pending deletion, in a class that is not deleted; null when none.
 */
export async function classRoleOf(db: Db, uid: string, classId: string): Promise<Role | null> {
  const rows = await db
    .select({ role: classMemberships.role })
    .from(classMemberships)
    .innerJoin(classes, eq(classes.class_id, classMemberships.class_id))
    .where(
      and(
        eq(classMemberships.class_id, classId),
        eq(classMemberships.uid, uid),
        eq(classMemberships.enabled, true),
        eq(classMemberships.deleted, false),
        eq(classMemberships.pending_deleted, false),
        eq(classes.deleted, false),
      ),
    );
  return highestRole(rows.map((row) => row.role as Role));
}

/** The viewer's role, or the NOT_FOUND that hides whether the class exists at all. */
export async function requireClassRole(db: Db, uid: string, classId: string): Promise<Role> {
  const role = await classRoleOf(db, uid, classId);
  if (!role) throw notFound('Class');
  return role;
}

/** The access of a class-scoped live query: the class and the viewer's role in it. */
export interface ClassAccess {
  classId: string;
  role: Role;
}

/** A class-scoped live query's access, or the NOT_FOUND that hides the class. */
export async function requireClassAccess(
  db: Db,
  uid: string,
  classId: string,
): Promise<ClassAccess> {
  return { classId, role: await requireClassRole(db, uid, classId) };
}
