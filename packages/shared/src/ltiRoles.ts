// Docs: docs/institutions.md#roles — LTI roles (LIS vocabulary) to Seminar's class roles.

/** What a person of the LMS course is in its Seminar class; null: no place in it. */
export type LtiClassRole = 'staff' | 'student' | null;

const STAFF = new Set([
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  // NRPS may answer with the short forms.
  'Instructor',
  'TeachingAssistant',
  'ContentDeveloper',
  'Administrator',
]);

const LEARNER = new Set([
  'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  'http://purl.imsglobal.org/vocab/lis/v2/membership/Learner#Learner',
  'Learner',
]);

/**
 * Instructor, teaching assistant (and the course's content developers and administrators) → staff,
 * Learner → student; anything else (Mentor, Guest, institution-only roles) → no place. Staff wins
 * when both are present (a TA enrolled as a learner too).
 */
export function ltiClassRole(roles: readonly unknown[]): LtiClassRole {
  const names = roles.filter((role): role is string => typeof role === 'string');
  if (names.some((role) => STAFF.has(role))) return 'staff';
  if (names.some((role) => LEARNER.has(role))) return 'student';
  return null;
}
