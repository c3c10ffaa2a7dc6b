// LTI from the class's side (docs/institutions.md#roster-and-grades): the class's LMS link that
// decides staff's "Sync roster" and "Send grades" buttons (staff only, null without a link or with
// the platform disabled), a placed link's launch landing on its activity, and the per-IP limit on
// the login initiation and the launch. Against the platform stand-in over real HTTP (test-support/
// ltiPlatform.ts). On PGlite and PostgreSQL.
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
import { ltiContexts, ltiLaunches, ltiUsers, users } from '../src/db/schema';
import { TOO_MANY_LAUNCHES } from '../src/lti/routes';
import type { Services } from '../src/services';
import { callerFor } from './callers';
import { createTestDatabase } from './database';
import { startListening } from './factories';
import { signUpUser, type TestUser } from './fixtures';
import { launchAs, registerPlatform } from './ltiLaunch';

const ADMIN_EMAIL = `lti-class-admin-${Date.now()}@example.org`;
const CUSTOM = 'https://purl.imsglobal.org/spec/lti/claim/custom';
let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let services: Services;
let platform: LtiPlatformStandIn;
let admin: TestUser;
let platformId: string;
let classId = '';

const launch = (hint: string) => launchAs(server.url, platform, hint);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database, { ADMIN_EMAILS: ADMIN_EMAIL });
  services = server.runtime.services!;
  platform = await startLtiPlatform({ toolUrl: server.url, contextTitle: 'Ethics 200' });
  admin = await signUpUser(server.app, server.url, 'Admin, Alma', ADMIN_EMAIL);
  platformId = await registerPlatform(services, admin, platform, 'Canvas');
  platform.users.set('tara', {
    sub: 'lms-tara',
    name: 'Teach, Tara',
    roles: [LIS_ROLE.instructor],
  });
  platform.users.set('tim', { sub: 'lms-tim', name: 'Assist, Tim', roles: [LIS_ROLE.ta] });
  platform.users.set('ann', { sub: 'lms-ann', name: 'Ash, Ann', roles: [LIS_ROLE.learner] });
  platform.roster = [];
  expect((await launch('tara')).status).toBe(303);
  const [link] = await database.db
    .select({ class_id: ltiContexts.class_id })
    .from(ltiContexts)
    .where(eq(ltiContexts.context_id, platform.contextId));
  classId = link!.class_id;
  expect((await launch('tim')).status).toBe(303);
  expect((await launch('ann')).status).toBe(303);
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await server?.app.close();
  await database?.close();
});

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

async function setPlatformEnabled(enabled: boolean): Promise<void> {
  const caller = callerFor(services, admin);
  const [current] = (await caller.lti.platforms()).filter((row) => row.id === platformId);
  const { version: _version, ...rest } = current!;
  await caller.lti.updatePlatform({ ...rest, enabled });
}

describe("the class's LMS link", () => {
  it('tells staff the platform and its services, refuses students and outsiders', async () => {
    const expected = { platform: 'Canvas', roster: true, grades: true };
    expect(
      await callerFor(services, await userOf('lms-tara')).lti.classLink({ class_id: classId }),
    ).toEqual(expected);
    expect(
      await callerFor(services, await userOf('lms-tim')).lti.classLink({ class_id: classId }),
    ).toEqual(expected);
    await expect(
      callerFor(services, await userOf('lms-ann')).lti.classLink({ class_id: classId }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const outsider = await signUpUser(
      server.app,
      server.url,
      'Out, Otto',
      `otto-${Date.now()}@example.org`,
    );
    await expect(
      callerFor(services, outsider).lti.classLink({ class_id: classId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Class not found.' });
  });

  it('is null for a class no LMS opened, and while its platform is disabled', async () => {
    const teacher = await signUpUser(
      server.app,
      server.url,
      'Hand, Hal',
      `hal-${Date.now()}@example.org`,
    );
    const own = makeRecordId('class', teacher.uid);
    await callerFor(services, teacher).classes.request({ pending_class_id: own, name: 'By hand' });
    expect(await callerFor(services, teacher).lti.classLink({ class_id: own })).toBeNull();

    const tara = callerFor(services, await userOf('lms-tara'));
    await setPlatformEnabled(false);
    try {
      expect(await tara.lti.classLink({ class_id: classId })).toBeNull();
    } finally {
      await setPlatformEnabled(true);
    }
    expect(await tara.lti.classLink({ class_id: classId })).not.toBeNull();
  });

  it('refuses a malformed class id with a typed error', async () => {
    const tara = callerFor(services, await userOf('lms-tara'));
    await expect(tara.lti.classLink({ class_id: 'a/b' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('a placed link lands on its activity', () => {
  it("opens the activity's case channel, or the activities, or the class", async () => {
    const tara = await userOf('lms-tara');
    const staff = callerFor(services, tara);
    const classPath = `/classes/${encodeURIComponent(classId)}`;
    const channelId = makeRecordId('channel', tara.uid);
    await staff.channels.create({ channel_id: channelId, class_id: classId, name: 'case one' });
    const withCase = makeRecordId('act', tara.uid);
    await staff.activities.save({
      activity_id: withCase,
      class_id: classId,
      title: 'Case one',
      channel_id: channelId,
    });
    const plain = makeRecordId('act', tara.uid);
    await staff.activities.save({ activity_id: plain, class_id: classId, title: 'Reading' });
    const placed = (activityId: string) => {
      platform.nextTweak = { claims: { [CUSTOM]: { activity_id: activityId } } };
    };

    placed(withCase);
    expect((await launch('ann')).location).toBe(`${classPath}?channel=${channelId}`);
    placed(plain);
    expect((await launch('ann')).location).toBe(`${classPath}/activities`);

    // A learner is not sent to a disabled activity; staff are.
    await staff.activities.setEnabled({ class_id: classId, activity_id: plain, enabled: false });
    placed(plain);
    expect((await launch('ann')).location).toBe(classPath);
    placed(plain);
    expect((await launch('tim')).location).toBe(`${classPath}/activities`);

    // An activity of another class (or none) is not looked up outside the launch's class.
    const other = await signUpUser(
      server.app,
      server.url,
      'Else, Eve',
      `eve-${Date.now()}@example.org`,
    );
    const otherClass = makeRecordId('class', other.uid);
    await callerFor(services, other).classes.request({
      pending_class_id: otherClass,
      name: 'Else',
    });
    const foreign = makeRecordId('act', other.uid);
    await callerFor(services, other).activities.save({
      activity_id: foreign,
      class_id: otherClass,
      title: 'Elsewhere',
    });
    placed(foreign);
    expect((await launch('ann')).location).toBe(classPath);
    placed('no-such-activity');
    expect((await launch('ann')).location).toBe(classPath);
  });
});

describe('the per-IP limit on login and launch', () => {
  it('answers 429 with a plain page past AUTH_RATE_LIMIT_PER_IP, and writes nothing', async () => {
    const strict = await startListening(database, {
      ADMIN_EMAILS: ADMIN_EMAIL,
      AUTH_RATE_LIMIT_PER_IP: '3',
    });
    try {
      const login = new URL('/lti/login', strict.url);
      login.search = new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'ann',
        client_id: platform.clientId,
      }).toString();
      for (let n = 0; n < 3; n += 1)
        expect((await fetch(login, { redirect: 'manual' })).status).toBe(302);
      const logBefore = await database.db.$count(ltiLaunches);
      const refused = await fetch(login, { redirect: 'manual' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(await refused.text()).toContain(TOO_MANY_LAUNCHES);

      // The launch has a bucket of its own: three posts are answered (refused: no state), the
      // fourth is limited before its body is read.
      const post = () =>
        fetch(new URL('/lti/launch', strict.url), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id_token: 'x.y.z', state: 'nothing' }),
        });
      for (let n = 0; n < 3; n += 1) expect((await post()).status).toBe(401);
      const launchLimited = await post();
      expect(launchLimited.status).toBe(429);
      expect(await launchLimited.text()).toContain(TOO_MANY_LAUNCHES);
      // The limited requests wrote no log line (the three refused launches did).
      expect(await database.db.$count(ltiLaunches)).toBe(logBefore + 3);
    } finally {
      await strict.app.close();
    }
  });
});
