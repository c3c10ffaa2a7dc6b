// Docs: SPEC §4 — "When an instructor profile and a student profile share a uid they are merged; the
// instructor entry wins if it is not deleted."

/** The profile fields the merge reads. */
export interface ProfileLike {
  uid: string;
  deleted: boolean;
}

/** A profile tagged with the list it came from. */
export type TaggedProfile<P, R extends 'instructor' | 'student'> = P & { role: R };

/** One entry of {@link mergeProfiles}: an instructor or a student profile, tagged. */
export type MergedProfile<I extends ProfileLike, S extends ProfileLike> =
  TaggedProfile<I, 'instructor'> | TaggedProfile<S, 'student'>;

/**
 * Merges a class's instructor and student profiles into one list with one entry per uid.
 *
 * - A uid in both lists shows once: the instructor entry wins unless it is deleted, in which case
 *   the student entry is used (even when that one is deleted as well).
 * - Deleted entries are NOT dropped here: listing is a separate rule (see `listVisible`), and a
 *   deleted-only person must still resolve to one entry so the UI can explain a removal.
 * - `pending_deleted` is not read: the instructor entry still exists until the server applies
 *   the deletion, so it keeps winning until then.
 * - A uid repeated inside one list (which keyed storage should never produce) keeps its first
 *   non-deleted entry, or its first entry when all are deleted.
 *
 * Order is stable and input-driven: uids in the order they first appear, instructors' list first,
 * then students'. The UI sorts by name itself; keeping input order avoids a second order here.
 */
export function mergeProfiles<I extends ProfileLike, S extends ProfileLike>(
  instructors: readonly I[],
  students: readonly S[],
): Array<MergedProfile<I, S>> {
  const merged = new Map<string, MergedProfile<I, S>>();
  const offer = (entry: MergedProfile<I, S>): void => {
    const current = merged.get(entry.uid);
    // Map.set on an existing key keeps that key's position, so order stays first-appearance.
    if (current === undefined || beats(entry, current)) merged.set(entry.uid, entry);
  };
  for (const profile of instructors) offer({ ...profile, role: 'instructor' });
  for (const profile of students) offer({ ...profile, role: 'student' });
  return [...merged.values()];
}

/** Whether `challenger` (offered later) replaces `current` for the same uid. */
function beats(
  challenger: ProfileLike & { role: string },
  current: ProfileLike & { role: string },
): boolean {
  // Instructors are offered first, so a student challenging an instructor wins exactly when the
  // instructor entry is deleted (SPEC §4), whatever the student entry's own state.
  if (challenger.role !== current.role) return current.deleted;
  // Within one list a live entry beats a deleted one; otherwise the first entry stays.
  return current.deleted && !challenger.deleted;
}
