// The authorization matrix: every class-scoped procedure × anonymous, student, student of another
// class, disabled member, class admin, instructor. Refusals change nothing; reads of another class's
// data fail exactly like reads of something that does not exist. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, type Role } from '@seminar/shared';
import { queryRows, type Database } from '../src/db/client';
import {
  activities,
  channels,
  classInvitations,
  classMemberships,
  messages,
  products,
} from '../src/db/schema';
import type { Services } from '../src/runtime';
import { callerFor, collect } from './callers';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

type Actor =
  'anonymous' | 'student' | 'otherClassStudent' | 'disabledMember' | 'classAdmin' | 'instructor';
type Outcome = 'ok' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'FORBIDDEN';

let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
const people = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;

beforeAll(async () => {
  database = await createTestDatabase();
  made = await makeApp(database);
  services = made.runtime.services!;
  for (const actor of [
    'student',
    'otherClassStudent',
    'disabledMember',
    'classAdmin',
    'instructor',
  ] as const) {
    people[actor] = await signUpUser(made.app, made.config.publicUrl, `${actor}, Test`);
  }
}, 60_000);
afterAll(async () => {
  await made.app.close();
  await database.close();
});

interface World {
  classId: string;
  channelId: string;
  activityId: string;
  messageId: string;
}

/** A fresh class for each case, with one of everything. */
async function world(): Promise<World> {
  const members: Array<{ user: TestUser; role: Role }> = [
    { user: people.instructor, role: 'instructor' },
    { user: people.classAdmin, role: 'admin' },
    { user: people.student, role: 'student' },
    { user: people.disabledMember, role: 'student' },
  ];
  const { classId, channelIds } = await createClassFixture(database.db, { members });
  await database.db
    .update(classMemberships)
    .set({ enabled: false })
    .where(
      sql`${classMemberships.class_id} = ${classId} and ${classMemberships.uid} = ${people.disabledMember.uid}`,
    );
  await createClassFixture(database.db, {
    members: [{ user: people.otherClassStudent, role: 'student' }],
  });
  const channelId = channelIds[0]!;
  const activityId = makeRecordId('activity', people.instructor.uid);
  const productId = `product_${activityId}`;
  await database.db.insert(products).values({
    product_id: productId,
    title: 'Data analyst',
    name: 'data-analyst',
    ai_agent_refs: ['DataAnalystBot'],
  });
  await database.db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Case one',
    product_id: productId,
  });
  const messageId = makeRecordId('msg', people.student.uid);
  await database.db.insert(messages).values({
    id: messageId,
    class_id: classId,
    channel_id: channelId,
    seq: 1,
    author_uid: people.student.uid,
    author_name: 'Student',
    body: 'mine',
  });
  await database.db.update(channels).set({ last_seq: 1 }).where(eq(channels.channel_id, channelId));
  await database.db
    .insert(classInvitations)
    .values({ class_id: classId, email: 'invitee@example.edu', role: 'student' });
  return { classId, channelId, activityId, messageId };
}

/** Every version of every row of the class: equal before and after means nothing changed. */
async function fingerprint(classId: string): Promise<string> {
  const rows = await queryRows<{ v: string }>(
    database.db,
    sql`select string_agg(v::text, ',' order by v) as v from (
      select version as v from classes where class_id = ${classId}
      union all select version from class_memberships where class_id = ${classId}
      union all select version from class_invitations where class_id = ${classId}
      union all select version from channels where class_id = ${classId}
      union all select version from activities where class_id = ${classId}
      union all select version from messages where class_id = ${classId}) all_rows`,
  );
  return rows[0]?.v ?? '';
}

type Caller = ReturnType<typeof callerFor>;
const readLive = async (
  viewer: TestUser | null,
  start: (caller: Caller) => Promise<AsyncIterable<unknown>>,
) => {
  const live = await collect(services, viewer, start as never);
  try {
    await live.until((events) => events.length > 0);
  } finally {
    await live.stop();
  }
};

const procedures: Record<
  string,
  {
    write: boolean;
    run: (caller: Caller, w: World, viewer: TestUser | null) => Promise<unknown>;
    student: Outcome;
    /** A class admin's outcome when not 'ok' (`can`, packages/shared policies.ts). */
    classAdmin?: Outcome;
  }
> = {
  'classes.roster': {
    write: false,
    student: 'ok',
    run: (_c, w, v) => readLive(v, (c) => c.classes.roster({ class_id: w.classId })),
  },
  'activities.live': {
    write: false,
    student: 'ok',
    run: (_c, w, v) => readLive(v, (c) => c.activities.live({ class_id: w.classId })),
  },
  'messages.live': {
    write: false,
    student: 'ok',
    run: (_c, w, v) =>
      readLive(v, (c) => c.messages.live({ class_id: w.classId, channel_id: w.channelId })),
  },
  'messages.page': {
    write: false,
    student: 'ok',
    run: (c, w) => c.messages.page({ class_id: w.classId, channel_id: w.channelId, beforeSeq: 2 }),
  },
  'messages.range': {
    write: false,
    student: 'ok',
    run: (c, w) =>
      c.messages.range({ class_id: w.classId, channel_id: w.channelId, fromSeq: 1, beforeSeq: 2 }),
  },
  'messages.search': {
    write: false,
    student: 'ok',
    run: (c, w) => c.messages.search({ class_id: w.classId, query: 'hello' }),
  },
  'messages.send': {
    write: true,
    student: 'ok',
    run: (c, w, v) =>
      c.messages.send({
        id: makeRecordId('msg', v?.uid ?? 'anon'),
        class_id: w.classId,
        channel_id: w.channelId,
        body: 'hi',
      }),
  },
  'classes.update': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) => c.classes.update({ class_id: w.classId, name: 'Renamed' }),
  },
  'classes.delete': {
    write: true,
    student: 'FORBIDDEN',
    classAdmin: 'FORBIDDEN',
    run: (c, w) => c.classes.delete({ class_id: w.classId }),
  },
  'classes.addMembers': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) =>
      c.classes.addMembers({
        class_id: w.classId,
        role: 'student',
        people: [{ email: 'someone.new@example.edu' }],
      }),
  },
  'classes.setMemberEnabled': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) =>
      c.classes.setMemberEnabled({
        class_id: w.classId,
        uid: people.student.uid,
        role: 'student',
        enabled: false,
      }),
  },
  'classes.removeMember': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) =>
      c.classes.removeMember({
        class_id: w.classId,
        uid: people.disabledMember.uid,
        role: 'student',
      }),
  },
  'classes.removeInvitation': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) =>
      c.classes.removeInvitation({
        class_id: w.classId,
        email: 'invitee@example.edu',
        role: 'student',
      }),
  },
  'activities.save': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) =>
      c.activities.save({
        activity_id: makeRecordId('activity', 'x'),
        class_id: w.classId,
        title: 'New case',
      }),
  },
  'channels.live': {
    write: false,
    student: 'ok',
    run: (_c, w, v) => readLive(v, (c) => c.channels.live({ class_id: w.classId })),
  },
  'channels.notifications': {
    write: false,
    student: 'ok',
    run: (_c, w, v) =>
      readLive(v, (c) =>
        c.channels.notifications({ class_id: w.classId, channel_id: w.channelId }),
      ),
  },
  'channels.notify': {
    write: true,
    student: 'ok',
    run: (c, w) =>
      c.channels.notify({ class_id: w.classId, channel_id: w.channelId, type: 'user_online' }),
  },
  'channels.clearTyping': {
    write: true,
    student: 'ok',
    run: (c, w) => c.channels.clearTyping({ class_id: w.classId, channel_id: w.channelId }),
  },
  'channels.setNotify': {
    write: true,
    student: 'ok',
    run: (c, w) =>
      c.channels.setNotify({ class_id: w.classId, channel_id: w.channelId, notify: 'none' }),
  },
  'channels.leave': {
    write: true,
    student: 'ok',
    run: (c, w) => c.channels.leave({ class_id: w.classId, channel_id: w.channelId }),
  },
  'activities.setEnabled': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) =>
      c.activities.setEnabled({ class_id: w.classId, activity_id: w.activityId, enabled: false }),
  },
  'activities.setAgentBudget': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) =>
      c.activities.setAgentBudget({
        class_id: w.classId,
        activity_id: w.activityId,
        answers: 10,
        tokens: null,
      }),
  },
  'activities.exchanges': {
    write: false,
    student: 'FORBIDDEN',
    run: (c, w) => c.activities.exchanges({ class_id: w.classId, activity_id: w.activityId }),
  },
  'activities.usage': {
    write: false,
    student: 'FORBIDDEN',
    run: (c, w) => c.activities.usage({ class_id: w.classId, activity_id: w.activityId }),
  },
  'activities.setAgentMode': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) =>
      c.activities.setAgentMode({
        class_id: w.classId,
        activity_id: w.activityId,
        agent: 'DataAnalystBot',
        mode: 'paused',
      }),
  },
  'activities.delete': {
    write: true,
    student: 'FORBIDDEN',
    run: (c, w) => c.activities.delete({ class_id: w.classId, activity_id: w.activityId }),
  },
};

function expected(actor: Actor, procedure: (typeof procedures)[string]): Outcome {
  switch (actor) {
    case 'anonymous':
      return 'UNAUTHORIZED';
    case 'otherClassStudent':
    case 'disabledMember':
      return 'NOT_FOUND';
    case 'student':
      return procedure.student;
    case 'classAdmin':
      return procedure.classAdmin ?? 'ok';
    default:
      return 'ok';
  }
}

const actors: Actor[] = [
  'anonymous',
  'student',
  'otherClassStudent',
  'disabledMember',
  'classAdmin',
  'instructor',
];
const cases = Object.keys(procedures).flatMap((name) =>
  actors.map((actor) => [name, actor] as const),
);

describe(`authorization matrix (${testDatabaseKind})`, () => {
  it.each(cases)('%s as %s', async (name, actor) => {
    const procedure = procedures[name]!;
    const w = await world();
    const viewer = actor === 'anonymous' ? null : people[actor];
    const outcome = expected(actor, procedure);
    const before = await fingerprint(w.classId);
    const result = await procedure.run(callerFor(services, viewer), w, viewer).then(
      () => 'ok' as const,
      (error: { code?: string; message?: string }) => ({
        code: error.code,
        message: error.message,
      }),
    );
    if (outcome === 'ok') {
      expect(result).toBe('ok');
      return;
    }
    expect(result).toMatchObject({ code: outcome });
    if (outcome === 'NOT_FOUND')
      expect((result as { message: string }).message).toBe('Class not found.');
    expect(await fingerprint(w.classId)).toBe(before);
  });

  it('answers another class and a class that does not exist identically', async () => {
    const w = await world();
    const caller = callerFor(services, people.otherClassStudent);
    const errorOf = (classId: string) =>
      caller.classes
        .update({ class_id: classId, name: 'x' })
        .catch((error: { code: string; message: string }) => [error.code, error.message]);
    expect(await errorOf(w.classId)).toEqual(await errorOf('class_that_never_existed'));
  });

  it('lets students delete only their own messages and instructors any', async () => {
    const w = await world();
    const others = makeRecordId('msg', people.classAdmin.uid);
    await callerFor(services, people.classAdmin).messages.send({
      id: others,
      class_id: w.classId,
      channel_id: w.channelId,
      body: 'admin says',
    });
    await expect(
      callerFor(services, people.student).messages.delete({ id: others }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      callerFor(services, people.student).messages.edit({ id: others, body: 'hacked' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await callerFor(services, people.student).messages.edit({
      id: w.messageId,
      body: 'mine, edited',
    });
    await callerFor(services, people.instructor).messages.delete({ id: w.messageId });
    const [row] = await database.db.select().from(messages).where(eq(messages.id, w.messageId));
    expect(row).toMatchObject({ deleted: true, body: 'mine, edited' });
  });
});
