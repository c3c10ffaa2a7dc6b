// Docs: SPEC §2 "Class selection", §4 and §7 — the selected class: picked from my classes (a pending
// class cannot be selected; choosing one clears the selection), stored locally per user under
// `selectedClassStorageKey(uid)`, and re-checked whenever my classes change: a selected class that
// left the list clears the selection and the shared error state and logs
// selected_class_not_available. Selecting a class logs class_selected (uid, class_id, class_name,
// role). The provider also owns the one live query of my classes the app bar and pages share.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  checkSelectedClass,
  selectClass,
  selectedClassStorageKey,
  type Class,
} from '@seminar/shared';
import { logEvent } from '../../analytics/events';
import { useSession } from '../../auth/session';
import { useErrorActions } from '../../live/errors';
import type { LiveQueryResult } from '../../live/useLiveQuery';
import { useMyClasses } from './queries';

// ---------------------------------------------------------------------------------------------
// Storage: one key per user; other tabs' changes arrive through the 'storage' event.

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored selected class id of `uid`, or null (also when storage is unavailable). */
export function readSelectedClassId(uid: string): string | null {
  try {
    const value = window.localStorage.getItem(selectedClassStorageKey(uid));
    return value === null || value === '' ? null : value;
  } catch {
    return null;
  }
}

/** Stores (or with null removes) the selected class id of `uid`. */
export function writeSelectedClassId(uid: string, classId: string | null): void {
  try {
    const key = selectedClassStorageKey(uid);
    if (classId === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, classId);
  } catch {
    // Private mode or full storage: the selection then lasts as long as the page.
  }
  notify();
}

function subscribeToStorage(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(selectedClassStorageKey(''))) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ---------------------------------------------------------------------------------------------

export interface ClassSelection {
  /** My classes, live (pending ones included). */
  classes: LiveQueryResult<Class>;
  /** The selected class id, or null. */
  selectedClassId: string | null;
  /** The selected class when it is in my list. */
  selectedClass: Class | null;
  /**
   * Picks a class (null clears): a pending or unknown class clears the selection (SPEC §2).
   * Returns the selection now in force. Logs class_selected when the selection changes.
   */
  select: (classId: string | null) => string | null;
}

const SelectionContext = createContext<ClassSelection | null>(null);

/** While signed out: no classes, nothing selected, no live query mounted. */
const SIGNED_OUT_CLASSES: LiveQueryResult<Class> = {
  rows: [],
  status: 'loading',
  error: null,
  endedReason: null,
  pendingIds: new Set(),
  failed: new Map(),
  retry: () => undefined,
};
const SIGNED_OUT: ClassSelection = {
  classes: SIGNED_OUT_CLASSES,
  selectedClassId: null,
  selectedClass: null,
  select: () => null,
};

export function ClassSelectionProvider({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const uid = status === 'signed-in' ? (user?.id ?? null) : null;
  // Keyed by user: another user's selection and class list start afresh. Signed out, the live
  // query is not even mounted, so nothing of the previous user comes back into the cache.
  if (uid === null) {
    return <SelectionContext.Provider value={SIGNED_OUT}>{children}</SelectionContext.Provider>;
  }
  return (
    <UserClassSelection key={uid} uid={uid}>
      {children}
    </UserClassSelection>
  );
}

function UserClassSelection({ uid, children }: { uid: string; children: ReactNode }) {
  const classes = useMyClasses();
  const { clearError } = useErrorActions();

  const getStored = useCallback(() => readSelectedClassId(uid), [uid]);
  const selectedClassId = useSyncExternalStore(subscribeToStorage, getStored, getStored);

  // The last version of each class seen, so an event about a class that left can still name it.
  const lastSeen = useRef(new Map<string, Class>());
  const { rows, status: listStatus } = classes;

  // SPEC §4: re-check the selection whenever my classes change (only once they have loaded).
  useEffect(() => {
    if (listStatus !== 'ready') return;
    const check = checkSelectedClass(selectedClassId, rows);
    if (check.selectedClassId !== selectedClassId) {
      writeSelectedClassId(uid, check.selectedClassId);
      if (check.notAvailable && selectedClassId !== null) {
        clearError();
        const known = lastSeen.current.get(selectedClassId);
        logEvent('selected_class_not_available', {
          uid,
          class_id: selectedClassId,
          class_name: known?.name ?? null,
          role: known?.my_role ?? null,
        });
      }
    }
    for (const row of rows) lastSeen.current.set(row.class_id, row);
  }, [uid, listStatus, rows, selectedClassId, clearError]);

  const select = useCallback(
    (classId: string | null): string | null => {
      const current = readSelectedClassId(uid);
      const next = selectClass(classId, rows);
      if (next === current) return next;
      writeSelectedClassId(uid, next);
      const cls = rows.find((row) => row.class_id === next);
      if (next !== null && cls) {
        logEvent('class_selected', {
          uid,
          class_id: next,
          class_name: cls.name,
          role: cls.my_role ?? null,
        });
      }
      return next;
    },
    [uid, rows],
  );

  const selectedClass = useMemo(
    () => rows.find((row) => row.class_id === selectedClassId) ?? null,
    [rows, selectedClassId],
  );

  const value = useMemo<ClassSelection>(
    () => ({ classes, selectedClassId, selectedClass, select }),
    [classes, selectedClassId, selectedClass, select],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** The class selection and my classes (inside <ClassSelectionProvider>). */
export function useClassSelection(): ClassSelection {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('useClassSelection must be used inside <ClassSelectionProvider>.');
  return value;
}
