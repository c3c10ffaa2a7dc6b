// Classes, class requests, rosters and invitations, live, on PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  applyLiveEvent,
  emptyLiveState,
  makeRecordId,
  type Class,
  type LiveEvent,
  type RosterEntry,
} from '@seminar/shared';
import { channels, classes, classMemberships, pendingClasses } from '../src/db/schema';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { signUpUser, verificationCodeFor, type TestUser } from './fixtures';

const server = useTestServer();
let teacher: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Montessori, Maria');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Pat');
});

const request = (name: string, extra: Record<string, unknown> = {}) => ({
  pending_class_id: makeRecordId('class', teacher.uid),
  name,
  ...extra,
});
const rows = <Row extends { version: number }>(
  events: LiveEvent<Row>[],
  idOf: (row: Row) => string,
) => [
  ...events
    .reduce((state, event) => applyLiveEvent(state, event, idOf), emptyLiveState<Row>())
    .rows.values(),
];
const classIds = (events: LiveEvent<Class>[]) =>
  rows(events, (row) => row.class_id).map((row) => row.class_id);

describe(`classes (${testDatabaseKind})`, () => {
  it('turns a class request into the class: same id, requester instructor, a public general channel', async () => {
    const mine = await collect(server.services, teacher, (caller) => caller.classes.mine());
    await mine.until((events) => events.some((event) => event.type === 'snapshot'));
    const input = request('Thermodynamics', {
      course_code: 'PHY 210',
      course_disciplines: ['Physics'],
      start_date: '2026-09-01',
      end_date: '2026-12-15',
    });
    const created = await callerFor(server.services, teacher).classes.request(input);
    expect(created).toMatchObject({
      class_id: input.pending_class_id,
      enabled: true,
      pending_enabled: false,
      my_role: 'instructor',
      course_code: 'PHY 210',
    });
    const [pending] = await server.database.db
      .select()
      .from(pendingClasses)
      .where(eq(pendingClasses.pending_class_id, input.pending_class_id));
    expect(pending?.status).toBe('done');
    const general = await server.database.db
      .select()
      .from(channels)
      .where(eq(channels.class_id, input.pending_class_id));
    expect(general.map((channel) => [channel.name, channel.is_public])).toEqual([
      ['general', true],
    ]);
    await mine.until((events) => classIds(events).includes(input.pending_class_id));
    expect(
      rows(mine.events, (row) => row.class_id).find(
        (row) => row.class_id === input.pending_class_id,
      )?.my_role,
    ).toBe('instructor');
    // A retried request returns the same class and makes nothing twice.
    expect((await callerFor(server.services, teacher).classes.request(input)).class_id).toBe(
      input.pending_class_id,
    );
    expect(
      await server.database.db
        .select()
        .from(classes)
        .where(eq(classes.class_id, input.pending_class_id)),
    ).toHaveLength(1);
    await mine.stop();
  });

  it.each([
    ['a blank name', { name: '  ' }, 'name'],
    ['an end before the start', { start_date: '2026-09-01', end_date: '2026-08-01' }, 'end_date'],
    ['disciplines that are not a list', { course_disciplines: 'Physics' }, 'course_disciplines'],
  ])('refuses a request with %s and writes nothing', async (_label, change, path) => {
    const input = { ...request('Valid name'), ...change };
    const error = await callerFor(server.services, teacher)
      .classes.request(input as never)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.stringify((error as { cause?: { issues?: unknown } }).cause?.issues)).toContain(
      path,
    );
    expect(
      await server.database.db
        .select()
        .from(pendingClasses)
        .where(eq(pendingClasses.pending_class_id, input.pending_class_id)),
    ).toHaveLength(0);
  });

  it('lists any number of classes, 100 included, each with my role', async () => {
    const many = await signUpUser(server.made.app, server.made.config.publicUrl, 'Many, Mo');
    for (let index = 0; index < 100; index += 1) {
      const classId = `bulk_${index}_${many.uid.slice(0, 8)}`;
      await server.database.db.insert(classes).values({ class_id: classId, name: `Bulk ${index}` });
      await server.database.db.insert(classMemberships).values({
        class_id: classId,
        uid: many.uid,
        role: index % 3 === 0 ? 'instructor' : 'student',
      });
    }
    const mine = await collect(server.services, many, (caller) => caller.classes.mine());
    await mine.until((events) => events.some((event) => event.type === 'snapshot'));
    const list = rows(mine.events, (row) => row.class_id);
    expect(list).toHaveLength(100);
    expect(list.filter((row) => row.my_role === 'instructor')).toHaveLength(34);
    await mine.stop();
  });

  it('adds an existing account at once and invites an unknown e-mail until it signs up', async () => {
    const created = await callerFor(server.services, teacher).classes.request(
      request('Roster class'),
    );
    const classId = created.class_id;
    const roster = await collect(server.services, teacher, (caller) =>
      caller.classes.roster({ class_id: classId }),
    );
    const newcomerEmail = uniqueEmail('newcomer');
    const result = await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [
        { email: pupil.email.toUpperCase() },
        { email: newcomerEmail, name: 'Newcomer, Nia' },
      ],
    });
    expect(result).toEqual({
      added: [pupil.email],
      invited: [newcomerEmail],
      already: [],
      unmailed: [],
    });
    await roster.until((events) => rows(events, (row: RosterEntry) => row.id).length === 3);
    // An invitation-only change reaches the live roster too.
    const another = uniqueEmail('another');
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: another }],
    });
    await roster.until((events) =>
      rows(events, (row: RosterEntry) => row.id).some((row) => row.email === another),
    );
    await callerFor(server.services, teacher).classes.removeInvitation({
      class_id: classId,
      email: another,
      role: 'student',
    });
    await roster.until(
      (events) => !rows(events, (row: RosterEntry) => row.id).some((row) => row.email === another),
    );
    expect(
      rows(roster.events, (row: RosterEntry) => row.id).find((row) => row.invited),
    ).toMatchObject({ email: newcomerEmail, name: 'Newcomer, Nia' });

    const newcomer = authClient(server.made.app, server.made.config.publicUrl);
    const signUp = await newcomer.signUp('Newcomer, Nia', newcomerEmail, GOOD_PASSWORD);
    expect(signUp.status).toBe(200);
    const newcomerUid = (signUp.body as { user: { id: string } }).user.id;
    // The invitation waits for the mailed code; entered, it becomes a membership live.
    const code = await verificationCodeFor(server.made.app, newcomerEmail);
    expect((await newcomer.verifyEmail(newcomerEmail, code)).status).toBe(200);
    await roster.until((events) => {
      const entries = rows(events, (row: RosterEntry) => row.id);
      return entries.some((row) => row.uid === newcomerUid) && !entries.some((row) => row.invited);
    });
    const newcomerClasses = await collect(
      server.services,
      { uid: newcomerUid, email: newcomerEmail, displayName: 'Newcomer, Nia', emailVerified: true },
      (caller) => caller.classes.mine(),
    );
    await newcomerClasses.until((events) => classIds(events).includes(classId));
    await newcomerClasses.stop();
    await roster.stop();
  });

  it('shows disabled members to instructors only, and takes a class away live when the member is removed', async () => {
    const { class_id: classId } = await callerFor(server.services, teacher).classes.request(
      request('Listing rules'),
    );
    const other = await signUpUser(server.made.app, server.made.config.publicUrl, 'Other, Olive');
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: pupil.email }, { email: other.email }],
    });
    await callerFor(server.services, teacher).classes.setMemberEnabled({
      class_id: classId,
      uid: other.uid,
      role: 'student',
      enabled: false,
    });

    const asTeacher = await collect(server.services, teacher, (caller) =>
      caller.classes.roster({ class_id: classId }),
    );
    const asPupil = await collect(server.services, pupil, (caller) =>
      caller.classes.roster({ class_id: classId }),
    );
    await asTeacher.until((events) => events.some((event) => event.type === 'snapshot'));
    await asPupil.until((events) => events.some((event) => event.type === 'snapshot'));
    expect(
      rows(asTeacher.events, (row: RosterEntry) => row.id)
        .map((row) => row.uid)
        .sort(),
    ).toEqual([other.uid, pupil.uid, teacher.uid].sort());
    expect(
      rows(asPupil.events, (row: RosterEntry) => row.id)
        .map((row) => row.uid)
        .sort(),
    ).toEqual([pupil.uid, teacher.uid].sort());

    const pupilClasses = await collect(server.services, pupil, (caller) => caller.classes.mine());
    await pupilClasses.until((events) => classIds(events).includes(classId));
    await callerFor(server.services, teacher).classes.removeMember({
      class_id: classId,
      uid: pupil.uid,
      role: 'student',
    });
    await pupilClasses.until((events) => !classIds(events).includes(classId));
    await asPupil.until((events) => events.some((event) => event.type === 'end'));
    await asTeacher.until(
      (events) => !rows(events, (row: RosterEntry) => row.id).some((row) => row.uid === pupil.uid),
    );
    const [membership] = await server.database.db
      .select()
      .from(classMemberships)
      .where(and(eq(classMemberships.class_id, classId), eq(classMemberships.uid, pupil.uid)));
    expect(membership).toMatchObject({
      deleted: true,
      pending_deleted: true,
      updated_by: teacher.uid,
      updated_by_name: teacher.displayName,
    });
    await Promise.all([asTeacher.stop(), asPupil.stop(), pupilClasses.stop()]);
  });

  it("shows students each other's names but not their e-mail addresses; staff see both", async () => {
    const { class_id: classId } = await callerFor(server.services, teacher).classes.request(
      request('Privacy'),
    );
    const classmate = await signUpUser(
      server.made.app,
      server.made.config.publicUrl,
      'Mate, Class',
    );
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: pupil.email }, { email: classmate.email }],
    });
    const asTeacher = await collect(server.services, teacher, (caller) =>
      caller.classes.roster({ class_id: classId }),
    );
    const asPupil = await collect(server.services, pupil, (caller) =>
      caller.classes.roster({ class_id: classId }),
    );
    const emailsOf = (events: LiveEvent<RosterEntry>[]) =>
      Object.fromEntries(
        rows(events, (row: RosterEntry) => row.id).map((row) => [row.uid, row.email]),
      );
    await asTeacher.until((events) => Object.keys(emailsOf(events)).length === 3);
    await asPupil.until((events) => Object.keys(emailsOf(events)).length === 3);
    expect(emailsOf(asTeacher.events)).toEqual({
      [teacher.uid]: teacher.email,
      [pupil.uid]: pupil.email,
      [classmate.uid]: classmate.email,
    });
    expect(emailsOf(asPupil.events)).toEqual({
      [teacher.uid]: teacher.email,
      [pupil.uid]: pupil.email,
      [classmate.uid]: null,
    });
    // A live change reaches the student without the address either: the classmate is disabled
    // (gone from a student's roster), then enabled again (back, still without the address).
    const setEnabled = (enabled: boolean) =>
      callerFor(server.services, teacher).classes.setMemberEnabled({
        class_id: classId,
        uid: classmate.uid,
        role: 'student',
        enabled,
      });
    await setEnabled(false);
    await asPupil.until((events) => !(classmate.uid in emailsOf(events)));
    const seen = asPupil.events.length;
    await setEnabled(true);
    await asPupil.until((events) => classmate.uid in emailsOf(events));
    expect(emailsOf(asPupil.events)[classmate.uid]).toBeNull();
    expect(JSON.stringify(asPupil.events.slice(seen))).not.toContain(classmate.email);
    await Promise.all([asTeacher.stop(), asPupil.stop()]);
  });

  it('deletes a class: pending_deleted with audit fields, then gone from every member live', async () => {
    const { class_id: classId } = await callerFor(server.services, teacher).classes.request(
      request('Doomed'),
    );
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: pupil.email }],
    });
    const pupilClasses = await collect(server.services, pupil, (caller) => caller.classes.mine());
    await pupilClasses.until((events) => classIds(events).includes(classId));
    const pupilRoster = await collect(server.services, pupil, (caller) =>
      caller.classes.roster({ class_id: classId }),
    );
    await pupilRoster.until((events) => events.some((event) => event.type === 'snapshot'));
    await callerFor(server.services, teacher).classes.delete({ class_id: classId });
    await pupilClasses.until((events) => !classIds(events).includes(classId));
    await pupilRoster.until((events) => events.some((event) => event.type === 'end'));
    const [row] = await server.database.db
      .select()
      .from(classes)
      .where(eq(classes.class_id, classId));
    expect(row).toMatchObject({
      pending_deleted: true,
      deleted: true,
      updated_by: teacher.uid,
      updated_by_name: teacher.displayName,
    });
    await expect(
      callerFor(server.services, teacher).classes.update({ class_id: classId, name: 'Revived' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await Promise.all([pupilClasses.stop(), pupilRoster.stop()]);
  });

  it('lists public classes to everyone, who can join them as students', async () => {
    const { class_id: classId } = await callerFor(server.services, teacher).classes.request(
      request('Open to all', { is_public: true }),
    );
    const stranger = await signUpUser(
      server.made.app,
      server.made.config.publicUrl,
      'Stranger, Sam',
    );
    const listing = await collect(server.services, stranger, (caller) => caller.classes.public());
    await listing.until((events) => classIds(events).includes(classId));
    const joined = await callerFor(server.services, stranger).classes.join({ class_id: classId });
    expect(joined.my_role).toBe('student');
    // A private class cannot be joined, and says so the same way as a missing one.
    const { class_id: privateId } = await callerFor(server.services, teacher).classes.request(
      request('Invite only'),
    );
    await expect(
      callerFor(server.services, stranger).classes.join({ class_id: privateId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      callerFor(server.services, stranger).classes.join({ class_id: 'no_such_class' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await listing.stop();
  });
});
