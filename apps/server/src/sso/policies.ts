// Docs: docs/institutions.md#the-admin-page — who may see and change single sign-on's settings.
import { isSiteAdmin } from '../users/policies';

/** Site admins (verified ADMIN_EMAILS) only: the providers and the domains under SSO. */
export function canManageSso(
  user: { email: string; emailVerified: boolean },
  adminEmails: readonly string[],
): boolean {
  return isSiteAdmin(user, adminEmails);
}

/**
 * A domain can be put under SSO only when a configured provider serves it: otherwise its people
 * would have no way in at all.
 */
export function canRequireDomain(
  domain: string,
  providers: ReadonlyArray<{ domains: readonly string[] }>,
): boolean {
  return providers.some((provider) => provider.domains.includes(domain));
}
