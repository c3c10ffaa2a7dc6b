// Docs: docs/institutions.md#lti-13 — who may manage LTI platforms: the site admins, nobody else.
import { isSiteAdmin } from '../users/policies';

export function canManageLti(
  user: { email: string; emailVerified: boolean },
  adminEmails: readonly string[],
): boolean {
  return isSiteAdmin(user, adminEmails);
}
