// Docs: SPEC §4 "Class creation", "Class deletion", "Local views update optimistically" — the class
// writes, each shown at once in my classes (the live query's cache) and reconciled by id when the
// server's class arrives; a refused write rolls back and its reason goes to the shared error state.
import { useCallback } from 'react';
import {
  makeRecordId,
  optimisticClassFromRequest,
  type Class,
  type PendingClassForm,
  type PendingClassInput,
} from '@seminar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { logEvent } from '../../analytics/events';
import { useSession } from '../../auth/session';
import { useLive } from '../../live/LiveProvider';
import { runOptimistic, useOptimisticWrite, type OptimisticOutcome } from '../../live/optimistic';
import { MY_CLASSES_KEY } from './queries';

/** Said when a write is tried before the live connection exists. */
export const NOT_CONNECTED_MESSAGE = 'Not connected to the server. Try again in a moment.';

const NOT_CONNECTED: OptimisticOutcome<never> = {
  ok: false,
  error: new Error('not connected'),
  message: NOT_CONNECTED_MESSAGE,
};

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
        key: MY_CLASSES_KEY,
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
        key: MY_CLASSES_KEY,
        id: cls.class_id,
        row: { ...cls, ...form, updated_by: uid, updated_by_name: userName },
        mutate: () => client.classes.update.mutate({ class_id: cls.class_id, ...form }),
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
        key: MY_CLASSES_KEY,
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
        key: MY_CLASSES_KEY,
        id: cls.class_id,
        row: { ...cls, my_role: cls.my_role ?? 'student' },
        mutate: () => client.classes.join.mutate({ class_id: cls.class_id }),
        serverRow: (joined) => joined,
      });
    },
    [client, queryClient],
  );

  return { create, update, remove, join };
}
