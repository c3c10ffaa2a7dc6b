// Docs: docs/classes.md#who-may-do-what — classes and their members.
import { hasInstructorPowers, type Role } from '@seminar/shared';

/** Instructors and class admins manage the class: its settings, members, activities and channels. */
export function canManageClass(role: Role | null): boolean {
  return role !== null && hasInstructorPowers(role);
}
