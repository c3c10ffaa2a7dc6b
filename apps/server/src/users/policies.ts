// Docs: docs/classes.md#who-may-do-what — site admins are the ADMIN_EMAILS.
import { normalizeEmail } from '@seminar/shared';

/**
 * True when the user's e-mail is one of the site admins (ADMIN_EMAILS) and they have verified it:
 * anyone can sign up with any address, so an unproved one gives no powers (docs/accounts.md#verification).
 */
export function isSiteAdmin(
  user: { email: string; emailVerified: boolean },
  adminEmails: readonly string[],
): boolean {
  return user.emailVerified && adminEmails.includes(normalizeEmail(user.email));
}

/** Site admins may disable any user except themselves (so an installation keeps an admin). */
export function canSetUserDisabled(
  actor: { uid: string; email: string; emailVerified: boolean },
  targetUid: string,
  adminEmails: readonly string[],
): boolean {
  return isSiteAdmin(actor, adminEmails) && actor.uid !== targetUid;
}
