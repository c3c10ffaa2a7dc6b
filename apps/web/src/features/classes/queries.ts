// Docs: SPEC §7 "Classes" — the class live queries the web app uses, with their cache keys (the
// optimistic writes of class creation, edits, deletion and joining write under the same keys).
import type { Class, RosterEntry } from '@seminar/shared';
import { useLiveQuery, type LiveQueryResult } from '../../live/useLiveQuery';

/** My classes (each with my_role), live. */
export const MY_CLASSES_KEY = ['classes', 'mine'] as const;
/** Public classes anyone signed in can join, live. */
export const PUBLIC_CLASSES_KEY = ['classes', 'public'] as const;
/** A class's roster (members and invitations), live. */
export const rosterKey = (classId: string) => ['classes', classId, 'roster'] as const;

export const classIdOf = (cls: Class) => cls.class_id;

/** By name (as people read it), then id, so the order is stable. */
export function byClassName(a: Class, b: Class): number {
  return (
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) ||
    a.class_id.localeCompare(b.class_id)
  );
}

/** My classes, live (SPEC §7 "Memberships" + "Classes"). */
export function useMyClasses(enabled = true): LiveQueryResult<Class> {
  return useLiveQuery<Class>({
    key: MY_CLASSES_KEY,
    idOf: classIdOf,
    sort: byClassName,
    enabled,
    subscribe: (handlers, { trpc }) => trpc.classes.mine.subscribe(undefined, handlers),
  });
}

/** Public classes, live. */
export function usePublicClasses(): LiveQueryResult<Class> {
  return useLiveQuery<Class>({
    key: PUBLIC_CLASSES_KEY,
    idOf: classIdOf,
    sort: byClassName,
    subscribe: (handlers, { trpc }) => trpc.classes.public.subscribe(undefined, handlers),
  });
}

const rosterIdOf = (entry: RosterEntry) => entry.id;

/** A class's roster, live (SPEC §7 "Students", "Instructors"; admins and invitations too). */
export function useRoster(classId: string): LiveQueryResult<RosterEntry> {
  return useLiveQuery<RosterEntry>({
    key: rosterKey(classId),
    idOf: rosterIdOf,
    subscribe: (handlers, { trpc }) =>
      trpc.classes.roster.subscribe({ class_id: classId }, handlers),
  });
}
