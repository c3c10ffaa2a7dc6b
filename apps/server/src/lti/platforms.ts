// Docs: docs/institutions.md#lti-13 — the platform registry (site admins add, edit, disable) and
// the launch log the admin page shows.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  LtiLaunchEntry,
  LtiPlatform,
  LtiPlatformFields,
  LtiPlatformUpdate,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ltiLaunches, ltiPlatforms } from '../db/schema';
import { auditFields, nextVersion } from '../live/commands';
import { canManageLti } from './policies';
import { DomainError } from '../errors';

/** How many lines of the launch log the admin page shows. */
export const LAUNCH_LOG_PAGE = 50;

type PlatformRow = typeof ltiPlatforms.$inferSelect;

function present(row: PlatformRow): LtiPlatform {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    client_id: row.client_id,
    deployment_ids: row.deployment_ids,
    auth_login_url: row.auth_login_url,
    token_url: row.token_url,
    jwks_url: row.jwks_url,
    enabled: row.enabled,
    version: row.version,
  };
}

/** One refusal for everyone who is not a site admin, whatever they asked. */
function requireSiteAdmin(config: Config, viewer: SessionUser): void {
  if (!canManageLti(viewer, config.adminEmails))
    throw new DomainError({ code: 'FORBIDDEN', message: 'Only site admins manage LTI platforms.' });
}

function issuerTaken(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  return code === '23505';
}

const TAKEN = new DomainError({
  code: 'CONFLICT',
  message: 'A platform with this issuer and client id is already registered.',
});

export async function platformsList(
  db: Db,
  config: Config,
  viewer: SessionUser,
): Promise<LtiPlatform[]> {
  requireSiteAdmin(config, viewer);
  const rows = await db.select().from(ltiPlatforms).orderBy(ltiPlatforms.name);
  return rows.map(present);
}

export async function platformAdder(
  db: Db,
  config: Config,
  viewer: SessionUser,
  input: LtiPlatformFields,
): Promise<LtiPlatform> {
  requireSiteAdmin(config, viewer);
  try {
    const [row] = await db
      .insert(ltiPlatforms)
      .values({
        id: randomUUID(),
        ...input,
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return present(row);
  } catch (error) {
    if (issuerTaken(error)) throw TAKEN;
    throw error;
  }
}

/** Edits a platform, or disables it (a disabled platform's logins and launches are refused). */
export async function platformUpdater(
  db: Db,
  config: Config,
  viewer: SessionUser,
  input: LtiPlatformUpdate,
): Promise<LtiPlatform> {
  requireSiteAdmin(config, viewer);
  const { id, ...fields } = input;
  try {
    const [row] = await db
      .update(ltiPlatforms)
      .set({ ...fields, ...auditFields(viewer), version: nextVersion })
      .where(eq(ltiPlatforms.id, id))
      .returning();
    if (!row) throw new DomainError({ code: 'NOT_FOUND', message: 'Platform not found.' });
    return present(row);
  } catch (error) {
    if (issuerTaken(error)) throw TAKEN;
    throw error;
  }
}

export async function launchLog(
  db: Db,
  config: Config,
  viewer: SessionUser,
): Promise<LtiLaunchEntry[]> {
  requireSiteAdmin(config, viewer);
  const rows = await db
    .select({ entry: ltiLaunches, platform: ltiPlatforms.name })
    .from(ltiLaunches)
    .leftJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLaunches.platform_id))
    .orderBy(desc(ltiLaunches.id))
    .limit(LAUNCH_LOG_PAGE);
  return rows.map(({ entry, platform }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    platform: platform ?? entry.issuer,
    kind: entry.kind,
    ok: entry.ok,
    detail: entry.detail,
  }));
}

/** Log lines older than this are dropped when a new one is written: the log stays bounded. */
const LOG_KEEP_DAYS = 30;

export async function recordLaunch(
  db: Db,
  entry: {
    platformId?: string | null;
    issuer?: string | null;
    kind: string;
    ok: boolean;
    detail: string;
    uid?: string | null;
    classId?: string | null;
  },
): Promise<void> {
  await db.insert(ltiLaunches).values({
    platform_id: entry.platformId ?? null,
    // Whatever the request claimed, cut: an unknown issuer is logged, not stored whole.
    issuer: entry.issuer?.slice(0, 300) ?? null,
    kind: entry.kind,
    ok: entry.ok,
    detail: entry.detail.slice(0, 500),
    uid: entry.uid ?? null,
    class_id: entry.classId ?? null,
  });
  await db
    .delete(ltiLaunches)
    .where(sql`${ltiLaunches.at} < now() - make_interval(days => ${LOG_KEEP_DAYS})`);
}

/** The enabled platform of `issuer` (and `clientId`, when the request names one). */
export async function enabledPlatform(
  db: Db,
  issuer: string,
  clientId?: string,
): Promise<PlatformRow | null> {
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .where(
      and(
        eq(ltiPlatforms.issuer, issuer),
        eq(ltiPlatforms.enabled, true),
        clientId === undefined ? undefined : eq(ltiPlatforms.client_id, clientId),
      ),
    )
    .limit(2);
  // One issuer with two client ids and no client id named: ambiguous, refused.
  return rows.length === 1 ? (rows[0] ?? null) : null;
}

export type { PlatformRow };
