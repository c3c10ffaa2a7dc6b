// Docs: docs/institutions.md#requiring-single-sign-on — domains whose addresses sign in only through
// single sign-on: password sign-in, sign-up and reset are refused for them.
import { eq } from 'drizzle-orm';
import { emailDomain, ssoRequiredFor } from '@seminar/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ssoRequiredDomains } from '../db/schema';

/** Whether `email` must sign in through single sign-on (its domain required and served). */
export async function mustUseSso(db: Db, config: Config, email: string): Promise<boolean> {
  const domain = emailDomain(email);
  if (domain === '' || !config.ssoProviders.some((p) => p.domains.includes(domain))) return false;
  const rows = await db
    .select({ domain: ssoRequiredDomains.domain })
    .from(ssoRequiredDomains)
    .where(eq(ssoRequiredDomains.domain, domain));
  return ssoRequiredFor(email, new Set(rows.map((row) => row.domain)), config.ssoProviders);
}

/** The refusal's words: which provider to use instead. */
export function ssoRequiredMessage(config: Config, email: string): string {
  const domain = emailDomain(email);
  const provider = config.ssoProviders.find((p) => p.domains.includes(domain));
  return `Addresses at ${domain} sign in with ${provider?.label ?? 'single sign-on'}: use "Sign in with ${provider?.label ?? 'your institution'}" instead of a password.`;
}
