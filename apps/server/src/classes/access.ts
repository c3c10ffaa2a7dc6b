// Docs: docs/realtime.md#access — a viewer's role in a class, from memberships (SPEC §6).
import { sql, type SQL } from 'drizzle-orm';
import { highestRole, type Role } from '@seminar/shared';
import { queryRows, type Db } from '../db/client';
import type { Tx } from '../live/commands';
import { notFound } from '../errors';

/**
 * The one definition of an active membership (SPEC §6) in SQL: the membership is enabled, not
 * deleted and not pending deletion, in a class that is not deleted — over the aliases `m`
 * (class_memberships) and `k` (classes, joined on class_id). Every query that asks "is this person a
 * member" uses it: {@link activeMembershipsSql} here, the channel access query and the send
 * statement. `isActiveMembership` (packages/shared) is the same rule for records on the client.
 */
export const ACTIVE_MEMBERSHIP_SQL =
  'm.enabled and not m.deleted and not m.pending_deleted and not k.deleted';

/** `from class_memberships m join classes k …`: the source the condition above reads. */
const MEMBERSHIPS_FROM = 'class_memberships m join classes k on k.class_id = m.class_id';

/**
 * The roles a member holds through active memberships, as an SQL array (null when none), for raw
 * statements: `classId` and `uid` are SQL expressions of the surrounding query (`i.class_id`, …).
 */
export function activeRolesArraySql(classId: string, uid: string): string {
  return `(select array_agg(m.role) from ${MEMBERSHIPS_FROM}
    where m.class_id = ${classId} and m.uid = ${uid} and ${ACTIVE_MEMBERSHIP_SQL})`;
}

/** Active memberships matching `where` (a drizzle SQL condition over `m`), for drizzle queries. */
export function activeMembershipsSql(columns: string, where: SQL): SQL {
  return sql`select ${sql.raw(columns)} from ${sql.raw(MEMBERSHIPS_FROM)}
    where ${where} and ${sql.raw(ACTIVE_MEMBERSHIP_SQL)}`;
}

/**
 * The roles a user holds through active memberships — enabled, not deleted, not pending deletion —
 * in classes that are not deleted (SPEC §6): in one class, or in every class when none is given.
 */
async function activeRoles(
  db: Db,
  uid: string,
  classId?: string,
): Promise<Array<{ class_id: string; role: Role }>> {
  return queryRows<{ class_id: string; role: Role }>(
    db,
    activeMembershipsSql(
      'm.class_id, m.role',
      classId === undefined ? sql`m.uid = ${uid}` : sql`m.uid = ${uid} and m.class_id = ${classId}`,
    ),
  );
}

/** True when the class has an active instructor other than `uid` (the last-instructor rule). */
export async function hasOtherActiveInstructor(
  tx: Tx,
  classId: string,
  uid: string,
): Promise<boolean> {
  const rows = await queryRows<{ uid: string }>(
    tx,
    activeMembershipsSql(
      'm.uid',
      sql`m.class_id = ${classId} and m.role = 'instructor' and m.uid <> ${uid}`,
    ),
  );
  return rows.length > 0;
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
