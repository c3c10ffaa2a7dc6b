// The authorization matrix (issue 29.6): EVERY procedure of the app's router — enumerated from the
// router, so a new procedure fails here until authorizationMatrix.ts says who may call it — × signed
// out, an outsider, an instructor of another class, a user disabled by a site admin, a member
// disabled in the class, a student, a class admin, the instructor (the positive control) and a site
// admin, against a class's data. Refusals change nothing; reads of another class's data fail
// exactly like reads of something that does not exist. On PGlite and PostgreSQL.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, type Role } from '@seminar/shared';
import { sessionUser, type SessionUser } from '../src/auth/session';
import { queryRows, type Database } from '../src/db/client';
import {
  activities,
  channels,
  classInvitations,
  classMemberships,
  messages,
  products,
} from '../src/db/schema';
import { pollCreator } from '../src/polls/commands';
import { appRouter } from '../src/router';
import type { Services } from '../src/services';
import { userDisabledSetter } from '../src/users/commands';
import { ACTORS, expectedOutcome, MATRIX, type Actor, type World } from './authorizationMatrix';
import { callerFor } from './callers';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const SITE_ADMIN_EMAIL = `site.admin.${Date.now().toString(36)}@example.edu`;
type Person = Exclude<Actor, 'anonymous'>;

let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
const people = {} as Record<Person, TestUser>;
/** Who each actor's requests are signed in as (a disabled user's cookie signs in no one). */
const viewers = {} as Record<Actor, SessionUser | null>;

beforeAll(async () => {
  database = await createTestDatabase();
  made = await makeApp(database, { ADMIN_EMAILS: SITE_ADMIN_EMAIL });
  services = made.runtime.services!;
  for (const actor of ACTORS) {
    if (actor === 'anonymous') continue;
    const email = actor === 'siteAdmin' ? SITE_ADMIN_EMAIL : undefined;
    people[actor] = await signUpUser(made.app, made.config.publicUrl, `${actor}, Test`, email);
  }
  await createClassFixture(database.db, {
    members: [{ user: people.otherInstructor, role: 'instructor' }],
  });
  await userDisabledSetter(database.db, people.disabledUser.uid, true);
  // Resolved as every request and socket resolves its viewer: from the session cookie.
  for (const actor of ACTORS) {
    viewers[actor] =
      actor === 'anonymous'
        ? null
        : await sessionUser(services, {
            headers: { cookie: people[actor].cookie },
          } as FastifyRequest);
  }
  expect(viewers.disabledUser).toBeNull();
  expect(viewers.student?.uid).toBe(people.student.uid);
}, 60_000);
afterAll(async () => {
  await made.app.close();
  await database.close();
});

/** A fresh class for each case, with one of everything. */
async function world(): Promise<World> {
  const members: Array<{ user: TestUser; role: Role }> = [
    { user: people.instructor, role: 'instructor' },
    { user: people.classAdmin, role: 'admin' },
    { user: people.student, role: 'student' },
    { user: people.disabledMember, role: 'student' },
  ];
  const { classId, channelIds } = await createClassFixture(database.db, {
    members,
    channels: [
      { name: 'general', is_public: true },
      { name: 'team', members: [people.student] },
    ],
  });
  await database.db
    .update(classMemberships)
    .set({ enabled: false })
    .where(
      sql`${classMemberships.class_id} = ${classId} and ${classMemberships.uid} = ${people.disabledMember.uid}`,
    );
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
  // A poll in the public channel (docs/polls.md), for the vote and close procedures.
  const pollId = makeRecordId('msg', people.instructor.uid);
  await pollCreator(database.db, people.instructor, {
    id: pollId,
    class_id: classId,
    channel_id: channelId,
    question: 'Ready?',
    options: ['Yes', 'No'],
    multiple: false,
    anonymous: false,
    results: 'live',
  });
  return {
    classId,
    channelId,
    privateChannelId: channelIds[1]!,
    pollId,
    activityId,
    productId,
    messageId,
    uids: { student: people.student.uid, classAdmin: people.classAdmin.uid },
  };
}

/** Every version of every row of the class and its product: equal before and after means nothing changed. */
async function fingerprint(w: World): Promise<string> {
  const rows = await queryRows<{ v: string }>(
    database.db,
    sql`select string_agg(v::text, ',' order by v) as v from (
      select version as v from classes where class_id = ${w.classId}
      union all select version from class_memberships where class_id = ${w.classId}
      union all select version from class_invitations where class_id = ${w.classId}
      union all select version from channels where class_id = ${w.classId}
      union all select version from channel_users where class_id = ${w.classId}
      union all select version from activities where class_id = ${w.classId}
      union all select version from messages where class_id = ${w.classId}
      union all select version from polls where class_id = ${w.classId}
      union all select version from spotlights where class_id = ${w.classId}
      union all select version from products where product_id = ${w.productId}) all_rows`,
  );
  return rows[0]?.v ?? '';
}

const routerProcedures = Object.keys(appRouter._def.procedures as Record<string, unknown>).sort();
const cases = routerProcedures
  .filter((name) => name in MATRIX)
  .flatMap((name) => ACTORS.map((actor) => [name, actor] as const));

describe(`authorization matrix (${testDatabaseKind})`, () => {
  it('has an entry for every procedure the router exposes, and none for one it does not', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routerProcedures);
  });

  // A refusal changes nothing (each case checks it), so the refusals of one procedure share a
  // class; a call that is allowed gets a fresh one (it may change or delete what it is given).
  const refusalWorlds = new Map<string, Promise<World>>();
  const worldFor = (name: string) => {
    let made = refusalWorlds.get(name);
    if (!made) {
      made = world();
      refusalWorlds.set(name, made);
    }
    return made;
  };

  it.each(cases)('%s as %s', async (name, actor) => {
    const entry = MATRIX[name]!;
    const viewer = viewers[actor];
    const outcome = expectedOutcome(actor, entry);
    const w = outcome === 'ok' ? await world() : await worldFor(name);
    const before = await fingerprint(w);
    const result = await entry
      .run({ caller: callerFor(services, viewer), world: w, viewer, services })
      .then(
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
      expect((result as { message: string }).message).toBe(entry.notFound ?? 'Class not found.');
    expect(await fingerprint(w)).toBe(before);
  });

  it('answers another class and a class that does not exist identically', async () => {
    const w = await world();
    const caller = callerFor(services, people.otherInstructor);
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
