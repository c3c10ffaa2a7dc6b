// Docs: SPEC §4 "pending_created" — the rules of pending classes, without the schemas (so a page
// that only needs to tell a pending class apart loads no zod: docs/ARCHITECTURE.md#first-load).
import type { Class } from './schemas/class';
import type { PendingClassInput } from './schemas/pendingClass';

/**
 * Whether a class is pending: created but not yet enabled by the server, or with its deletion
 * requested. A pending class cannot be selected (SPEC §2).
 */
export function isPendingClass(
  cls: Pick<Class, 'enabled' | 'pending_enabled' | 'pending_deleted'>,
): boolean {
  return (cls.pending_enabled && !cls.enabled) || cls.pending_deleted;
}

/**
 * The class a request shows as locally before the server answers (SPEC §4 "pending_created"):
 * same id, enabled false, pending_enabled true, the viewer as instructor.
 */
export function optimisticClassFromRequest(
  input: PendingClassInput,
  creator: { uid: string; now: number },
): Class {
  const { pending_class_id, ...fields } = input;
  return {
    ...fields,
    class_id: pending_class_id,
    is_demo: false,
    enabled: false,
    deleted: false,
    pending_enabled: true,
    pending_deleted: false,
    archived_at: null,
    created_at: creator.now,
    created_by: creator.uid,
    updated_at: null,
    updated_by: null,
    updated_by_name: null,
    my_role: 'instructor',
    // Below any server version: the server's row replaces this one as soon as it arrives.
    version: 0,
  };
}
