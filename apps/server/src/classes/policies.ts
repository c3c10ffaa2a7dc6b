// Docs: docs/classes.md#who-may-do-what — who may do what in a class: the shared `can` table
// (packages/shared policies.ts), applied to the viewer's active role.
import { eq } from 'drizzle-orm';
import { can, refusalOf, type ClassAction, type Role } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { classes } from '../db/schema';
import { ClassArchivedError, forbidden } from '../errors';

import { requireClassRole } from './access';

/** Actions that do not change the class, or that undo its archiving: allowed while archived. */
const ALLOWED_WHILE_ARCHIVED: ReadonlySet<ClassAction> = new Set(['class.archive', 'class.export']);

/** True when the class is archived (docs/classes.md#archive). */
export async function isClassArchived(db: Db, classId: string): Promise<boolean> {
  const [row] = await db
    .select({ archived_at: classes.archived_at })
    .from(classes)
    .where(eq(classes.class_id, classId));
  return row?.archived_at != null;
}

/**
 * The viewer's role in the class when it may take `action` there: NOT_FOUND (the class's one
 * answer) for someone who is not an active member, FORBIDDEN with the rule's wording for a member
 * whose role does not allow it, and the typed ClassArchivedError for a change to an archived class
 * (the archive guard of migration 0021 refuses it anyway; this answers before any work).
 */
export async function requireAllowed(
  db: Db,
  viewer: SessionUser,
  classId: string,
  action: ClassAction,
): Promise<Role> {
  const role = await requireClassRole(db, viewer.uid, classId);
  if (!can(role, action)) throw forbidden(refusalOf(action));
  if (!ALLOWED_WHILE_ARCHIVED.has(action) && (await isClassArchived(db, classId)))
    throw new ClassArchivedError();
  return role;
}

/** The refusal of anything that would mail other people from an address nobody has proved. */
export const UNVERIFIED_SENDER_MESSAGE =
  'Confirm your e-mail address first: people are added and invited only by accounts with a confirmed address.';

/**
 * Refuses (FORBIDDEN) a viewer whose address is not verified anything that mails someone else
 * (adding people, which mails invitations; "Resend"): accounts are free and need no proof of
 * their address, so without this one could relay mail with a subject it chose (issue 29.4).
 */
export function requireVerifiedSender(viewer: SessionUser): void {
  if (!viewer.emailVerified) throw forbidden(UNVERIFIED_SENDER_MESSAGE);
}
