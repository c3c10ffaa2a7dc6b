// Seminar as an LTI 1.3 tool (docs/institutions.md#lti-13), against a platform stand-in that speaks
// the real protocol over HTTP (test-support/ltiPlatform.ts): launches through login initiation and
// the platform's form post, refusals with a clear page, the roster (NRPS), grades (AGS) and deep
// linking, the registry's authorization. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import {
  LIS_ROLE,
  startLtiPlatform,
  type LtiPlatformStandIn,
} from '../../../test-support/ltiPlatform';
import type { SessionUser } from '../src/auth/session';
import type { Database } from '../src/db/client';
import { classMemberships, ltiContexts, ltiLaunches, ltiUsers, users } from '../src/db/schema';
import type { Services } from '../src/services';
import { callerFor } from './callers';
import { createTestDatabase } from './database';
import { startListening } from './factories';
import { signUpUser, type TestUser } from './fixtures';
import { hiddenInputs, launchAs, registerPlatform } from './ltiLaunch';

const ADMIN_EMAIL = `lti-admin-${Date.now()}@example.org`;
let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let services: Services;
let platform: LtiPlatformStandIn;
let admin: TestUser;
let platformId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database, { ADMIN_EMAILS: ADMIN_EMAIL });
  services = server.runtime.services!;
  platform = await startLtiPlatform({ toolUrl: server.url });
  admin = await signUpUser(server.app, server.url, 'Admin, Alma', ADMIN_EMAIL);
  platformId = await registerPlatform(services, admin, platform, 'Test LMS');
  platform.users.set('tara', {
    sub: 'lms-tara',
    name: 'Teach, Tara',
    roles: [LIS_ROLE.instructor],
  });
  platform.users.set('tim', { sub: 'lms-tim', name: 'Assist, Tim', roles: [LIS_ROLE.ta] });
  platform.users.set('ann', { sub: 'lms-ann', name: 'Ash, Ann', roles: [LIS_ROLE.learner] });
  platform.users.set('ben', { sub: 'lms-ben', name: 'Birch, Ben', roles: [LIS_ROLE.learner] });
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await server?.app.close();
  await database?.close();
});

/** A launch from the course as `hint`, as a browser makes it. */
const launch = (hint: string, options: Parameters<typeof launchAs>[3] = {}) =>
  launchAs(server.url, platform, hint, options);

async function userOf(sub: string): Promise<SessionUser> {
  const [row] = await database.db
    .select({ user: users })
    .from(ltiUsers)
    .innerJoin(users, eq(users.id, ltiUsers.uid))
    .where(and(eq(ltiUsers.platform_id, platformId), eq(ltiUsers.sub, sub)));
  if (!row) throw new Error(`no account for ${sub}`);
  return {
    uid: row.user.id,
    email: row.user.email,
    displayName: row.user.name,
    emailVerified: row.user.emailVerified,
  };
}

async function membership(classId: string, uid: string) {
  return database.db
    .select({
      role: classMemberships.role,
      enabled: classMemberships.enabled,
      deleted: classMemberships.deleted,
    })
    .from(classMemberships)
    .where(and(eq(classMemberships.class_id, classId), eq(classMemberships.uid, uid)));
}

let classId = '';

describe('launches', () => {
  it("refuses a learner before the instructor's first launch, with a clear page", async () => {
    const result = await launch('ann');
    expect(result.status).toBe(404);
    expect(result.body).toContain('Your instructor has not opened Seminar from this course yet');
    expect(result.session).toBeNull();
  });

  it("creates the class on the instructor's first launch and signs them in", async () => {
    const result = await launch('tara');
    expect(result.status).toBe(303);
    expect(result.session).not.toBeNull();
    const [link] = await database.db
      .select()
      .from(ltiContexts)
      .where(eq(ltiContexts.context_id, platform.contextId));
    expect(link).toMatchObject({ platform_id: platformId, title: 'Strategy 101' });
    classId = link!.class_id;
    expect(result.location).toBe(`/classes/${encodeURIComponent(classId)}`);
    const tara = await userOf('lms-tara');
    expect(tara.displayName).toBe('Teach, Tara');
    // Never matched by e-mail: the account's address is made from (platform, sub).
    expect(tara.email).toMatch(/^lti-[0-9a-f]{32}@lti\.invalid$/);
    // Vouched for by the platform: the app does not wait for a code mailed to that address.
    expect(tara.emailVerified).toBe(true);
    expect(await membership(classId, tara.uid)).toEqual([
      { role: 'instructor', enabled: true, deleted: false },
    ]);
    // The cookie is a real Better Auth session.
    const session = await fetch(new URL('/api/auth/get-session', server.url), {
      headers: { cookie: result.session! },
    });
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(tara.uid);
    const again = await launch('tara');
    expect(again.status).toBe(303);
    expect(again.location).toBe(result.location);
    expect(await membership(classId, tara.uid)).toHaveLength(1);
  });

  it('makes a teaching assistant a class admin and a learner a student', async () => {
    expect((await launch('tim')).status).toBe(303);
    const learner = await launch('ann');
    expect(learner.status).toBe(303);
    expect(learner.location).toBe(`/classes/${encodeURIComponent(classId)}`);
    expect(await membership(classId, (await userOf('lms-tim')).uid)).toEqual([
      { role: 'admin', enabled: true, deleted: false },
    ]);
    const ann = await userOf('lms-ann');
    expect(await membership(classId, ann.uid)).toEqual([
      { role: 'student', enabled: true, deleted: false },
    ]);
  });

  it('refuses a replayed id_token (its nonce was used)', async () => {
    await launch('ann');
    const used = platform.lastIdToken!;
    const replayed = await launch('ann', { replay: used });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toContain('already used');
    expect(replayed.session).toBeNull();
  });

  it('refuses a launch whose state cookie is not in this browser', async () => {
    const result = await launch('ann', { dropStateCookie: true });
    expect(result.status).toBe(401);
    expect(result.body).toContain('did not start in this browser');
  });

  it('refuses an unknown deployment id and logs it for the admin page', async () => {
    platform.nextTweak = {
      claims: { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'unregistered-9' },
    };
    const result = await launch('ann');
    expect(result.status).toBe(403);
    expect(result.body).toContain('Unknown deployment id &#34;unregistered-9&#34;');
    const log = await callerFor(services, admin).lti.launches();
    expect(log[0]).toMatchObject({ ok: false, kind: 'launch', platform: 'Test LMS' });
    expect(log[0]!.detail).toContain('Unknown deployment id "unregistered-9"');
  });

  it('refuses an expired token and a token signed with another key', async () => {
    platform.nextTweak = { expiresIn: -600, issuedAgo: 900 };
    const expired = await launch('ann');
    expect(expired.status).toBe(401);
    expect(expired.body).toMatch(/expired|iat/);
    platform.nextTweak = { rogueKey: true };
    const forged = await launch('ann');
    expect(forged.status).toBe(401);
    expect(forged.body).toContain('signature');
    expect(forged.session).toBeNull();
  });

  it('refuses a login from a platform nobody registered', async () => {
    const response = await fetch(
      new URL(
        `/lti/login?iss=${encodeURIComponent('https://lms.example.org')}&login_hint=x`,
        server.url,
      ),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('not registered');
  });
});

describe('roster (NRPS)', () => {
  it('adds new learners and disables dropped ones, on demand and for staff only', async () => {
    // Ann launched (a student); the LMS roster now has Ben and Cy, and Ann has left the course.
    platform.roster = [
      { sub: 'lms-tara', name: 'Teach, Tara', roles: [LIS_ROLE.instructor] },
      { sub: 'lms-ben', name: 'Birch, Ben', roles: ['Learner'] },
      { sub: 'lms-cy', name: 'Cedar, Cy', roles: [LIS_ROLE.learner] },
      { sub: 'lms-dee', name: 'Dune, Dee', roles: [LIS_ROLE.learner], status: 'Inactive' },
    ];
    const ann = await userOf('lms-ann');
    await expect(
      callerFor(services, ann).lti.syncRoster({ class_id: classId }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const tara = await userOf('lms-tara');
    const result = await callerFor(services, tara).lti.syncRoster({ class_id: classId });
    expect(result).toEqual({ added: 2, disabled: 1 });
    expect(await membership(classId, ann.uid)).toEqual([
      { role: 'student', enabled: false, deleted: false },
    ]);
    expect(await membership(classId, (await userOf('lms-ben')).uid)).toEqual([
      { role: 'student', enabled: true, deleted: false },
    ]);
    expect(await membership(classId, (await userOf('lms-cy')).uid)).toHaveLength(1);
    // The service token was asked with an assertion the platform checked against our JWKS.
    expect(platform.tokenRequests.at(-1)).toMatchObject({
      ok: true,
      scope: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    });
    // Once Ann is back in the course, her next launch enables her again.
    expect((await launch('ann')).status).toBe(303);
    expect(await membership(classId, ann.uid)).toEqual([
      { role: 'student', enabled: true, deleted: false },
    ]);
  });

  it('syncs on a staff launch too', async () => {
    const before = platform.nrpsRequests;
    expect((await launch('tara')).status).toBe(303);
    expect(platform.nrpsRequests).toBe(before + 1);
    // Ann is not on the platform's roster: the launch-time sync disabled her again.
    expect(await membership(classId, (await userOf('lms-ann')).uid)).toEqual([
      { role: 'student', enabled: false, deleted: false },
    ]);
  });
});

describe('grades (AGS)', () => {
  it("posts a line item and each student's rubric total", async () => {
    const tara = await userOf('lms-tara');
    const staff = callerFor(services, tara);
    const activityId = makeRecordId('act', tara.uid);
    await staff.activities.save({ activity_id: activityId, class_id: classId, title: 'Case 1' });
    const act = { class_id: classId, activity_id: activityId };
    await staff.debrief.setRubric({
      ...act,
      scale: 10,
      criteria: [{ id: 'c1', name: 'Quality', weight: 100, source: 'manual' }],
    });
    const ben = await userOf('lms-ben');
    await staff.debrief.setGrade({ ...act, uid: ben.uid, marks: { c1: 8 }, comment: 'Good' });
    // A student may not post grades.
    await expect(callerFor(services, ben).lti.postGrades(act)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const result = await staff.lti.postGrades(act);
    expect(platform.lineItems).toEqual([
      expect.objectContaining({ resourceId: activityId, label: 'Case 1', scoreMaximum: 100 }),
    ]);
    expect(result).toEqual({ lineItem: platform.lineItems[0]!.id, posted: 1, skipped: 1 });
    expect(platform.scores).toEqual([
      {
        lineItem: platform.lineItems[0]!.id,
        body: expect.objectContaining({
          userId: 'lms-ben',
          scoreGiven: 80,
          scoreMaximum: 100,
          comment: 'Good',
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
        }),
      },
    ]);
    // Posting again reuses the line item.
    await staff.lti.postGrades(act);
    expect(platform.lineItems).toHaveLength(1);
    expect(platform.scores).toHaveLength(2);
  });
});

describe('deep linking', () => {
  it('answers the platform with a signed LtiDeepLinkingResponse placing the chosen activity', async () => {
    platform.nextTweak = { deepLinking: true };
    const picked = await launch('tara');
    expect(picked.status).toBe(200);
    expect(picked.body).toContain('Place “Case 1”');
    const form = hiddenInputs(picked.body);
    const refused = await fetch(new URL('/lti/deep-link', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    // Without the session the launch made, the choice is not accepted.
    expect(refused.status).toBe(401);
    const answer = await fetch(new URL('/lti/deep-link', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: picked.session! },
      body: new URLSearchParams(form),
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(answer.headers.get('content-security-policy')).toContain(
      `form-action ${platform.issuer}`,
    );
    const back = hiddenInputs(html);
    const posted = await fetch(`${platform.issuer}/deep-link-return`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: back.JWT! }),
    });
    expect(posted.status).toBe(200);
    const received = platform.deepLinkAnswers.at(-1)!;
    expect(received.ok).toBe(true);
    expect(received.payload).toMatchObject({
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': platform.deploymentId,
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'opaque-data-1',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        expect.objectContaining({
          type: 'ltiResourceLink',
          title: 'Case 1',
          custom: { activity_id: form.activity_id },
        }),
      ],
    });
  });
});

describe('the platform registry', () => {
  const fields = () => ({
    name: 'Other LMS',
    issuer: 'https://lms.example.org',
    client_id: 'abc',
    deployment_ids: ['1'],
    auth_login_url: 'https://lms.example.org/auth',
    token_url: 'https://lms.example.org/token',
    jwks_url: 'https://lms.example.org/jwks',
  });

  it('is for site admins only', async () => {
    const tara = await userOf('lms-tara');
    for (const call of [
      () => callerFor(services, tara).lti.platforms(),
      () => callerFor(services, tara).lti.launches(),
      () => callerFor(services, tara).lti.addPlatform(fields()),
    ])
      await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses bad input with a typed error and changes nothing', async () => {
    const before = await callerFor(services, admin).lti.platforms();
    await expect(
      callerFor(services, admin).lti.addPlatform({ ...fields(), token_url: 'ftp://x' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      callerFor(services, admin).lti.addPlatform({ ...fields(), deployment_ids: [] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      callerFor(services, admin).lti.addPlatform({
        ...fields(),
        issuer: platform.issuer,
        client_id: platform.clientId,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await callerFor(services, admin).lti.platforms()).toEqual(before);
  });

  it('a disabled platform launches nobody', async () => {
    const caller = callerFor(services, admin);
    const [current] = (await caller.lti.platforms()).filter((row) => row.id === platformId);
    const { version: _version, ...rest } = current!;
    await caller.lti.updatePlatform({ ...rest, enabled: false });
    const response = await fetch(
      new URL(
        `/lti/login?iss=${encodeURIComponent(platform.issuer)}&login_hint=ann&client_id=${platform.clientId}`,
        server.url,
      ),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(403);
    await caller.lti.updatePlatform({ ...rest, enabled: true });
    expect((await launch('ann')).status).toBe(303);
    const [logged] = await database.db
      .select()
      .from(ltiLaunches)
      .where(
        eq(
          ltiLaunches.detail,
          'This learning platform is not registered (or not enabled) in Seminar: a site admin must add it.',
        ),
      );
    expect(logged).toBeDefined();
  });
});
