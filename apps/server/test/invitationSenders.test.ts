// No mail to others from an address nobody proved, a daily cap per account on invitation mails
// counted in the database (so it holds across nodes), and a class name in a subject quoted and cut
// (issue 29.4). On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import {
  invitationMail,
  SUBJECT_CLASS_NAME_MAX_LENGTH,
  subjectClassName,
} from '../src/classes/invitations';
import { UNVERIFIED_SENDER_MESSAGE } from '../src/classes/policies';
import { classInvitations, invitationMailCounts } from '../src/db/schema';
import type { Services } from '../src/services';
import { uniqueEmail } from './authClient';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { makeApp, useTestServer } from './factories';
import { signUpUser, type TestUser } from './fixtures';

const PER_DAY = 3;
const server = useTestServer({ INVITATION_MAILS_PER_DAY: String(PER_DAY) });
/** A second node on the same database, with its own mailer and per-node memory. */
let otherNode: Awaited<ReturnType<typeof makeApp>>;
beforeAll(async () => {
  otherNode = await makeApp(server.database, { INVITATION_MAILS_PER_DAY: String(PER_DAY) });
});
afterAll(async () => {
  await otherNode.app.close();
});

async function newClass(services: Services, owner: TestUser, name: string): Promise<string> {
  const { class_id } = await callerFor(services, owner).classes.request({
    pending_class_id: makeRecordId('class', owner.uid),
    name,
  });
  return class_id;
}

/** Waits for the invitation mails to `emails` in a node's development outbox. */
async function invitationsIn(services: Services, emails: readonly string[]) {
  const wanted = new Set(emails);
  for (let tries = 0; tries < 400; tries += 1) {
    const mails = (services.mailer.outbox ?? []).filter(
      (mail) => wanted.has(mail.to) && mail.subject.includes('invited you'),
    );
    if (mails.length >= wanted.size) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not every invitation mail arrived: ${emails.join(', ')}`);
}

describe(`who may mail invitations (${testDatabaseKind})`, () => {
  it('refuses an account whose address is not verified: no invitation stored, no mail', async () => {
    const stranger = await signUpUser(
      server.made.app,
      server.made.config.publicUrl,
      'Spam, Sam',
      undefined,
      { verified: false },
    );
    // A class request mails nobody and stays open to it; adding people does not.
    const classId = await newClass(server.services, stranger, 'Your account is suspended');
    const targets = Array.from({ length: 25 }, (_, index) => uniqueEmail(`target${index}`));
    await expect(
      callerFor(server.services, stranger).classes.addMembers({
        class_id: classId,
        role: 'student',
        people: targets.map((email) => ({ email })),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: UNVERIFIED_SENDER_MESSAGE });
    await expect(
      callerFor(server.services, stranger).classes.resendInvitation({
        class_id: classId,
        email: targets[0]!,
        role: 'student',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: UNVERIFIED_SENDER_MESSAGE });
    expect(
      await server.database.db
        .select()
        .from(classInvitations)
        .where(eq(classInvitations.class_id, classId)),
    ).toEqual([]);
    const mailed = (server.services.mailer.outbox ?? []).filter((mail) =>
      targets.includes(mail.to),
    );
    expect(mailed).toEqual([]);
  });
});

describe(`the daily cap on invitation mails (${testDatabaseKind})`, () => {
  it('counts one account over every node in the database, reports the rest, and refuses Resend', async () => {
    const teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Cap, Carla');
    const classId = await newClass(server.services, teacher, 'Capped');
    const first = [uniqueEmail('cap1'), uniqueEmail('cap2')];
    const onA = await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: first.map((email) => ({ email })),
    });
    expect(onA.unmailed).toEqual([]);
    await invitationsIn(server.services, first);

    // Another node: its own per-node memory is empty, the database's count is not.
    const second = [uniqueEmail('cap3'), uniqueEmail('cap4')];
    const otherServices = otherNode.runtime.services!;
    const onB = await callerFor(otherServices, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: second.map((email) => ({ email })),
    });
    expect(onB.invited).toEqual(second);
    expect(onB.unmailed).toEqual([second[1]]);
    await invitationsIn(otherServices, [second[0]!]);

    // The invitation stands; "Resend" on either node is refused for today.
    await expect(
      callerFor(server.services, teacher).classes.resendInvitation({
        class_id: classId,
        email: second[1]!,
        role: 'student',
      }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: `You have sent the ${PER_DAY} invitation mails an account may send in a day. Try again tomorrow.`,
    });
    const [count] = await server.database.db
      .select({ count: invitationMailCounts.count })
      .from(invitationMailCounts)
      .where(eq(invitationMailCounts.inviter_uid, teacher.uid));
    expect(count?.count).toBe(PER_DAY);
    // Nothing past the cap was sent from either node.
    const all = [...(server.services.mailer.outbox ?? []), ...(otherServices.mailer.outbox ?? [])];
    expect(all.filter((mail) => mail.to === second[1])).toEqual([]);
  });

  it('gives two nodes taking at once no more than the day allows between them', async () => {
    const teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Race, Rosa');
    const classId = await newClass(server.services, teacher, 'Raced');
    const batches = [0, 1].map(() => [
      uniqueEmail('race'),
      uniqueEmail('race'),
      uniqueEmail('race'),
    ]);
    const results = await Promise.all(
      [server.services, otherNode.runtime.services!].map((services, index) =>
        callerFor(services, teacher).classes.addMembers({
          class_id: classId,
          role: 'student',
          people: batches[index]!.map((email) => ({ email })),
        }),
      ),
    );
    const mailed = results.reduce(
      (sum, result) => sum + result.invited.length - result.unmailed.length,
      0,
    );
    expect(mailed).toBe(PER_DAY);
  });
});

describe('the class name in an invitation subject', () => {
  it('is quoted and cut, on one line', () => {
    expect(subjectClassName('Algebra 101')).toBe("'Algebra 101'");
    const long = `Your account is suspended. Sign in at https://evil.example ${'x'.repeat(200)}`;
    const shown = subjectClassName(long);
    // At most the limit between the quotes, the ellipsis included.
    expect(Array.from(shown).length).toBeLessThanOrEqual(SUBJECT_CLASS_NAME_MAX_LENGTH + 2);
    expect(shown.startsWith("'Your account is suspended.")).toBe(true);
    expect(shown.endsWith("…'")).toBe(true);
    expect(subjectClassName('Line\r\nBcc: someone')).toBe("'Line Bcc: someone'");
    const mail = invitationMail({
      to: 'a@example.edu',
      className: long,
      inviterName: 'Ada Lovelace',
      role: 'student',
      appName: 'Seminar',
      publicUrl: 'https://seminar.example.edu',
      hasAccount: false,
    });
    expect(mail.subject).toBe(`Ada Lovelace invited you to ${shown} on Seminar`);
    // The text keeps the whole name, inside quotes.
    expect(mail.text).toContain(`“${long}”`);
  });
});

describe('the invitation mail’s words', () => {
  it('says one joins once the address is confirmed with the mailed code, not when the account is made', () => {
    const mail = (hasAccount: boolean) =>
      invitationMail({
        to: 'a@example.edu',
        className: 'Algebra 101',
        inviterName: 'Ada Lovelace',
        role: 'student',
        appName: 'Seminar',
        publicUrl: 'https://seminar.example.edu',
        hasAccount,
      }).text;
    expect(mail(false)).not.toContain('as soon as the account is made');
    expect(mail(false)).toContain(
      'You join the class once you have made the account and entered the code we mail you to confirm the address.',
    );
    expect(mail(true)).toContain('You join the class as soon as the address is confirmed.');
  });
});
