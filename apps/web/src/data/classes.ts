// Docs: docs/ARCHITECTURE.md#web-data, SPEC §4 and §7 "Classes" — the classes resource: my classes,
// the public classes and a class's roster (live), and every class and roster write. Writes show at
// once in the live rows they change (optimistic) and are reconciled by id when the server's row
// arrives; a refused write rolls back and its reason goes to the shared error state (or, where
// noted, to the caller).
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  makeRecordId,
  optimisticClassFromRequest,
  type Class,
  type MembersAddInput,
  type PendingClassForm,
  type PendingClassInput,
  type RosterEntry,
} from '@seminar/shared';
import { logEvent } from '../analytics/events';
import { useSession } from '../auth/session';
import { dismissFailedWrite } from '../live/liveCache';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { runOptimistic, useOptimisticWrite, type OptimisticOutcome } from '../live/optimistic';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { NOT_CONNECTED } from './connection';

export const classIdOf = (cls: Class) => cls.class_id;

/**
 * The class's record as one zip (GET with the session cookie; docs/classes.md#export): a plain
 * link the browser downloads, streamed by the server, for instructors and class admins.
 */
export const classExportUrl = (classId: string) =>
  `/api/classes/${encodeURIComponent(classId)}/export`;
const rosterIdOf = (entry: RosterEntry) => entry.id;

/** By name (as people read it), then id, so the order is stable. */
export function byClassName(a: Class, b: Class): number {
  return (
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) ||
    a.class_id.localeCompare(b.class_id)
  );
}

/** My classes, each with my_role (SPEC §7 "Memberships" + "Classes"). */
export const myClassesQuery = () =>
  liveQuery('classes.mine', undefined, {
    idOf: classIdOf,
    sort: byClassName,
    offline: { maxRows: 500 },
  });

/** Public classes anyone signed in can join. */
export const publicClassesQuery = () =>
  liveQuery('classes.public', undefined, {
    idOf: classIdOf,
    sort: byClassName,
  });

/** A class's roster: members of every role and invitations (SPEC §7 "Students", "Instructors"). */
export const rosterQuery = (classId: string) =>
  liveQuery(
    'classes.roster',
    { class_id: classId },
    { idOf: rosterIdOf },
  );

export function useMyClasses(enabled = true): LiveQueryResult<Class> {
  return useLiveQuery(myClassesQuery(), { enabled });
}

export function usePublicClasses(): LiveQueryResult<Class> {
  return useLiveQuery(publicClassesQuery());
}

/** A class's roster, live; null: not subscribed. */
export function useRoster(classId: string | null): LiveQueryResult<RosterEntry> {
  return useLiveQuery(rosterQuery(classId ?? ''), { enabled: classId !== null });
}

/** Class writes: create (a class request), update, delete, join; and forgetting a refused one. */
export function useClassActions() {
  const { client } = useLive();
  const { user } = useSession();
  const write = useOptimisticWrite();
  const queryClient = useQueryClient();
  const uid = user?.id ?? '';
  const userName = user?.name ?? null;

  /**
   * SPEC §4: shows the class as pending_created at once, then the server's class. A refusal is
   * not put in the shared error banner: the class list says which class and why (`failed`).
   */
  const create = useCallback(
    (
      form: PendingClassForm,
    ): { classId: string; outcome: Promise<OptimisticOutcome<Class>> } | null => {
      if (!client) return null;
      const classId = makeRecordId('class', uid);
      const input: PendingClassInput = { ...form, pending_class_id: classId };
      const outcome = runOptimistic<Class, Class>({
        queryClient,
        key: myClassesQuery().key,
        id: classId,
        row: optimisticClassFromRequest(input, { uid, now: Date.now() }),
        mutate: () =>
          client.classes.request.mutate(input).then((cls) => {
            logEvent('class_created', {
              uid,
              class_id: classId,
              class_name: input.name,
              role: 'instructor',
            });
            return cls;
          }),
        serverRow: (cls) => cls,
      });
      return { classId, outcome };
    },
    [client, uid, queryClient],
  );

  /** Saves every field of the class (the edit shows at once; a refusal is the form's to say). */
  const update = useCallback(
    (cls: Class, form: PendingClassForm): Promise<OptimisticOutcome<Class>> => {
      if (!client) return Promise.resolve(NOT_CONNECTED);
      return runOptimistic<Class, Class>({
        queryClient,
        key: myClassesQuery().key,
        id: cls.class_id,
        row: { ...cls, ...form, updated_by: uid, updated_by_name: userName },
        mutate: () => client.classes.update.mutate({ class_id: cls.class_id, ...form }),
        serverRow: (saved) => ({ ...saved, my_role: saved.my_role ?? cls.my_role }),
      });
    },
    [client, uid, userName, queryClient],
  );

  /**
   * Archives the class (read-only for everyone) or unarchives it: it moves between "My classes"
   * and "Archived" at once (docs/classes.md#archive).
   */
  const setArchived = useCallback(
    (cls: Class, archived: boolean): Promise<OptimisticOutcome<Class>> => {
      if (!client) return Promise.resolve(NOT_CONNECTED);
      return runOptimistic<Class, Class>({
        queryClient,
        key: myClassesQuery().key,
        id: cls.class_id,
        row: {
          ...cls,
          archived_at: archived ? Date.now() : null,
          updated_by: uid,
          updated_by_name: userName,
        },
        mutate: () => client.classes.setArchived.mutate({ class_id: cls.class_id, archived }),
        serverRow: (saved) => ({ ...saved, my_role: saved.my_role ?? cls.my_role }),
      });
    },
    [client, uid, userName, queryClient],
  );

  /** SPEC §4: the class shows pending_deleted at once; the server then removes it. */
  const remove = useCallback(
    (cls: Class): Promise<OptimisticOutcome<void>> => {
      if (!client) return Promise.resolve(NOT_CONNECTED);
      return write<Class, void>({
        key: myClassesQuery().key,
        id: cls.class_id,
        row: {
          ...cls,
          pending_deleted: true,
          updated_at: Date.now(),
          updated_by: uid,
          updated_by_name: userName,
        },
        mutate: () => client.classes.delete.mutate({ class_id: cls.class_id }),
      });
    },
    [client, uid, userName, write],
  );

  /**
   * Joins a public class as a student: it shows in my classes at once. A refusal is said beside
   * the class's "Join" (not in the shared banner).
   */
  const join = useCallback(
    (cls: Class): Promise<OptimisticOutcome<Class>> => {
      if (!client) return Promise.resolve(NOT_CONNECTED);
      return runOptimistic<Class, Class>({
        queryClient,
        key: myClassesQuery().key,
        id: cls.class_id,
        row: { ...cls, my_role: cls.my_role ?? 'student' },
        mutate: () => client.classes.join.mutate({ class_id: cls.class_id }),
        serverRow: (joined) => joined,
      });
    },
    [client, queryClient],
  );

  /** Forgets a refused class write (the user dismissed what it said). */
  const dismissFailed = useCallback(
    (classId: string) => dismissFailedWrite(queryClient, myClassesQuery().key, classId),
    [queryClient],
  );

  return useMemo(
    () => ({ create, update, remove, join, setArchived, dismissFailed }),
    [create, update, remove, join, setArchived, dismissFailed],
  );
}

/** What the server did with each address given to "Add people". */
export interface AddPeopleResult {
  added: string[];
  invited: string[];
  already: string[];
  /** Invited, but not mailed: the server's cap on invitation mails was reached ("Resend" later). */
  unmailed: string[];
}

/** Roster writes of one class: enable/disable a member, remove one or an invitation, add people. */
export function useRosterActions(classId: string) {
  const { client } = useLive();
  const write = useOptimisticWrite();

  return useMemo(() => {
    const key = rosterQuery(classId).key;
    return {
      setEnabled: (entry: RosterEntry, enabled: boolean) => {
        if (!client || entry.uid === null) return Promise.resolve(NOT_CONNECTED);
        const uid = entry.uid;
        return write({
          key,
          id: entry.id,
          row: { ...entry, enabled },
          mutate: () =>
            client.classes.setMemberEnabled.mutate({
              class_id: classId,
              uid,
              role: entry.role,
              enabled,
            }),
        });
      },
      /** Removes a member, or withdraws an invitation (shown gone at once). */
      remove: (entry: RosterEntry) => {
        if (!client) return Promise.resolve(NOT_CONNECTED);
        const uid = entry.uid;
        const email = entry.email;
        return write<RosterEntry, void>({
          key,
          id: entry.id,
          row: null,
          mutate: () =>
            entry.invited || uid === null
              ? client.classes.removeInvitation.mutate({
                  class_id: classId,
                  email: email ?? '',
                  role: entry.role,
                })
              : client.classes.removeMember.mutate({ class_id: classId, uid, role: entry.role }),
        });
      },
      /** Mails a pending invitation again; null without a connection. Throws a refusal. */
      resendInvitation: (entry: RosterEntry): Promise<void> | null =>
        client && entry.email !== null
          ? client.classes.resendInvitation.mutate({
              class_id: classId,
              email: entry.email,
              role: entry.role,
            })
          : null,
      /** Adds people by e-mail (checked input); null without a connection. Throws a refusal. */
      addMembers: (input: MembersAddInput): Promise<AddPeopleResult> | null =>
        client ? client.classes.addMembers.mutate(input) : null,
    };
  }, [client, write, classId]);
}
