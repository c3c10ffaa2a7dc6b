// Docs: docs/debrief.md#who-sees-what — who sees which part of an activity's debrief (pure).
import { can, type Role } from '@seminar/shared';

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
 * summary's prompt and its points). Staff see real names; a student sees names as the channel shows
 * them. Anonymous activities (issue 30.3) will route their pseudonyms through here.
 */
export function debriefAuthorLabel(
  author: { uid: string; name: string },
  _viewer: { uid: string; role: Role },
): string {
  return author.name;
}
