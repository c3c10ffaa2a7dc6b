// Docs: SPEC §6 "Roles and permissions", DESIGN §2 "Who may do what".
import { ROLES, type Role } from './constants';

export type { Role } from './constants';

/** True when `value` is one of the three roles (for values read from storage or the wire). */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A role's rank: student 0 < admin 1 < instructor 2 (SPEC §6: instructor beats admin beats student). */
export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/**
 * The highest of `roles`, ignoring null and undefined; null when there is none.
 * Values that are not roles at run time are ignored too, so unchecked data cannot raise a rank.
 */
export function highestRole(roles: Iterable<Role | null | undefined>): Role | null {
  let best: Role | null = null;
  for (const role of roles) {
    if (!isRole(role)) continue;
    if (best === null || roleRank(role) > roleRank(best)) best = role;
  }
  return best;
}

/**
 * Class instructors and class admins see alike (DESIGN §2): disabled items, invitations, every
 * address in the roster. What each may *do* differs and is `can(role, action)` (policies.ts): a class
 * admin manages students but not the staff, and cannot delete the class.
 */
export function hasInstructorPowers(role: Role | null | undefined): boolean {
  return role === 'instructor' || role === 'admin';
}

/**
 * Whether a roster line's e-mail address is shown to a viewer (issue 14.7): instructors and class
 * admins see every address; a student sees their own and the class staff's (whom they may need to
 * write to), never another student's.
 */
export function rosterEmailVisible(
  viewer: { uid: string; role: Role },
  entry: { uid: string | null; role: Role },
): boolean {
  return hasInstructorPowers(viewer.role) || entry.uid === viewer.uid || entry.role !== 'student';
}

/** The membership fields the role rules read; students and instructors also carry pending_deleted. */
export interface MembershipLike {
  uid: string;
  class_id: string;
  enabled: boolean;
  deleted: boolean;
  /** Absent, undefined or null all mean "not pending" (stored records predate the field). */
  pending_deleted?: boolean | null | undefined;
}

/** One class's membership lists plus the class's my_role, the inputs of {@link classRole}. */
export interface ClassRoleInput {
  students?: readonly MembershipLike[] | null;
  admins?: readonly MembershipLike[] | null;
  instructors?: readonly MembershipLike[] | null;
  myRole?: Role | null;
}

/**
 * True when a membership record grants its role: enabled, not deleted and not pending deletion.
 * A pending_deleted record does not count: an instructor has asked for the removal, so the person
 * must not keep the role's powers in the window before the server applies it (fail closed).
 */
export function isActiveMembership(record: MembershipLike): boolean {
  return record.enabled && !record.deleted && record.pending_deleted !== true;
}

/**
 * The highest role `uid` holds from one class's membership lists (only active records count, see
 * {@link isActiveMembership}) and the class's my_role (SPEC §6); null when they hold none.
 */
export function classRole(uid: string, input: ClassRoleInput): Role | null {
  const holds = (list: readonly MembershipLike[] | null | undefined): boolean =>
    (list ?? []).some((record) => record.uid === uid && isActiveMembership(record));
  return highestRole([
    input.myRole,
    holds(input.students) ? 'student' : null,
    holds(input.admins) ? 'admin' : null,
    holds(input.instructors) ? 'instructor' : null,
  ]);
}

/**
 * Every class `uid` has a role in, with the highest role per class, from membership records of
 * many classes at once (the SPEC §7 membership queries, where the class id comes from each record).
 */
export function classRolesByClassId(
  uid: string,
  memberships: Omit<ClassRoleInput, 'myRole'>,
): Map<string, Role> {
  const roles = new Map<string, Role>();
  const add = (list: readonly MembershipLike[] | null | undefined, role: Role): void => {
    for (const record of list ?? []) {
      if (record.uid !== uid || !isActiveMembership(record)) continue;
      roles.set(record.class_id, highestRole([roles.get(record.class_id), role]) ?? role);
    }
  };
  add(memberships.students, 'student');
  add(memberships.admins, 'admin');
  add(memberships.instructors, 'instructor');
  return roles;
}
