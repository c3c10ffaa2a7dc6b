// How a class and roles are worded on screen.
import { isPendingClass, type Class, type Role } from '@seminar/shared';

const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  admin: 'Admin',
  instructor: 'Instructor',
};

/** "Student", "Admin" or "Instructor". */
export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

/** Why a pending class cannot be opened: "Setting up…" (pending_created) or "Deleting…". */
export function pendingLabel(cls: Pick<Class, 'enabled' | 'pending_enabled' | 'pending_deleted'>) {
  if (!isPendingClass(cls)) return null;
  return cls.pending_deleted ? 'Deleting…' : 'Setting up…';
}

/** Course code, term and course name, as one line ('' when none is set). */
export function classSubtitle(cls: Pick<Class, 'course_code' | 'course_term' | 'course_name'>) {
  return [cls.course_code, cls.course_name, cls.course_term].filter(Boolean).join(' · ');
}

/** A calendar date ('YYYY-MM-DD') as people read it, e.g. "3 Feb 2026"; '' for none. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "3 Feb 2026 – 30 May 2026", or one side, or ''. */
export function formatDayRange(start: string | null, end: string | null, endWord = 'until') {
  const from = formatDay(start);
  const to = formatDay(end);
  if (from && to) return `${from} – ${to}`;
  if (from) return `From ${from}`;
  if (to) return `${endWord[0]?.toUpperCase() ?? ''}${endWord.slice(1)} ${to}`;
  return '';
}
