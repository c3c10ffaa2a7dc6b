// Docs: docs/debrief.md#who-sees-what — who sees which part of an activity's debrief (pure).
import { can, pseudonymLabel, type Role } from '@seminar/shared';

/** Staff (instructors and class admins) see every student's figures and grade. */
export function seesEveryone(role: Role): boolean {
  return can(role, 'activities.manage');
}

/** Staff define the rubric and grade. */
export function canGrade(role: Role): boolean {
  return can(role, 'activities.manage');
}

export const GRADE_STAFF_ONLY = 'Only instructors and class admins can grade.';
export const STUDENT_LEFT =
  'That person is not a student of the class (any more): they cannot be graded.';
export const NO_RUBRIC = 'Set up the rubric first: marks are given against its criteria.';

/**
 * The one place the debrief names an author (the participation table, unanswered questions, the
 * summary's prompt and its points). Staff see real names — beside the pseudonym of a post in an
 * anonymous activity, as in the channel (docs/activities.md#anonymity); a student sees only their
 * own rows, under their own name. The summary (`pseudonymsOnly`) names such posts by pseudonym
 * alone: it is kept and read by every staff member, and it is what a model was shown.
 */
export function debriefAuthorLabel(
  author: { uid: string; name: string; pseudonym?: number | null },
  viewer: { uid: string; role: Role },
  options: { pseudonymsOnly?: boolean } = {},
): string {
  if (author.pseudonym == null) return author.name;
  if (options.pseudonymsOnly === true) return pseudonymLabel(author.pseudonym);
  if (author.uid === viewer.uid || seesEveryone(viewer.role))
    return `${author.name} (${pseudonymLabel(author.pseudonym)})`;
  return pseudonymLabel(author.pseudonym);
}
