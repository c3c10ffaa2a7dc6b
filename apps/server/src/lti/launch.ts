// Docs: docs/institutions.md#lti-13 — what an accepted launch does: the person's account (by
// platform and sub), the course's class (made on an instructor's first launch), their membership,
// the roster sync on a staff launch, and a Better Auth session; or, for deep linking, the choice.
// A launch of a placed link lands on its activity.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { importJWK, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { ltiClassRole } from '@seminar/shared';
import type { Services } from '../services';
import { activities } from '../db/schema';
import { CLAIM, LTI_PATHS } from './claims';
import { toolKey } from './keys';
import { deepLinkPickerPage } from './pages';
import { accountFor, classForContext, ensureMember } from './people';
import { recordLaunch, type PlatformRow } from './platforms';
import { syncRoster } from './roster';
import { sessionCookieFor } from './session';
import { LaunchRefusal, type VerifiedLaunch } from './verify';

export type LaunchOutcome =
  | { kind: 'redirect'; location: string; cookie: string }
  | { kind: 'page'; html: string; csp: string; cookie: string };

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

function objectClaim(claims: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = claims[name];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export async function completeLaunch(
  services: Services,
  launch: VerifiedLaunch,
): Promise<LaunchOutcome> {
  const db = services.database.db;
  const { platform, claims, deploymentId } = launch;
  const messageType = claims[CLAIM.messageType];
  if (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest')
    throw new LaunchRefusal(
      `Seminar does not take "${text(messageType, 60)}" launches.`,
      400,
      platform,
    );
  const roles = claims[CLAIM.roles];
  const role = ltiClassRole(Array.isArray(roles) ? roles : []);
  if (!role)
    throw new LaunchRefusal(
      'Your role in this course has no place in Seminar (only instructors, teaching assistants and learners).',
      403,
      platform,
    );
  const context = objectClaim(claims, CLAIM.context);
  const contextId = text(context.id, 255);
  if (!contextId) throw new LaunchRefusal('The launch names no course (context).', 400, platform);
  const user = await accountFor(db, services.auth, platform, {
    sub: String(claims.sub),
    name: claims.name,
    given_name: claims.given_name,
    family_name: claims.family_name,
  });
  const nrps = objectClaim(claims, CLAIM.nrps);
  const ags = objectClaim(claims, CLAIM.ags);
  const lmsContext = {
    id: contextId,
    title: text(context.title, 200) || text(context.label, 200),
    deploymentId,
    membershipsUrl: text(nrps.context_memberships_url, 2000) || null,
    lineitemsUrl: text(ags.lineitems, 2000) || null,
  };
  const found = await classForContext(db, platform, lmsContext, role === 'staff' ? user : null);
  if (!found)
    throw new LaunchRefusal(
      'Your instructor has not opened Seminar from this course yet. Try again once they have.',
      404,
      platform,
    );
  const { classId, created } = found;
  if (!created) await ensureMember(db, user, classId, user, role === 'staff' ? 'admin' : 'student');
  let cookie: string;
  try {
    cookie = await sessionCookieFor(services.auth, user.uid);
  } catch (error) {
    if (error instanceof APIError)
      throw new LaunchRefusal('This Seminar account has been disabled.', 403, platform);
    throw error;
  }
  await recordLaunch(db, {
    platformId: platform.id,
    kind: messageType === 'LtiDeepLinkingRequest' ? 'deep-linking' : 'launch',
    ok: true,
    detail: `${role === 'staff' ? 'Staff' : 'Learner'} launch${created ? ' (class created)' : ''}`,
    uid: user.uid,
    classId,
  });
  if (role === 'staff' && lmsContext.membershipsUrl)
    await rosterOnLaunch(services, platform, user, classId, lmsContext.membershipsUrl);

  if (messageType === 'LtiDeepLinkingRequest') {
    if (role !== 'staff')
      throw new LaunchRefusal('Only instructors place activities in a course.', 403, platform);
    const settings = objectClaim(claims, CLAIM.deepLinkingSettings);
    const returnUrl = text(settings.deep_link_return_url, 2000);
    if (!/^https?:\/\//.test(returnUrl))
      throw new LaunchRefusal('The deep-linking request has no return address.', 400, platform);
    const choice = await choiceToken(services, {
      platform_id: platform.id,
      deployment_id: deploymentId,
      return_url: returnUrl,
      data: typeof settings.data === 'string' ? settings.data.slice(0, 2000) : null,
      class_id: classId,
      uid: user.uid,
    });
    const list = await db
      .select({ activity_id: activities.activity_id, title: activities.title })
      .from(activities)
      .where(and(eq(activities.class_id, classId), eq(activities.deleted, false)))
      .orderBy(activities.title)
      .limit(200);
    const page = deepLinkPickerPage(services.config.appName, choice, list);
    return { kind: 'page', ...page, cookie };
  }
  const custom = objectClaim(claims, CLAIM.custom);
  const location = await landingOf(db, classId, text(custom.activity_id, 1500), role === 'staff');
  return { kind: 'redirect', location, cookie };
}

/**
 * Where a resource-link launch lands: the activity its link names (a link placed by deep linking
 * carries `custom.activity_id`) — its case channel open in the chat, else the class's activities
 * — when that activity is the class's, not deleted, and (for a learner) enabled; else the class.
 * The id comes from the platform's signed token, yet it is looked up only inside the launch's class.
 */
async function landingOf(
  db: Services['database']['db'],
  classId: string,
  activityId: string,
  staff: boolean,
): Promise<string> {
  const classPath = `/classes/${encodeURIComponent(classId)}`;
  if (!activityId) return classPath;
  const [activity] = await db
    .select({ channel_id: activities.channel_id, enabled: activities.enabled })
    .from(activities)
    .where(
      and(
        eq(activities.activity_id, activityId),
        eq(activities.class_id, classId),
        eq(activities.deleted, false),
      ),
    );
  if (!activity || (!staff && !activity.enabled)) return classPath;
  if (!activity.channel_id) return `${classPath}/activities`;
  return `${classPath}?${new URLSearchParams({ channel: activity.channel_id }).toString()}`;
}

/** The roster sync of a staff launch: a failure is logged, never a refused launch. */
async function rosterOnLaunch(
  services: Services,
  platform: PlatformRow,
  actor: Parameters<typeof syncRoster>[2],
  classId: string,
  url: string,
): Promise<void> {
  const db = services.database.db;
  try {
    const result = await syncRoster(db, services.auth, actor, platform, classId, url);
    await recordLaunch(db, {
      platformId: platform.id,
      kind: 'roster',
      ok: true,
      detail: `Roster synced on launch: ${result.added} added, ${result.disabled} disabled`,
      uid: actor.uid,
      classId,
    });
  } catch (error) {
    await recordLaunch(db, {
      platformId: platform.id,
      kind: 'roster',
      ok: false,
      detail: `Roster sync failed: ${error instanceof Error ? error.message : 'unknown error'}`,
      uid: actor.uid,
      classId,
    });
  }
}

/** What an instructor's deep-linking choice carries between the picker and its answer. */
export interface DeepLinkChoice {
  platform_id: string;
  deployment_id: string;
  return_url: string;
  data: string | null;
  class_id: string;
  uid: string;
}

const CHOICE_PURPOSE = 'seminar-deep-link-choice';

async function choiceToken(services: Services, choice: DeepLinkChoice): Promise<string> {
  const key = await toolKey(services.database.db);
  return new SignJWT({ ...choice })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(services.config.publicUrl)
    .setAudience(CHOICE_PURPOSE)
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(key.privateKey);
}

/** The choice the picker's form sent back, if it is ours and unexpired; else null. */
export async function readChoice(
  services: Services,
  token: string,
): Promise<DeepLinkChoice | null> {
  const key = await toolKey(services.database.db);
  try {
    const publicKey = (await importJWK(key.publicJwk, 'RS256')) as CryptoKey;
    const { payload } = await jwtVerify(token, publicKey, {
      issuer: services.config.publicUrl,
      audience: CHOICE_PURPOSE,
      algorithms: ['RS256'],
    });
    return payload as unknown as DeepLinkChoice;
  } catch {
    return null;
  }
}

/** The signed LtiDeepLinkingResponse placing one activity (LTI Deep Linking 2.0 §4.2). */
export async function deepLinkingResponse(
  services: Services,
  platform: PlatformRow,
  choice: DeepLinkChoice,
  activity: { activity_id: string; title: string },
): Promise<string> {
  const key = await toolKey(services.database.db);
  const claims: Record<string, unknown> = {
    nonce: randomUUID(),
    [CLAIM.messageType]: 'LtiDeepLinkingResponse',
    [CLAIM.version]: '1.3.0',
    [CLAIM.deploymentId]: choice.deployment_id,
    [CLAIM.deepLinkingContentItems]: [
      {
        type: 'ltiResourceLink',
        title: activity.title,
        url: new URL(LTI_PATHS.launch, services.config.publicUrl).href,
        custom: { activity_id: activity.activity_id },
      },
    ],
  };
  if (choice.data !== null) claims[CLAIM.deepLinkingData] = choice.data;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.client_id)
    .setAudience(platform.issuer)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key.privateKey);
}
