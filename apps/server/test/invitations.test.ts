// Invitations that arrive (issue 16.2): the invitee gets a mail (here the development outbox, the
// mailer a server without SMTP uses), "Resend" mails it again no sooner than the interval allows,
// and a withdrawn invitation is no longer claimed; on PGlite and PostgreSQL.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import { invitationClock, invitationLimits, RESEND_INTERVAL_MS } from '../src/classes/invitations';
import { users } from '../src/db/schema';
import type { OutboxEntry } from '../src/mail/mailer';
import { authClient, uniqueEmail } from './authClient';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let teacher: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Freire, Paulo');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Pia');
});
const defaultLimits = { ...invitationLimits };
afterEach(() => {
  invitationClock.now = () => Date.now();
  Object.assign(invitationLimits, defaultLimits);
});

const outbox = () => server.services.mailer.outbox ?? [];
const mailsTo = (email: string) => outbox().filter((mail) => mail.to === email);

async function mailTo(email: string, count = 1): Promise<OutboxEntry> {
  for (let tries = 0; tries < 200; tries++) {
    const mails = mailsTo(email);
    if (mails.length >= count) return mails[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail ${count} to ${email}`);
}

async function newClass(name: string, owner: TestUser = teacher): Promise<string> {
  const { class_id } = await callerFor(server.services, owner).classes.request({
    pending_class_id: makeRecordId('class', owner.uid),
    name,
  });
  return class_id;
}

/**
 * Returns once every invitation mail queued so far has gone out: the post sends them in order, so
 * when a mail queued now has arrived, any queued before it has too.
 */
async function invitationMailsSettled(): Promise<void> {
  const classId = await newClass('Barrier');
  const marker = uniqueEmail('barrier');
  // A test may have set a cap this mail would run into.
  const cap = invitationLimits.perInviterPerHour;
  invitationLimits.perInviterPerHour = defaultLimits.perInviterPerHour;
  try {
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: marker }],
    });
  } finally {
    invitationLimits.perInviterPerHour = cap;
  }
  await mailTo(marker);
}

describe(`invitations (${testDatabaseKind})`, () => {
  it('mails the invitee the class, who invited them, the role and a sign-up link with the address', async () => {
    const classId = await newClass('Pedagogy of Hope');
    const invitee = uniqueEmail('invitee');
    const result = await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'instructor',
      people: [{ email: invitee }, { email: pupil.email }],
    });
    expect(result.invited).toEqual([invitee]);
    const mail = await mailTo(invitee);
    expect(mail.subject).toBe(`Paulo Freire invited you to 'Pedagogy of Hope' on Seminar`);
    expect(mail.text).toContain('“Pedagogy of Hope”');
    expect(mail.text).toContain('as an instructor');
    expect(mail.text).toContain(
      `${server.made.config.publicUrl}/sign-up?email=${encodeURIComponent(invitee)}`,
    );
    // A member added at once gets no invitation (only the verification code sign-up mailed).
    expect(mailsTo(pupil.email).filter((mail) => mail.subject.includes('invited'))).toEqual([]);
  });

  it('sends an address with an unconfirmed account to sign-in and the password reset, not sign-up', async () => {
    const classId = await newClass('Literacy Circles');
    const invitee = uniqueEmail('unconfirmed');
    const account = authClient(server.made.app, server.made.config.publicUrl, '203.0.113.71');
    expect(
      (await account.signUp('Someone, Else', invitee, 'a long enough passphrase')).status,
    ).toBe(200);
    const result = await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: invitee }],
    });
    expect(result.invited).toEqual([invitee]);
    // The sign-up mailed its verification code too; the invitation is the mail that says so.
    let mail: OutboxEntry | undefined;
    for (let tries = 0; tries < 200 && !mail; tries++) {
      mail = mailsTo(invitee).find((sent) => sent.subject.includes('invited you'));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (!mail) throw new Error(`no invitation mail to ${invitee}`);
    expect(mail.subject).toContain("invited you to 'Literacy Circles'");
    const query = `?email=${encodeURIComponent(invitee)}`;
    expect(mail.text).toContain(`${server.made.config.publicUrl}/sign-in${query}`);
    expect(mail.text).toContain(`${server.made.config.publicUrl}/forgot-password${query}`);
    expect(mail.text).not.toContain('/sign-up');
  });

  it('resends on request, not sooner than the interval, and only to managers of the class', async () => {
    const classId = await newClass('Resends');
    const invitee = uniqueEmail('resend');
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: invitee }],
    });
    await mailTo(invitee);
    const ref = { class_id: classId, email: invitee, role: 'student' as const };

    // Re-adding or resending at once mails nothing more.
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: invitee }],
    });
    await expect(
      callerFor(server.services, teacher).classes.resendInvitation(ref),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: `An invitation went to ${invitee} a moment ago. You can send it again in 10 minutes.`,
    });
    // Not a member: the same answer as for a class that does not exist.
    await expect(
      callerFor(server.services, pupil).classes.resendInvitation(ref),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const later = Date.now() + RESEND_INTERVAL_MS + 1_000;
    invitationClock.now = () => later;
    await callerFor(server.services, teacher).classes.resendInvitation(ref);
    const second = await mailTo(invitee, 2);
    expect(second.subject).toContain("invited you to 'Resends'");
    await invitationMailsSettled();
    expect(mailsTo(invitee)).toHaveLength(2);
  });

  it('refuses to resend a withdrawn invitation, which signing up no longer claims', async () => {
    const classId = await newClass('Withdrawn');
    const invitee = uniqueEmail('withdrawn');
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: invitee }],
    });
    await mailTo(invitee);
    const ref = { class_id: classId, email: invitee, role: 'student' as const };
    await callerFor(server.services, teacher).classes.removeInvitation(ref);
    invitationClock.now = () => Date.now() + RESEND_INTERVAL_MS + 1_000;
    await expect(
      callerFor(server.services, teacher).classes.resendInvitation(ref),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Invitation not found.' });

    // Signed up and verified: nothing left to claim.
    const late = await signUpUser(
      server.made.app,
      server.made.config.publicUrl,
      'Late, Lou',
      invitee,
    );
    const [user] = await server.database.db.select().from(users).where(eq(users.email, invitee));
    expect(user?.emailVerified).toBe(true);
    const mine = await collect(server.services, late, (caller) => caller.classes.mine());
    await mine.until((events) => events.some((event) => event.type === 'snapshot'));
    expect(JSON.stringify(mine.events)).not.toContain(classId);
    await mine.stop();
  });

  describe('caps on invitation mail (per node)', () => {
    const invitees = (count: number, label: string) =>
      Array.from({ length: count }, (_, index) => uniqueEmail(`${label}${index}`));
    const add = (owner: TestUser, classId: string, emails: string[]) =>
      callerFor(server.services, owner).classes.addMembers({
        class_id: classId,
        role: 'student',
        people: emails.map((email) => ({ email })),
      });

    it("holds back an inviter's mails past the hourly cap, reports them, and lets Resend send them an hour later", async () => {
      const owner = await signUpUser(server.made.app, server.made.config.publicUrl, 'Busy, Bea');
      const classId = await newClass('Capped', owner);
      invitationLimits.perInviterPerHour = 3;
      const emails = invitees(5, 'hourly');
      const result = await add(owner, classId, emails);
      expect(result.invited).toEqual(emails);
      expect(result.unmailed).toEqual(emails.slice(3));
      for (const email of emails.slice(0, 3)) await mailTo(email);
      await invitationMailsSettled();
      for (const email of emails.slice(3)) expect(mailsTo(email)).toEqual([]);

      const ref = { class_id: classId, email: emails[4]!, role: 'student' as const };
      await expect(
        callerFor(server.services, owner).classes.resendInvitation(ref),
      ).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message:
          'You have sent as many invitation mails as this server allows for now. Try again in an hour.',
      });
      // Another inviter is not held back by Bea's count.
      const other = await signUpUser(server.made.app, server.made.config.publicUrl, 'Calm, Cy');
      const otherClass = await newClass('Uncapped', other);
      expect((await add(other, otherClass, invitees(2, 'other'))).unmailed).toEqual([]);

      invitationClock.now = () => Date.now() + 60 * 60_000 + 1_000;
      await callerFor(server.services, owner).classes.resendInvitation(ref);
      await mailTo(emails[4]!);
    });

    it('remembers a bounded number of send times: past it, new invitations are not mailed', async () => {
      const owner = await signUpUser(server.made.app, server.made.config.publicUrl, 'Many, Mo');
      const classId = await newClass('Remembered', owner);
      // Everything remembered so far is past the interval, so it may be forgotten to make room.
      invitationClock.now = () => Date.now() + 2 * 60 * 60_000;
      invitationLimits.remembered = 2;
      const emails = invitees(3, 'remembered');
      const result = await add(owner, classId, emails);
      expect(result.unmailed).toEqual(emails.slice(2));
      await mailTo(emails[0]!);
      await mailTo(emails[1]!);
    });

    it('keeps a bounded queue of unsent mails: past it, new invitations are not mailed', async () => {
      const owner = await signUpUser(server.made.app, server.made.config.publicUrl, 'Queue, Quinn');
      const classId = await newClass('Queued', owner);
      invitationLimits.queued = 2;
      const emails = invitees(4, 'queued');
      const result = await add(owner, classId, emails);
      expect(result.invited).toEqual(emails);
      expect(result.unmailed).toEqual(emails.slice(2));
      await mailTo(emails[0]!);
      await mailTo(emails[1]!);
    });
  });
});
