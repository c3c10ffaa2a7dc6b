// E-mail verification before invitations, team channels and site-admin powers (issue 14.1): anyone
// can sign up with any address, so only the code mailed to it — read here from a real SMTP listener
// — lets an account claim what waits for that address. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  applyLiveEvent,
  emptyLiveState,
  makeRecordId,
  type ChannelView,
  type Class,
  type LiveEvent,
} from '@seminar/shared';
import { sessionFromCookie } from '../src/auth/session';
import type { Database } from '../src/db/client';
import { channels, classInvitations, classMemberships, users } from '../src/db/schema';
import type { Services } from '../src/services';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { callerFor, collect } from './callers';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { codeFrom, startTestSmtp, type TestSmtp } from './smtp';

const adminEmail = uniqueEmail('siteadmin');
let database: Database;
let smtp: TestSmtp;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
let teacher: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  made = await makeApp(database, { SMTP_URL: smtp.url, ADMIN_EMAILS: adminEmail });
  services = made.runtime.services!;
  teacher = await signUpUser(made.app, made.config.publicUrl, 'Freire, Paulo', undefined, {
    smtp,
  });
});
afterAll(async () => {
  await made.app.close();
  await smtp.close();
  await database.close();
});

const classIdsOf = (events: LiveEvent<Class>[]) => [
  ...events
    .reduce(
      (state, event) => applyLiveEvent(state, event, (row) => row.class_id),
      emptyLiveState<Class>(),
    )
    .rows.keys(),
];

/** The signed-in user of a cookie, as every request sees it (emailVerified from the database). */
async function viewerOf(cookie: string | undefined) {
  const session = await sessionFromCookie(services, cookie);
  if (!session) throw new Error('not signed in');
  return session.user;
}

async function memberships(email: string) {
  return database.db
    .select({ class_id: classMemberships.class_id, role: classMemberships.role })
    .from(classMemberships)
    .innerJoin(users, eq(users.id, classMemberships.uid))
    .where(and(eq(users.email, email), eq(classMemberships.deleted, false)));
}

async function pendingInvitations(email: string) {
  return database.db
    .select({ class_id: classInvitations.class_id })
    .from(classInvitations)
    .where(and(eq(classInvitations.email, email), eq(classInvitations.deleted, false)));
}

async function classInvitingAsInstructor(email: string): Promise<string> {
  const { class_id } = await callerFor(services, teacher).classes.request({
    pending_class_id: makeRecordId('class', teacher.uid),
    name: 'Pedagogy of the Oppressed',
  });
  const result = await callerFor(services, teacher).classes.addMembers({
    class_id,
    role: 'instructor',
    people: [{ email }],
  });
  expect(result.invited).toEqual([email]);
  await smtp.nextMailTo(email, undefined, 'invited you');
  return class_id;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`e-mail verification (${testDatabaseKind})`, () => {
  it('claims an invitation only once the mailed code is entered, and shows the class live', async () => {
    const email = uniqueEmail('invitee');
    const classId = await classInvitingAsInstructor(email);
    const invitee = authClient(made.app, made.config.publicUrl, '198.51.100.7');
    expect((await invitee.signUp('Invited, Ida', email, GOOD_PASSWORD)).status).toBe(200);
    const mail = await smtp.nextMailTo(email, undefined, 'verification code');
    expect(mail.raw).toContain('10 minutes');

    // Signed in, not yet verified: the invitation still waits.
    const before = await viewerOf(invitee.cookie);
    expect(before.emailVerified).toBe(false);
    expect(await memberships(email)).toEqual([]);
    expect(await pendingInvitations(email)).toEqual([{ class_id: classId }]);
    const mine = await collect(services, before, (caller) => caller.classes.mine());
    await mine.until((events) => events.some((event) => event.type === 'snapshot'));
    expect(classIdsOf(mine.events)).toEqual([]);

    const wrong = await invitee.verifyEmail(email, wrongCode(codeFrom(mail)));
    expect(wrong.status).toBe(400);
    expect(wrong.body?.code).toBe('INVALID_OTP');
    expect(await memberships(email)).toEqual([]);

    expect((await invitee.verifyEmail(email, codeFrom(mail))).status).toBe(200);
    // The open class list gets the class at once.
    await mine.until((events) => classIdsOf(events).includes(classId));
    await mine.stop();
    expect(await memberships(email)).toEqual([{ class_id: classId, role: 'instructor' }]);
    expect(await pendingInvitations(email)).toEqual([]);
    expect((await viewerOf(invitee.cookie)).emailVerified).toBe(true);
  });

  it('gives an attacker who signs up with an invited address nothing; the owner gets it by code', async () => {
    const email = uniqueEmail('victim');
    const classId = await classInvitingAsInstructor(email);
    // The attacker signs up first with the invited instructor's address; they cannot read its mail.
    const attacker = authClient(made.app, made.config.publicUrl, '203.0.113.66');
    expect((await attacker.signUp('Mallory, Mal', email, GOOD_PASSWORD)).status).toBe(200);
    const attackerViewer = await viewerOf(attacker.cookie);
    expect(await memberships(email)).toEqual([]);
    await expect(
      callerFor(services, attackerViewer).classes.removeMember({
        class_id: classId,
        uid: teacher.uid,
        role: 'instructor',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Added again by address, the unverified account still gets an invitation, not a membership.
    const again = await callerFor(services, teacher).classes.addMembers({
      class_id: classId,
      role: 'instructor',
      people: [{ email }],
    });
    expect(again.invited).toEqual([email]);
    expect(await memberships(email)).toEqual([]);
    // A guessed code verifies nothing.
    expect((await attacker.verifyEmail(email, '000000')).status).toBe(400);
    expect((await viewerOf(attacker.cookie)).emailVerified).toBe(false);

    // The owner, locked out of sign-up by the taken address, resets the password with the code
    // mailed to them: that proves the address too, ends the attacker's session and claims.
    const owner = authClient(made.app, made.config.publicUrl, '198.51.100.8');
    expect((await owner.requestReset(email)).status).toBe(200);
    const reset = await smtp.nextMailTo(email, undefined, 'reset code');
    expect((await owner.reset(email, codeFrom(reset), 'the real owner passphrase')).status).toBe(
      200,
    );
    expect((await attacker.session()).body).toBeNull();
    expect(await memberships(email)).toEqual([{ class_id: classId, role: 'instructor' }]);
    expect(await pendingInvitations(email)).toEqual([]);
  });

  it('an unverified address matches no channel_group until it is verified', async () => {
    const email = uniqueEmail('grouped');
    const student = authClient(made.app, made.config.publicUrl, '198.51.100.9');
    expect((await student.signUp('Grouped, Gus', email, GOOD_PASSWORD)).status).toBe(200);
    const unverified = await viewerOf(student.cookie);
    const { classId } = await createClassFixture(database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: unverified, role: 'student' },
      ],
      channels: [{ name: 'team-a', is_public: false }],
    });
    const [team] = await database.db
      .update(channels)
      .set({ channel_group: [email] })
      .where(eq(channels.class_id, classId))
      .returning({ channel_id: channels.channel_id });
    const send = (viewer: typeof unverified) =>
      services.sendQueue.send(
        viewer,
        {
          id: makeRecordId('msg', viewer.uid),
          class_id: classId,
          channel_id: team!.channel_id,
          body: 'hello team',
        },
        null,
      );
    const listed = async (viewer: typeof unverified) => {
      const list = await collect<ChannelView>(services, viewer, (caller) =>
        caller.channels.live({ class_id: classId }),
      );
      await list.until((events) => events.some((event) => event.type === 'snapshot'));
      await list.stop();
      return list.events.flatMap((event) => ('rows' in event ? event.rows : []));
    };

    expect(await listed(unverified)).toEqual([]);
    await expect(send(unverified)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const code = codeFrom(await smtp.nextMailTo(email, undefined, 'verification code'));
    expect((await student.verifyEmail(email, code)).status).toBe(200);
    const verified = await viewerOf(student.cookie);
    expect((await listed(verified)).map((row) => [row.channel_id, row.is_own])).toEqual([
      [team!.channel_id, true],
    ]);
    await expect(send(verified)).resolves.toMatchObject({ seq: 1 });
  });

  it('gives an ADMIN_EMAILS address site-admin powers only once verified', async () => {
    const admin = authClient(made.app, made.config.publicUrl, '198.51.100.10');
    expect((await admin.signUp('Admin, Ada', adminEmail, GOOD_PASSWORD)).status).toBe(200);
    const isAdmin = async () =>
      (await callerFor(services, await viewerOf(admin.cookie)).me())?.isSiteAdmin;
    expect(await isAdmin()).toBe(false);
    const code = codeFrom(await smtp.nextMailTo(adminEmail, undefined, 'verification code'));
    expect((await admin.verifyEmail(adminEmail, code)).status).toBe(200);
    expect(await isAdmin()).toBe(true);
  });

  it('voids a verification code after 5 wrong tries: the invitation keeps waiting; a new code works', async () => {
    const email = uniqueEmail('guesser');
    const classId = await classInvitingAsInstructor(email);
    const client = authClient(made.app, made.config.publicUrl, '198.51.100.21');
    expect((await client.signUp('Guess, Gus', email, GOOD_PASSWORD)).status).toBe(200);
    const code = codeFrom(await smtp.nextMailTo(email, undefined, 'verification code'));
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await client.verifyEmail(email, wrongCode(code));
      expect(response.status).toBe(400);
      expect(response.body?.code).toBe('INVALID_OTP');
    }
    // The try that uses the code up says so, and from then on even the right code is refused.
    const fifth = await client.verifyEmail(email, wrongCode(code));
    expect(fifth.body?.code).toBe('TOO_MANY_ATTEMPTS');
    expect(fifth.body?.message).toBe(
      'This code was tried 5 times and no longer works. Send a new code.',
    );
    const right = await client.verifyEmail(email, code);
    expect(right.status).toBe(403);
    expect(right.body?.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await viewerOf(client.cookie)).emailVerified).toBe(false);
    expect(await memberships(email)).toEqual([]);
    expect(await pendingInvitations(email)).toEqual([{ class_id: classId }]);

    // A new code is mailed on request and proves the address.
    expect((await client.resendVerification(email)).status).toBe(200);
    const fresh = codeFrom(await smtp.nextMailTo(email, undefined, 'verification code'));
    expect((await client.verifyEmail(email, fresh)).status).toBe(200);
    expect((await viewerOf(client.cookie)).emailVerified).toBe(true);
    expect(await memberships(email)).toEqual([{ class_id: classId, role: 'instructor' }]);
  });

  it('mails a new code on request, within the per-account code limit', async () => {
    const email = uniqueEmail('resend');
    const client = authClient(made.app, made.config.publicUrl, '198.51.100.11');
    expect((await client.signUp('Resend, Rae', email, GOOD_PASSWORD)).status).toBe(200);
    await smtp.nextMailTo(email, undefined, 'verification code');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const from = authClient(made.app, made.config.publicUrl, `198.51.101.${attempt + 1}`);
      statuses.push((await from.resendVerification(email)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The newest code works.
    let last = await smtp.nextMailTo(email, undefined, 'verification code');
    for (let mail = 1; mail < 5; mail += 1)
      last = await smtp.nextMailTo(email, undefined, 'verification code');
    expect((await client.verifyEmail(email, codeFrom(last))).status).toBe(200);
  });
});
