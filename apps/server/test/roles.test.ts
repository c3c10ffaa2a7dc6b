// Issue 14.9: what a class admin may do (`can`, packages/shared policies.ts) and the last-instructor
// rule, through the procedures, on PGlite and PostgreSQL. A class admin runs the class and manages
// its students; the staff (instructors, admins) and deleting the class are the instructors' call.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LAST_INSTRUCTOR_MESSAGE, makeRecordId, type Role } from '@seminar/shared';
import { classes, classInvitations, classMemberships } from '../src/db/schema';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let instructor: TestUser;
let classAdmin: TestUser;
let otherAdmin: TestUser;
let student: TestUser;

const STAFF_REFUSAL = {
  instructor: 'Only instructors can add, remove, enable or disable instructors.',
  admin: 'Only instructors can add, remove, enable or disable class admins.',
} as const;

beforeAll(async () => {
  const { app, config } = server.made;
  instructor = await signUpUser(app, config.publicUrl, 'Curie, Marie');
  classAdmin = await signUpUser(app, config.publicUrl, 'Admin, Ada');
  otherAdmin = await signUpUser(app, config.publicUrl, 'Admin, Otto');
  student = await signUpUser(app, config.publicUrl, 'Student, Sam');
});

/** A class of `instructor` with two class admins, a student and an instructor invitation. */
async function classWithStaff(): Promise<string> {
  const teacher = callerFor(server.services, instructor);
  const { class_id: classId } = await teacher.classes.request({
    pending_class_id: makeRecordId('class', instructor.uid),
    name: 'Radioactivity',
  });
  await teacher.classes.addMembers({
    class_id: classId,
    role: 'admin',
    people: [{ email: classAdmin.email }, { email: otherAdmin.email }],
  });
  await teacher.classes.addMembers({
    class_id: classId,
    role: 'student',
    people: [{ email: student.email }],
  });
  await teacher.classes.addMembers({
    class_id: classId,
    role: 'instructor',
    people: [{ email: 'future.instructor@example.edu' }],
  });
  return classId;
}

/** Every membership and invitation of the class, as comparable text. */
async function people(classId: string): Promise<string[]> {
  const members = await server.database.db
    .select()
    .from(classMemberships)
    .where(eq(classMemberships.class_id, classId));
  const invitations = await server.database.db
    .select()
    .from(classInvitations)
    .where(eq(classInvitations.class_id, classId));
  return [
    ...members.map((m) => `${m.uid}:${m.role}:${m.enabled}:${m.deleted}:${m.version}`),
    ...invitations.map((i) => `${i.email}:${i.role}:${i.deleted}:${i.version}`),
  ].sort();
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

describe(`class admins (${testDatabaseKind})`, () => {
  it('cannot make themselves instructor, nor remove or disable the instructor (the reproduction)', async () => {
    const classId = await classWithStaff();
    const admin = callerFor(server.services, classAdmin);
    const before = await people(classId);

    expect(
      await refusal(
        admin.classes.addMembers({
          class_id: classId,
          role: 'instructor',
          people: [{ email: classAdmin.email }],
        }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: STAFF_REFUSAL.instructor });
    expect(
      await refusal(
        admin.classes.removeMember({ class_id: classId, uid: instructor.uid, role: 'instructor' }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: STAFF_REFUSAL.instructor });
    expect(
      await refusal(
        admin.classes.setMemberEnabled({
          class_id: classId,
          uid: instructor.uid,
          role: 'instructor',
          enabled: false,
        }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: STAFF_REFUSAL.instructor });
    expect(await people(classId)).toEqual(before);
  });

  it.each<[string, (classId: string) => Promise<unknown>, string]>([
    [
      'add an admin',
      (classId) =>
        callerFor(server.services, classAdmin).classes.addMembers({
          class_id: classId,
          role: 'admin',
          people: [{ email: student.email }],
        }),
      STAFF_REFUSAL.admin,
    ],
    [
      'remove another admin',
      (classId) =>
        callerFor(server.services, classAdmin).classes.removeMember({
          class_id: classId,
          uid: otherAdmin.uid,
          role: 'admin',
        }),
      STAFF_REFUSAL.admin,
    ],
    [
      'disable another admin',
      (classId) =>
        callerFor(server.services, classAdmin).classes.setMemberEnabled({
          class_id: classId,
          uid: otherAdmin.uid,
          role: 'admin',
          enabled: false,
        }),
      STAFF_REFUSAL.admin,
    ],
    [
      'withdraw an instructor invitation',
      (classId) =>
        callerFor(server.services, classAdmin).classes.removeInvitation({
          class_id: classId,
          email: 'future.instructor@example.edu',
          role: 'instructor',
        }),
      STAFF_REFUSAL.instructor,
    ],
    [
      'resend an instructor invitation',
      (classId) =>
        callerFor(server.services, classAdmin).classes.resendInvitation({
          class_id: classId,
          email: 'future.instructor@example.edu',
          role: 'instructor',
        }),
      STAFF_REFUSAL.instructor,
    ],
    [
      'delete the class',
      (classId) => callerFor(server.services, classAdmin).classes.delete({ class_id: classId }),
      'Only instructors can delete the class.',
    ],
  ])('cannot %s (FORBIDDEN, nothing changes)', async (_label, run, message) => {
    const classId = await classWithStaff();
    const before = await people(classId);
    expect(await refusal(run(classId))).toEqual({ code: 'FORBIDDEN', message });
    expect(await people(classId)).toEqual(before);
    const [cls] = await server.database.db
      .select({ deleted: classes.deleted, pending: classes.pending_deleted })
      .from(classes)
      .where(eq(classes.class_id, classId));
    expect(cls).toEqual({ deleted: false, pending: false });
  });

  it('manage students: add, disable, enable and remove them, and edit the class', async () => {
    const classId = await classWithStaff();
    const admin = callerFor(server.services, classAdmin);
    const extra = await signUpUser(server.made.app, server.made.config.publicUrl, 'Extra, Eve');
    expect(
      await admin.classes.addMembers({
        class_id: classId,
        role: 'student',
        people: [{ email: extra.email }],
      }),
    ).toMatchObject({ added: [extra.email] });
    const ref = { class_id: classId, uid: student.uid, role: 'student' as Role };
    await admin.classes.setMemberEnabled({ ...ref, enabled: false });
    await admin.classes.setMemberEnabled({ ...ref, enabled: true });
    await admin.classes.removeMember(ref);
    await admin.classes.update({ class_id: classId, name: 'Radioactivity II' });
    const [row] = await server.database.db
      .select({ deleted: classMemberships.deleted })
      .from(classMemberships)
      .where(
        and(
          eq(classMemberships.class_id, classId),
          eq(classMemberships.uid, student.uid),
          eq(classMemberships.role, 'student'),
        ),
      );
    expect(row).toEqual({ deleted: true });
  });
});

describe(`the last instructor (${testDatabaseKind})`, () => {
  it('cannot be removed or disabled, even by themselves; with a second one, one can go', async () => {
    const classId = await classWithStaff();
    const teacher = callerFor(server.services, instructor);
    const self = { class_id: classId, uid: instructor.uid, role: 'instructor' as Role };
    const before = await people(classId);
    const last = { code: 'FORBIDDEN', message: LAST_INSTRUCTOR_MESSAGE };
    expect(await refusal(teacher.classes.removeMember(self))).toEqual(last);
    expect(await refusal(teacher.classes.setMemberEnabled({ ...self, enabled: false }))).toEqual(
      last,
    );
    expect(await people(classId)).toEqual(before);

    // A second instructor: now either may go, and then the one left is the last again.
    const second = await signUpUser(server.made.app, server.made.config.publicUrl, 'Second, Sid');
    await teacher.classes.addMembers({
      class_id: classId,
      role: 'instructor',
      people: [{ email: second.email }],
    });
    await teacher.classes.setMemberEnabled({ ...self, enabled: false });
    // A disabled instructor does not count: the second one is now the last enabled one.
    const secondRef = { class_id: classId, uid: second.uid, role: 'instructor' as Role };
    expect(
      await refusal(callerFor(server.services, second).classes.removeMember(secondRef)),
    ).toEqual(last);
    await callerFor(server.services, second).classes.setMemberEnabled({ ...self, enabled: true });
    await callerFor(server.services, second).classes.removeMember(self);
    expect(
      await refusal(callerFor(server.services, second).classes.removeMember(secondRef)),
    ).toEqual(last);
  });

  it('two instructors removing each other at once: one removal wins, one instructor stays', async () => {
    const classId = await classWithStaff();
    const second = await signUpUser(server.made.app, server.made.config.publicUrl, 'Second, Sue');
    await callerFor(server.services, instructor).classes.addMembers({
      class_id: classId,
      role: 'instructor',
      people: [{ email: second.email }],
    });
    const results = await Promise.all([
      refusal(
        callerFor(server.services, instructor).classes.removeMember({
          class_id: classId,
          uid: second.uid,
          role: 'instructor',
        }),
      ),
      refusal(
        callerFor(server.services, second).classes.removeMember({
          class_id: classId,
          uid: instructor.uid,
          role: 'instructor',
        }),
      ),
    ]);
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    const remaining = await server.database.db
      .select({ uid: classMemberships.uid })
      .from(classMemberships)
      .where(
        and(
          eq(classMemberships.class_id, classId),
          eq(classMemberships.role, 'instructor'),
          eq(classMemberships.deleted, false),
        ),
      );
    expect(remaining).toHaveLength(1);
  });
});
