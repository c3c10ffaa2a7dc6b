// Docs: docs/classes.md#who-may-do-what — site admins are the ADMIN_EMAILS.
import { normalizeEmail } from '@seminar/shared';

/** True when the e-mail is one of the site admins (ADMIN_EMAILS). */
export function isSiteAdmin(email: string, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(normalizeEmail(email));
}

/** Site admins may disable any user except themselves (so an installation keeps an admin). */
export function canSetUserDisabled(
  actor: { uid: string; email: string },
  targetUid: string,
  adminEmails: readonly string[],
): boolean {
  return isSiteAdmin(actor.email, adminEmails) && actor.uid !== targetUid;
}
