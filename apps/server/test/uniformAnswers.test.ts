// Issue 14.8: one answer for "missing" and "not yours". For every procedure that takes the id of a
// record, an id that does not exist and an id of a class the caller is not in get the same code and
// message; a create whose client-made id is taken in another class gets exactly the answer of an id
// taken in the caller's own class. On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import { activities, channels, classInvitations, messages } from '../src/db/schema';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let me: TestUser;
let classmate: TestUser;
let stranger: TestUser;
let strangersStudent: TestUser;

/** One class's records: the caller's own class, and a class the caller is not in. */
interface Records {
  classId: string;
  channelId: string;
  activityId: string;
  messageId: string;
  memberUid: string;
  invitationEmail: string;
}
let mine: Records & { deletedChannelId: string; deletedActivityId: string };
let theirs: Records;

async function classRecords(
  instructor: TestUser,
  student: TestUser,
  invitationEmail: string,
): Promise<Records> {
  const db = server.database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: instructor, role: 'instructor' },
      { user: student, role: 'student' },
    ],
    channels: [{ name: 'general', is_public: true }],
  });
  const channelId = channelIds[0]!;
  const activityId = makeRecordId('activity', instructor.uid);
  await db.insert(activities).values({ activity_id: activityId, class_id: classId, title: 'Case' });
  const messageId = makeRecordId('msg', student.uid);
  await db.insert(messages).values({
    id: messageId,
    class_id: classId,
    channel_id: channelId,
    seq: 1,
    author_uid: student.uid,
    author_name: 'Student',
    body: 'hello',
  });
  await db.update(channels).set({ last_seq: 1 }).where(eq(channels.channel_id, channelId));
  await db
    .insert(classInvitations)
    .values({ class_id: classId, email: invitationEmail, role: 'student' });
  return { classId, channelId, activityId, messageId, memberUid: student.uid, invitationEmail };
}

beforeAll(async () => {
  const { app, config } = server.made;
  me = await signUpUser(app, config.publicUrl, 'Me, Myself');
  classmate = await signUpUser(app, config.publicUrl, 'Mate, Class');
  stranger = await signUpUser(app, config.publicUrl, 'Stranger, Sam');
  strangersStudent = await signUpUser(app, config.publicUrl, 'Student, Other');
  const own = await classRecords(me, classmate, 'mine.invited@example.edu');
  theirs = await classRecords(stranger, strangersStudent, 'their.invited@example.edu');
  const db = server.database.db;
  const deletedChannelId = makeRecordId('channel', me.uid);
  await db.insert(channels).values({
    channel_id: deletedChannelId,
    class_id: own.classId,
    name: 'gone',
    deleted: true,
  });
  const deletedActivityId = makeRecordId('activity', me.uid);
  await db.insert(activities).values({
    activity_id: deletedActivityId,
    class_id: own.classId,
    title: 'Gone',
    deleted: true,
  });
  mine = { ...own, deletedChannelId, deletedActivityId };
});

type Caller = ReturnType<typeof callerFor>;
/** The parts of the input a case varies: the class named, and the record's id, uid or e-mail. */
type Run = (caller: Caller, classId: string, id: string) => Promise<unknown>;

const answerOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

/** Procedures addressing an existing record: which of `Records` they take, and how. */
const addressed: Array<[name: string, key: keyof Records, run: Run]> = [
  ['messages.edit', 'messageId', (c, _k, id) => c.messages.edit({ id, body: 'changed' })],
  ['messages.delete', 'messageId', (c, _k, id) => c.messages.delete({ id })],
  ['pins.set', 'messageId', (c, _k, id) => c.pins.set({ id, on: true })],
  [
    'activities.setBrief',
    'activityId',
    (c, classId, id) => c.activities.setBrief({ class_id: classId, activity_id: id, body: 'Read' }),
  ],
  [
    'activities.setEnabled',
    'activityId',
    (c, classId, id) =>
      c.activities.setEnabled({ class_id: classId, activity_id: id, enabled: false }),
  ],
  [
    'activities.setAgentBudget',
    'activityId',
    (c, classId, id) =>
      c.activities.setAgentBudget({ class_id: classId, activity_id: id, answers: 1, tokens: null }),
  ],
  [
    'activities.setAgentLimits',
    'activityId',
    (c, classId, id) =>
      c.activities.setAgentLimits({
        class_id: classId,
        activity_id: id,
        limits: { per_student_day: 1, per_student_activity: null, hours: null, phases_off: [] },
      }),
  ],
  [
    'activities.setTutorMode',
    'activityId',
    (c, classId, id) =>
      c.activities.setTutorMode({
        class_id: classId,
        activity_id: id,
        tutor: { mode: 'explainer', custom: null },
      }),
  ],
  [
    'activities.exchanges',
    'activityId',
    (c, classId, id) => c.activities.exchanges({ class_id: classId, activity_id: id }),
  ],
  [
    'activities.usage',
    'activityId',
    (c, classId, id) => c.activities.usage({ class_id: classId, activity_id: id }),
  ],
  [
    'activities.setAgentMode',
    'activityId',
    (c, classId, id) =>
      c.activities.setAgentMode({
        class_id: classId,
        activity_id: id,
        agent: 'DataAnalystBot',
        mode: 'paused',
      }),
  ],
  [
    'activities.delete',
    'activityId',
    (c, classId, id) => c.activities.delete({ class_id: classId, activity_id: id }),
  ],
  [
    'activities.save (case channel)',
    'channelId',
    (c, classId, id) =>
      c.activities.save({
        activity_id: makeRecordId('activity', me.uid),
        class_id: classId,
        title: 'New case',
        channel_id: id,
      }),
  ],
  [
    'channels.update',
    'channelId',
    (c, classId, id) => c.channels.update({ class_id: classId, channel_id: id, enabled: false }),
  ],
  [
    'channels.delete',
    'channelId',
    (c, classId, id) => c.channels.delete({ class_id: classId, channel_id: id }),
  ],
  [
    'channels.setMember',
    'channelId',
    (c, classId, id) =>
      c.channels.setMember({ class_id: classId, channel_id: id, uid: classmate.uid, member: true }),
  ],
  [
    'channels.markRead',
    'channelId',
    (c, classId, id) => c.channels.markRead({ class_id: classId, channel_id: id, seq: 1 }),
  ],
  [
    'channels.notify',
    'channelId',
    (c, classId, id) =>
      c.channels.notify({ class_id: classId, channel_id: id, type: 'user_typing' }),
  ],
  [
    'channels.clearTyping',
    'channelId',
    (c, classId, id) => c.channels.clearTyping({ class_id: classId, channel_id: id }),
  ],
  [
    'channels.leave',
    'channelId',
    (c, classId, id) => c.channels.leave({ class_id: classId, channel_id: id }),
  ],
  [
    'channels.prewarm',
    'channelId',
    (c, classId, id) => c.channels.prewarm({ class_id: classId, channel_id: id }),
  ],
  [
    'messages.page',
    'channelId',
    (c, classId, id) => c.messages.page({ class_id: classId, channel_id: id, beforeSeq: 2 }),
  ],
  [
    'messages.range',
    'channelId',
    (c, classId, id) =>
      c.messages.range({ class_id: classId, channel_id: id, fromSeq: 1, beforeSeq: 2 }),
  ],
  [
    'messages.send',
    'channelId',
    (c, classId, id) =>
      c.messages.send({
        id: makeRecordId('msg', me.uid),
        class_id: classId,
        channel_id: id,
        body: 'hi',
      }),
  ],
  [
    'classes.setMemberEnabled',
    'memberUid',
    (c, classId, uid) =>
      c.classes.setMemberEnabled({ class_id: classId, uid, role: 'student', enabled: false }),
  ],
  [
    'classes.removeMember',
    'memberUid',
    (c, classId, uid) => c.classes.removeMember({ class_id: classId, uid, role: 'student' }),
  ],
  [
    'classes.removeInvitation',
    'invitationEmail',
    (c, classId, email) =>
      c.classes.removeInvitation({ class_id: classId, email, role: 'student' }),
  ],
  [
    'classes.resendInvitation',
    'invitationEmail',
    (c, classId, email) =>
      c.classes.resendInvitation({ class_id: classId, email, role: 'student' }),
  ],
];

const MISSING: Record<keyof Records, string> = {
  classId: 'class_never_made',
  channelId: 'channel_never_made',
  activityId: 'activity_never_made',
  messageId: 'msg_never_made',
  memberUid: 'user_never_made',
  invitationEmail: 'never.invited@example.edu',
};

describe(`uniform answers (${testDatabaseKind})`, () => {
  it.each(addressed)(
    '%s: a missing id and another class’s id get the same refusal, in my class and in theirs',
    async (_name, key, run) => {
      const caller = callerFor(server.services, me);
      // Named in my own class: the record's wording, the same for both.
      const missing = await answerOf(run(caller, mine.classId, MISSING[key]));
      const foreign = await answerOf(run(caller, mine.classId, theirs[key]));
      expect(missing).not.toBe('ok');
      expect(foreign).toEqual(missing);
      // Named in their class, or in a class that never existed: the class's wording, the same too.
      const theirClass = await answerOf(run(caller, theirs.classId, theirs[key]));
      const noClass = await answerOf(run(caller, MISSING.classId, theirs[key]));
      expect(theirClass).not.toBe('ok');
      expect(theirClass).toEqual(noClass);
    },
  );

  it('says "Message not found." for another class’s message, as for a missing one', async () => {
    const caller = callerFor(server.services, me);
    for (const run of [
      (id: string) => caller.messages.edit({ id, body: 'x' }),
      (id: string) => caller.messages.delete({ id }),
    ]) {
      expect(await answerOf(run(theirs.messageId))).toEqual({
        code: 'NOT_FOUND',
        message: 'Message not found.',
      });
    }
    // Nothing of theirs changed.
    const [row] = await server.database.db
      .select({ body: messages.body, deleted: messages.deleted })
      .from(messages)
      .where(eq(messages.id, theirs.messageId));
    expect(row).toEqual({ body: 'hello', deleted: false });
  });

  /** Creates with a client-made id: taken in another class vs taken (deleted, another's) in mine. */
  const creates: Array<
    [
      name: string,
      run: (caller: Caller, id: string) => Promise<unknown>,
      ids: () => [string, string],
      message: string,
    ]
  > = [
    [
      'activities.save',
      (c, id) => c.activities.save({ activity_id: id, class_id: mine.classId, title: 'Case' }),
      () => [theirs.activityId, mine.deletedActivityId],
      'That activity id is already taken.',
    ],
    [
      'channels.create',
      (c, id) =>
        c.channels.create({ channel_id: id, class_id: mine.classId, name: `c-${id.slice(-6)}` }),
      () => [theirs.channelId, mine.deletedChannelId],
      'That channel id is already taken.',
    ],
    [
      'messages.send',
      (c, id) =>
        c.messages.send({ id, class_id: mine.classId, channel_id: mine.channelId, body: 'hi' }),
      () => [theirs.messageId, mine.messageId],
      'That message id is already taken.',
    ],
    [
      'classes.request',
      (c, id) => c.classes.request({ pending_class_id: id, name: 'Taken' }),
      () => [theirs.classId, mine.classId],
      'That class id is already taken.',
    ],
  ];

  it.each(creates)(
    '%s: an id taken in another class is answered as one taken in my own',
    async (_name, run, ids, message) => {
      const caller = callerFor(server.services, me);
      const [theirId, myId] = ids();
      const foreign = await answerOf(run(caller, theirId));
      const own = await answerOf(run(caller, myId));
      expect(foreign).toEqual({ code: 'CONFLICT', message });
      expect(own).toEqual(foreign);
    },
  );
});
