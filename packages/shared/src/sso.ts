// Docs: docs/institutions.md#single-sign-on-oidc — the pure rules of single sign-on, shared by the
// server (enforcement, provider configuration) and the web (the sign-in page, the admin section).
import { z } from 'zod';
import { normalizeEmail } from './emailAddress';

/** An e-mail domain as configured and stored: lower-case labels of letters, digits and hyphens. */
export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be an e-mail domain such as uni.example.edu',
  );

/** A provider's id: it appears in URLs (/api/sso/<id>/start), so letters, digits and hyphens. */
export const ssoProviderIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1 to 40 lower-case letters, digits or hyphens');

/** The site admin's domain setting (sso.setDomainRequired). */
export const ssoDomainRequiredInputSchema = z.object({
  domain: ssoDomainSchema,
  required: z.boolean(),
});
export type SsoDomainRequiredInput = z.infer<typeof ssoDomainRequiredInputSchema>;

/** The domain of an address (after the last @), lower-cased; '' when there is none. */
export function emailDomain(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  return at < 0 ? '' : normalized.slice(at + 1);
}

/**
 * Whether an address must sign in through single sign-on: its domain is required AND a configured
 * provider serves it. A required domain whose provider was removed from the configuration falls
 * back to passwords, so removing a broken provider is always a way back in.
 */
export function ssoRequiredFor(
  email: string,
  requiredDomains: ReadonlySet<string>,
  providers: ReadonlyArray<{ domains: readonly string[] }>,
): boolean {
  const domain = emailDomain(email);
  if (domain === '' || !requiredDomains.has(domain)) return false;
  return providers.some((provider) => provider.domains.includes(domain));
}

/** What the sign-in page shows for each provider. */
export interface SsoProviderButton {
  id: string;
  label: string;
  /** Where the browser goes to start signing in. */
  startUrl: string;
}

/** The sign-in path of a provider (the test sign-in adds ?test=1). */
export function ssoStartPath(providerId: string, test = false): string {
  return `/api/sso/${encodeURIComponent(providerId)}/start${test ? '?test=1' : ''}`;
}

/** What a site admin sees of a provider (never its secret). */
export interface SsoProviderView {
  id: string;
  type: 'oidc' | 'saml';
  label: string;
  domains: string[];
  /** OIDC: the issuer; SAML: the IdP's entity id. */
  issuer: string;
  testUrl: string;
  /** SAML only: the SP metadata URL to give the IdP. */
  metadataUrl: string | null;
  /** The redirect URI (OIDC) or Assertion Consumer Service URL (SAML) to register. */
  callbackUrl: string;
}

/** The admin section's data (sso.admin). */
export interface SsoAdminView {
  providers: SsoProviderView[];
  requiredDomains: string[];
}
