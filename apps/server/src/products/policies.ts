// Docs: docs/classes.md#who-may-do-what — site admins manage the product catalogue.
import { isSiteAdmin } from '../users/policies';

/** Only site admins (ADMIN_EMAILS) create, edit, disable and delete catalogue entries. */
export function canManageProducts(
  user: { email: string; emailVerified: boolean },
  adminEmails: readonly string[],
): boolean {
  return isSiteAdmin(user, adminEmails);
}
