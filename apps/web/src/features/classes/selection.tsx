// Docs: SPEC §2 "Class selection", §4 and §7, docs/classes.md — the selected class. The URL is its one
// source of truth: the class page's /classes/:classId, or ?class= on the catalogue (the app bar's
// "AI products" link carries it). The last class opened is stored locally per user
// (`selectedClassStorageKey(uid)`), only to resume it once per session start: the first time an
// auth session lands on "/", it goes on to that class; after that "/" (the logo, "My classes")
// always shows My classes. Opening a ready class stores it and logs class_selected (uid, class_id,
// class_name, role); a selected class that is not (or no longer) in my classes clears the stored
// selection and the shared error state and logs selected_class_not_available. The provider also
// owns the one live query of my classes the app bar and pages share.
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  checkSelectedClass,
  isSelectableClass,
  selectedClassStorageKey,
  type Class,
} from '@seminar/shared';
import { useLocation, useNavigate } from 'react-router';
import { logEvent } from '../../analytics/events';
import { useSession } from '../../auth/session';
import { useMyClasses } from '../../data/classes';
import { useErrorActions } from '../../live/errors';
import type { LiveQueryResult } from '../../data/connection';
import { classPath, PATHS } from '../../routes/paths';
import { useUrlClassId } from '../../routes/useUrlClassId';

// ---------------------------------------------------------------------------------------------
// Storage: the last class opened, per user; and which auth session last resumed it.

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
    // Private mode or full storage: the selection is then not resumed next time.
  }
}

const resumedSessionKey = (uid: string) => `seminar.resumedSession.${uid}`;

/** Per page load: whether `uid`'s auth session `sessionId` may still resume (see `isSessionStart`). */
const sessionStarts = new Map<string, boolean>();

/**
 * True the first time this auth session of `uid` is seen on this device (a sign-in, or the first
 * page load of a session), until `endSessionStart`. Later page loads of the same session are not
 * a start. Idempotent within a page load.
 */
export function isSessionStart(uid: string, sessionId: string): boolean {
  const id = `${uid} ${sessionId}`;
  let start = sessionStarts.get(id);
  if (start === undefined) {
    try {
      start = window.localStorage.getItem(resumedSessionKey(uid)) !== sessionId;
      window.localStorage.setItem(resumedSessionKey(uid), sessionId);
    } catch {
      start = true;
    }
    sessionStarts.set(id, start);
  }
  return start;
}

function endSessionStart(uid: string, sessionId: string): void {
  sessionStarts.set(`${uid} ${sessionId}`, false);
}

// ---------------------------------------------------------------------------------------------

export interface ClassSelection {
  /** My classes, live (pending ones included). */
  classes: LiveQueryResult<Class>;
  /** The class the URL names (class page, or ?class= on the catalogue), or null. */
  selectedClassId: string | null;
  /** The selected class when it is in my list. */
  selectedClass: Class | null;
  /** True while the stored class is about to be resumed (a session's first landing on "/"). */
  resuming: boolean;
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
  savedAt: null,
};
const SIGNED_OUT: ClassSelection = {
  classes: SIGNED_OUT_CLASSES,
  selectedClassId: null,
  selectedClass: null,
  resuming: false,
};

export function ClassSelectionProvider({ children }: { children: ReactNode }) {
  const { status, user, session } = useSession();
  const uid = status === 'signed-in' ? (user?.id ?? null) : null;
  // Keyed by user: another user's selection and class list start afresh. Signed out, the live
  // query is not even mounted, so nothing of the previous user comes back into the cache.
  if (uid === null) {
    return <SelectionContext.Provider value={SIGNED_OUT}>{children}</SelectionContext.Provider>;
  }
  return (
    <UserClassSelection key={uid} uid={uid} sessionId={String(session?.id ?? '')}>
      {children}
    </UserClassSelection>
  );
}

function UserClassSelection({
  uid,
  sessionId,
  children,
}: {
  uid: string;
  sessionId: string;
  children: ReactNode;
}) {
  const classes = useMyClasses();
  const { clearError } = useErrorActions();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selectedClassId = useUrlClassId();
  const { rows, status: listStatus } = classes;

  // A session's first landing on "/" resumes the stored class (SPEC §2), once.
  const [resumeId, setResumeId] = useState(() =>
    pathname === PATHS.home && isSessionStart(uid, sessionId) ? readSelectedClassId(uid) : null,
  );
  useEffect(() => {
    if (resumeId === null) return;
    if (pathname !== PATHS.home || listStatus === 'error' || listStatus === 'ended') {
      endSessionStart(uid, sessionId);
      setResumeId(null);
      return;
    }
    if (listStatus !== 'ready') return;
    endSessionStart(uid, sessionId);
    setResumeId(null);
    const check = checkSelectedClass(resumeId, rows);
    if (check.selectedClassId !== null) {
      void navigate(classPath(check.selectedClassId), { replace: true });
      return;
    }
    // The stored class is gone (or not ready): My classes shows, and nothing stays selected.
    writeSelectedClassId(uid, null);
    if (check.notAvailable) {
      clearError();
      logEvent('selected_class_not_available', {
        uid,
        class_id: resumeId,
        class_name: null,
        role: null,
      });
    }
  }, [resumeId, pathname, listStatus, rows, uid, sessionId, navigate, clearError]);

  const selectedClass = useMemo(
    () => rows.find((row) => row.class_id === selectedClassId) ?? null,
    [rows, selectedClassId],
  );

  // Opening a ready class selects it: stored for the next session, class_selected logged.
  useEffect(() => {
    if (!selectedClass || !isSelectableClass(selectedClass)) return;
    if (readSelectedClassId(uid) === selectedClass.class_id) return;
    writeSelectedClassId(uid, selectedClass.class_id);
    logEvent('class_selected', {
      uid,
      class_id: selectedClass.class_id,
      class_name: selectedClass.name,
      role: selectedClass.my_role ?? null,
    });
  }, [uid, selectedClass]);

  // The last version of each class seen, so an event about a class that left can still name it.
  const lastSeen = useRef(new Map<string, Class>());
  const reported = useRef(new Set<string>());
  // SPEC §4: re-check the selection whenever my classes change (only once they have loaded).
  useEffect(() => {
    if (listStatus !== 'ready') return;
    for (const row of rows) lastSeen.current.set(row.class_id, row);
    if (selectedClassId === null) return;
    const check = checkSelectedClass(selectedClassId, rows);
    if (!check.notAvailable) {
      reported.current.delete(selectedClassId);
      return;
    }
    if (readSelectedClassId(uid) === selectedClassId) writeSelectedClassId(uid, null);
    if (reported.current.has(selectedClassId)) return;
    reported.current.add(selectedClassId);
    clearError();
    const known = lastSeen.current.get(selectedClassId);
    logEvent('selected_class_not_available', {
      uid,
      class_id: selectedClassId,
      class_name: known?.name ?? null,
      role: known?.my_role ?? null,
    });
  }, [uid, listStatus, rows, selectedClassId, clearError]);

  const resuming = resumeId !== null;
  const value = useMemo<ClassSelection>(
    () => ({ classes, selectedClassId, selectedClass, resuming }),
    [classes, selectedClassId, selectedClass, resuming],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** The class selection and my classes (inside <ClassSelectionProvider>). */
export function useClassSelection(): ClassSelection {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('useClassSelection must be used inside <ClassSelectionProvider>.');
  return value;
}
