// Docs: docs/realtime.md#access — a viewer's role in a class, from memberships (SPEC §6).
import { and, eq } from 'drizzle-orm';
import { highestRole, type Role } from '@seminar/shared';
import type { Db } from '../db/client';
import { classes, classMemberships } from '../db/schema';
import { notFound } from '../live/trpc';

/**
 * The roles a user holds through active memberships — enabled, not deleted, not pending deletion —
 * in classes that are not deleted (SPEC §6): in one class, or in every class when none is given.
 */
async function activeRoles(
  db: Db,
  uid: string,
  classId?: string,
): Promise<Array<{ class_id: string; role: Role }>> {
  const rows = await db
    .select({ class_id: classMemberships.class_id, role: classMemberships.role })
    .from(classMemberships)
    .innerJoin(classes, eq(classes.class_id, classMemberships.class_id))
    .where(
      and(
        classId === undefined ? undefined : eq(classMemberships.class_id, classId),
        eq(classMemberships.uid, uid),
        eq(classMemberships.enabled, true),
        eq(classMemberships.deleted, false),
        eq(classMemberships.pending_deleted, false),
        eq(classes.deleted, false),
      ),
    );
  return rows.map((row) => ({ class_id: row.class_id, role: row.role as Role }));
}

/** The viewer's highest role in a class (instructor > admin > student); null when none. */
export async function classRoleOf(db: Db, uid: string, classId: string): Promise<Role | null> {
  return highestRole((await activeRoles(db, uid, classId)).map((row) => row.role));
}

/** The viewer's highest role in each class they belong to. */
export async function rolesByClass(db: Db, uid: string): Promise<Map<string, Role>> {
  const grouped = new Map<string, Role[]>();
  for (const row of await activeRoles(db, uid)) {
    grouped.set(row.class_id, [...(grouped.get(row.class_id) ?? []), row.role]);
  }
  return new Map(
    [...grouped].map(([classId, roles]) => [classId, highestRole(roles) ?? 'student']),
  );
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
