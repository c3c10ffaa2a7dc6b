// Archiving a class (docs/classes.md#archive): staff archive and unarchive; an archived class is
// read-only for everyone — every write procedure answers the typed CLASS_ARCHIVED refusal and
// changes no row (table-driven over the write procedures, the upload route and a write no command
// checks, which the archive guard refuses) — while it stays readable and searchable, leaves the
// public list, and its members' live "my classes" show it archived. On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CLASS_ARCHIVED_MESSAGE, makeRecordId, type Class, type Phase } from '@seminar/shared';
import { activities, channelUsers, classes } from '../src/db/schema';
import { callerFor, collect } from './callers';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { PDF, uploadFile } from './uploads';

const server = useTestServer({ ATTACHMENT_UPLOADS_PER_MINUTE: '1000' });
let teacher: TestUser;
let helper: TestUser;
let pupil: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  const { app, config } = server.made;
  teacher = await signUpUser(app, config.publicUrl, 'Freire, Paulo');
  helper = await signUpUser(app, config.publicUrl, 'Helper, Hana');
  pupil = await signUpUser(app, config.publicUrl, 'Pupil, Pia');
  outsider = await signUpUser(app, config.publicUrl, 'Outside, Otto');
});

const PHASE: Phase = {
  id: 'p1',
  kind: 'plenary',
  title: 'Plenary',
  timer_seconds: 60,
  at_zero: 'end',
};

/** A class with a message, a poll, a pin, an activity, a private channel and an invitation. */
async function world() {
  const db = server.database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: helper, role: 'admin' },
      { user: pupil, role: 'student' },
    ],
    channels: [
      { name: 'general', is_public: true },
      { name: 'team', members: [{ uid: pupil.uid }] },
    ],
  });
  const [channelId, privateChannelId] = [channelIds[0]!, channelIds[1]!];
  const t = callerFor(server.services, teacher);
  const p = callerFor(server.services, pupil);
  const message = await p.messages.send({
    id: makeRecordId('msg', pupil.uid),
    class_id: classId,
    channel_id: channelId,
    body: 'Photosynthesis under kelp canopies',
  });
  const poll = await t.polls.create({
    id: makeRecordId('msg', teacher.uid),
    class_id: classId,
    channel_id: channelId,
    question: 'Which?',
    options: ['A', 'B'],
  });
  await t.pins.set({ id: message.id, on: true });
  const activityId = makeRecordId('activity', teacher.uid);
  await t.activities.save({
    activity_id: activityId,
    class_id: classId,
    title: 'Kelp',
    channel_id: channelId,
  });
  await t.activities.setPhases({ class_id: classId, activity_id: activityId, phases: [PHASE] });
  await t.classes.addMembers({
    class_id: classId,
    role: 'student',
    people: [{ email: 'later@example.edu' }],
  });
  return {
    classId,
    channelId,
    privateChannelId,
    messageId: message.id,
    pollId: poll.id,
    activityId,
  };
}
type World = Awaited<ReturnType<typeof world>>;

/** Every row of the class, as text: equal before and after means nothing changed. */
async function fingerprint(classId: string): Promise<string> {
  const tables = [
    'classes',
    'class_memberships',
    'class_invitations',
    'channels',
    'channel_users',
    'messages',
    'activities',
    'polls',
    'message_pins',
    'spotlights',
    'debrief_rubrics',
    'debrief_grades',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const result = (await server.database.db.execute(
      sql`select coalesce(string_agg(t::text, '|' order by t::text), '') as rows
        from ${sql.identifier(table)} t where t.class_id = ${classId}`,
    )) as unknown as { rows: Array<{ rows: string }> };
    parts.push(`${table}: ${result.rows[0]?.rows}`);
  }
  const ballots = (await server.database.db.execute(
    sql`select count(*)::text as n from poll_ballots b join polls p on p.id = b.poll_id
      where p.class_id = ${classId}`,
  )) as unknown as { rows: Array<{ n: string }> };
  parts.push(`ballots: ${ballots.rows[0]?.n}`);
  const files = (await server.database.db.execute(
    sql`select count(*)::text as n from attachments where class_id = ${classId}`,
  )) as unknown as { rows: Array<{ n: string }> };
  parts.push(`attachments: ${files.rows[0]?.n}`);
  return parts.join('\n');
}

type Caller = ReturnType<typeof callerFor>;
const as = (user: TestUser) => callerFor(server.services, user);

/** Every write a member could make, with who makes it (one who may, were the class not archived). */
const WRITES: Array<
  [name: string, who: () => TestUser, run: (c: Caller, w: World) => Promise<unknown>]
> = [
  [
    'classes.update',
    () => teacher,
    (c, w) => c.classes.update({ class_id: w.classId, name: 'Renamed' }),
  ],
  ['classes.delete', () => teacher, (c, w) => c.classes.delete({ class_id: w.classId })],
  [
    'classes.addMembers',
    () => teacher,
    (c, w) =>
      c.classes.addMembers({
        class_id: w.classId,
        role: 'student',
        people: [{ email: 'x@example.edu' }],
      }),
  ],
  [
    'classes.setMemberEnabled',
    () => teacher,
    (c, w) =>
      c.classes.setMemberEnabled({
        class_id: w.classId,
        uid: pupil.uid,
        role: 'student',
        enabled: false,
      }),
  ],
  [
    'classes.removeMember',
    () => helper,
    (c, w) => c.classes.removeMember({ class_id: w.classId, uid: pupil.uid, role: 'student' }),
  ],
  [
    'classes.removeInvitation',
    () => teacher,
    (c, w) =>
      c.classes.removeInvitation({
        class_id: w.classId,
        email: 'later@example.edu',
        role: 'student',
      }),
  ],
  [
    'activities.save',
    () => teacher,
    (c, w) =>
      c.activities.save({
        activity_id: makeRecordId('activity', teacher.uid),
        class_id: w.classId,
        title: 'New',
      }),
  ],
  [
    'activities.setEnabled',
    () => helper,
    (c, w) =>
      c.activities.setEnabled({ class_id: w.classId, activity_id: w.activityId, enabled: false }),
  ],
  [
    'activities.delete',
    () => teacher,
    (c, w) => c.activities.delete({ class_id: w.classId, activity_id: w.activityId }),
  ],
  [
    'activities.setPhases',
    () => teacher,
    (c, w) =>
      c.activities.setPhases({ class_id: w.classId, activity_id: w.activityId, phases: [] }),
  ],
  [
    'activities.advancePhase',
    () => teacher,
    (c, w) =>
      c.activities.advancePhase({
        class_id: w.classId,
        activity_id: w.activityId,
        action: 'start',
      }),
  ],
  [
    'activities.setBrief',
    () => teacher,
    (c, w) =>
      c.activities.setBrief({ class_id: w.classId, activity_id: w.activityId, body: 'Read it.' }),
  ],
  [
    'activities.setAgentBudget',
    () => teacher,
    (c, w) =>
      c.activities.setAgentBudget({
        class_id: w.classId,
        activity_id: w.activityId,
        answers: 5,
        tokens: null,
      }),
  ],
  [
    'channels.create',
    () => teacher,
    (c, w) =>
      c.channels.create({
        class_id: w.classId,
        channel_id: makeRecordId('channel', teacher.uid),
        name: 'new',
      }),
  ],
  [
    'channels.update',
    () => teacher,
    (c, w) => c.channels.update({ class_id: w.classId, channel_id: w.channelId, name: 'renamed' }),
  ],
  [
    'channels.delete',
    () => teacher,
    (c, w) => c.channels.delete({ class_id: w.classId, channel_id: w.channelId }),
  ],
  [
    'channels.setMember',
    () => teacher,
    (c, w) =>
      c.channels.setMember({
        class_id: w.classId,
        channel_id: w.privateChannelId,
        uid: helper.uid,
        member: true,
      }),
  ],
  [
    'messages.send',
    () => pupil,
    (c, w) =>
      c.messages.send({
        id: makeRecordId('msg', pupil.uid),
        class_id: w.classId,
        channel_id: w.channelId,
        body: 'late',
      }),
  ],
  ['messages.edit', () => pupil, (c, w) => c.messages.edit({ id: w.messageId, body: 'changed' })],
  ['messages.delete', () => pupil, (c, w) => c.messages.delete({ id: w.messageId })],
  ['messages.delete (moderation)', () => teacher, (c, w) => c.messages.delete({ id: w.messageId })],
  [
    'messages.react',
    () => pupil,
    (c, w) => c.messages.react({ id: w.messageId, emoji: '👍', on: true }),
  ],
  ['pins.set', () => teacher, (c, w) => c.pins.set({ id: w.messageId, on: false })],
  [
    'polls.create',
    () => teacher,
    (c, w) =>
      c.polls.create({
        id: makeRecordId('msg', teacher.uid),
        class_id: w.classId,
        channel_id: w.channelId,
        question: 'Q?',
        options: ['A', 'B'],
      }),
  ],
  ['polls.vote', () => pupil, (c, w) => c.polls.vote({ id: w.pollId, option_ids: ['o1'] })],
  ['polls.close', () => teacher, (c, w) => c.polls.close({ id: w.pollId })],
  [
    'activities.setAgentLimits',
    () => teacher,
    (c, w) =>
      c.activities.setAgentLimits({
        class_id: w.classId,
        activity_id: w.activityId,
        limits: {
          per_student_day: 5,
          per_student_activity: 20,
          hours: null,
          time_zone: 'UTC',
          phases_off: [],
        },
      }),
  ],
  [
    'activities.setTutorMode',
    () => teacher,
    (c, w) =>
      c.activities.setTutorMode({
        class_id: w.classId,
        activity_id: w.activityId,
        tutor: { mode: 'socratic' },
      }),
  ],
  [
    'debrief.setRubric',
    () => teacher,
    (c, w) =>
      c.debrief.setRubric({
        class_id: w.classId,
        activity_id: w.activityId,
        scale: 10,
        criteria: [{ id: 'c1', name: 'Quality', weight: 100, source: 'manual' }],
      }),
  ],
  [
    'coldCall.spotlight',
    () => teacher,
    (c, w) =>
      c.coldCall.spotlight({ class_id: w.classId, channel_id: w.channelId, uid: pupil.uid }),
  ],
];

describe('an archived class', () => {
  let w: World;
  let before: string;
  beforeAll(async () => {
    w = await world();
    const archived = await as(helper).classes.setArchived({ class_id: w.classId, archived: true });
    expect(archived.archived_at).toEqual(expect.any(Number));
    before = await fingerprint(w.classId);
  });

  it.each(WRITES)('refuses %s with CLASS_ARCHIVED and changes nothing', async (_name, who, run) => {
    await expect(run(as(who()), w)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: CLASS_ARCHIVED_MESSAGE,
    });
    expect(await fingerprint(w.classId)).toBe(before);
  });

  it('refuses an upload into it', async () => {
    const response = await uploadFile(
      server.made,
      pupil,
      { classId: w.classId, channelId: w.channelId },
      'a.pdf',
      PDF,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'CLASS_ARCHIVED',
      message: CLASS_ARCHIVED_MESSAGE,
    });
    expect(await fingerprint(w.classId)).toBe(before);
  });

  it('refuses a write no command checks: the archive guard in the database', async () => {
    // As a forgotten path would: straight to the table. The guard answers with its SQLSTATE.
    await expect(
      server.database.db
        .insert(channelUsers)
        .values({ class_id: w.classId, channel_id: w.channelId, uid: helper.uid }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'SMA01' }) });
    await expect(
      server.database.db
        .update(activities)
        .set({ title: 'x' })
        .where(sql`${activities.activity_id} = ${w.activityId}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'SMA01' }) });
    await expect(
      server.database.db
        .update(classes)
        .set({ name: 'x' })
        .where(sql`${classes.class_id} = ${w.classId}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'SMA01' }) });
    expect(await fingerprint(w.classId)).toBe(before);
  });

  it('stays readable and searchable by its members', async () => {
    const found = await as(pupil).messages.search({ class_id: w.classId, query: 'kelp' });
    expect(found.results.map((hit) => hit.id)).toContain(w.messageId);
    const page = await as(pupil).messages.page({
      class_id: w.classId,
      channel_id: w.channelId,
      beforeSeq: 100,
    });
    expect(page.map((m) => m.id)).toContain(w.messageId);
    // Reading on is not a change to the class: read markers still move.
    await as(pupil).channels.markRead({ class_id: w.classId, channel_id: w.channelId, seq: 1 });
  });

  it('refuses archiving to students and hides the class from outsiders', async () => {
    await expect(
      as(pupil).classes.setArchived({ class_id: w.classId, archived: false }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      as(outsider).classes.setArchived({ class_id: w.classId, archived: false }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Class not found.',
    });
    expect(await fingerprint(w.classId)).toBe(before);
  });
});

describe('archiving and unarchiving', () => {
  it('shows members the class archived, live, and takes it off the public list', async () => {
    const w = await world();
    await server.database.db
      .update(classes)
      .set({ is_public: true })
      .where(sql`${classes.class_id} = ${w.classId}`);
    const mine = await collect<Class>(server.services, pupil, (k) => k.classes.mine());
    const publicList = await collect<Class>(server.services, outsider, (k) => k.classes.public());
    const rowOf = (events: typeof mine.events) => {
      let row: Class | undefined;
      for (const event of events) {
        if (event.type === 'snapshot') row = event.rows.find((r) => r.class_id === w.classId);
        if (event.type === 'upsert') row = event.rows.find((r) => r.class_id === w.classId) ?? row;
        if (event.type === 'remove' && event.ids.includes(w.classId)) row = undefined;
      }
      return row;
    };
    try {
      await mine.until((events) => rowOf(events)?.archived_at === null);
      await publicList.until((events) => rowOf(events) !== undefined);
      await as(teacher).classes.setArchived({ class_id: w.classId, archived: true });
      await mine.until((events) => typeof rowOf(events)?.archived_at === 'number');
      await publicList.until((events) => rowOf(events) === undefined);
      await expect(as(outsider).classes.join({ class_id: w.classId })).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: CLASS_ARCHIVED_MESSAGE,
      });

      // Archiving twice changes nothing; unarchiving makes it writable again.
      const again = await as(teacher).classes.setArchived({ class_id: w.classId, archived: true });
      const back = await as(teacher).classes.setArchived({ class_id: w.classId, archived: false });
      expect(back.archived_at).toBeNull();
      expect(back.version).toBeGreaterThan(again.version);
      await mine.until((events) => rowOf(events)?.archived_at === null);
      await as(pupil).messages.send({
        id: makeRecordId('msg', pupil.uid),
        class_id: w.classId,
        channel_id: w.channelId,
        body: 'Back again',
      });
    } finally {
      await mine.stop();
      await publicList.stop();
    }
  });

  it('still exports an archived class', async () => {
    const w = await world();
    await as(teacher).classes.setArchived({ class_id: w.classId, archived: true });
    const response = await server.made.app.inject({
      method: 'GET',
      url: `/api/classes/${w.classId}/export`,
      headers: { cookie: teacher.cookie },
    });
    expect(response.statusCode).toBe(200);
  });
});
