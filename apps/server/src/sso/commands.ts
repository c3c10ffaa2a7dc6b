// Docs: docs/institutions.md#requiring-single-sign-on — the write path of the SSO settings (site
// admins only) and what the admin page reads.
import { asc, eq } from 'drizzle-orm';
import type { SsoAdminView, SsoDomainRequiredInput } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ssoRequiredDomains } from '../db/schema';
import { auditFields, nextVersion, runCommand } from '../live/commands';

import { canManageSso, canRequireDomain } from './policies';
import { presentProvider } from './presenters';
import { DomainError, forbidden } from '../errors';

function requireAdmin(config: Config, viewer: SessionUser): void {
  if (!canManageSso(viewer, config.adminEmails))
    throw forbidden('Only site admins can manage single sign-on.');
}

/** The providers (from the configuration) and the domains under SSO, for the admin page. */
export async function ssoAdminReader(
  db: Db,
  config: Config,
  viewer: SessionUser,
): Promise<SsoAdminView> {
  requireAdmin(config, viewer);
  const rows = await db
    .select({ domain: ssoRequiredDomains.domain })
    .from(ssoRequiredDomains)
    .orderBy(asc(ssoRequiredDomains.domain));
  return {
    providers: config.ssoProviders.map((provider) => presentProvider(config.publicUrl, provider)),
    requiredDomains: rows.map((row) => row.domain),
  };
}

/** Puts a domain under single sign-on, or takes it out. */
export async function ssoDomainRequiredSetter(
  db: Db,
  config: Config,
  viewer: SessionUser,
  input: SsoDomainRequiredInput,
): Promise<void> {
  requireAdmin(config, viewer);
  if (input.required && !canRequireDomain(input.domain, config.ssoProviders))
    throw new DomainError({
      code: 'BAD_REQUEST',
      message: `No sign-in provider serves ${input.domain}, so it cannot require one.`,
    });
  await runCommand(db, async ({ tx }) => {
    if (!input.required) {
      await tx.delete(ssoRequiredDomains).where(eq(ssoRequiredDomains.domain, input.domain));
      return;
    }
    await tx
      .insert(ssoRequiredDomains)
      .values({ domain: input.domain, created_by: viewer.uid, ...auditFields(viewer) })
      .onConflictDoUpdate({
        target: ssoRequiredDomains.domain,
        set: { ...auditFields(viewer), version: nextVersion },
      });
  });
}
