// Docs: SPEC §2 "Class selection" and §4 (a selected class that is no longer listed is cleared and
// selected_class_not_available is logged).
import { isPendingClass } from './pendingClasses';

/** The class fields the selection rules read. */
export interface SelectableClassLike {
  class_id: string;
  enabled: boolean;
  deleted: boolean;
  pending_enabled: boolean;
  pending_deleted: boolean;
}

/** Whether a class may be selected: listed, not deleted and not pending (SPEC §2). */
export function isSelectableClass(cls: SelectableClassLike): boolean {
  return !cls.deleted && !isPendingClass(cls);
}

/**
 * The selection after the user picks `classId`: the id when that class is in `classes` and
 * selectable, otherwise null — picking a pending class clears the selection (SPEC §2).
 */
export function selectClass(
  classId: string | null,
  classes: readonly SelectableClassLike[],
): string | null {
  const cls = classes.find((c) => c.class_id === classId);
  return cls !== undefined && isSelectableClass(cls) ? cls.class_id : null;
}

/** The outcome of re-checking a stored selection against the user's current class list. */
export interface SelectionCheck {
  /** The selection to keep: the same id, or null when it was cleared. */
  selectedClassId: string | null;
  /**
   * True when a selection was cleared because the class is no longer in the list (or deleted):
   * the caller clears the error state and logs selected_class_not_available (SPEC §4).
   */
  notAvailable: boolean;
}

/**
 * Re-checks the stored selection whenever the class list changes. A class that left the list (or
 * is deleted) clears the selection and reports notAvailable; a class that turned pending (e.g.
 * deletion requested) clears it quietly, since the user saw that happen; otherwise it is kept.
 * Call it only once the class list has loaded, or every stored selection would look unavailable.
 */
export function checkSelectedClass(
  selectedClassId: string | null,
  classes: readonly SelectableClassLike[],
): SelectionCheck {
  if (selectedClassId === null) return { selectedClassId: null, notAvailable: false };
  const cls = classes.find((c) => c.class_id === selectedClassId);
  // Deleted, or deletion requested: the class is leaving the list (SPEC §4 selected_class_not_available).
  if (cls === undefined || cls.deleted || cls.pending_deleted)
    return { selectedClassId: null, notAvailable: true };
  if (isPendingClass(cls)) return { selectedClassId: null, notAvailable: false };
  return { selectedClassId, notAvailable: false };
}
