// One name rule (packages/shared/src/names.ts) wherever a person's name is set — sign-up, the
// profile's update-user, "Add people" (roster CSV, invitations) — and bounded where it is copied;
// the migration cuts what exists (issue 29.3). On PGlite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, PERSON_NAME_MAX_LENGTH } from '@seminar/shared';
import { sessionFromCookie } from '../src/auth/session';
import { channels, classInvitations, messages, users } from '../src/db/schema';
import { migrationsDir } from '../src/paths';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let teacher: TestUser;
beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Teacher, Tess');
});

const client = () => authClient(server.made.app, server.made.config.publicUrl);
const storedName = async (email: string) =>
  (
    await server.database.db.select({ name: users.name }).from(users).where(eq(users.email, email))
  )[0]?.name;

/** Names that are not names: too long, not text, empty, on more than one line, reordering. */
const BAD_NAMES: Array<[string, unknown]> = [
  // (900,000 characters is over the auth body limit: test/httpFuzz.test.ts.)
  ['5,000 characters', 'N'.repeat(5_000)],
  ['101 characters', 'N'.repeat(PERSON_NAME_MAX_LENGTH + 1)],
  ['null', null],
  ['a number', 42],
  ['a list', ['Ada']],
  ['an object', { first: 'Ada' }],
  ['blank', '   '],
  ['a line break', 'Ada\nLovelace'],
  ['a right-to-left override', 'Ada \u202eecalevoL'],
];

describe(`names at sign-up and in the profile (${testDatabaseKind})`, () => {
  it.each(BAD_NAMES)(
    'refuses a sign-up with %s: 400 INVALID_NAME, nothing made',
    async (_label, name) => {
      const email = uniqueEmail('name');
      const response = await client().call('POST', '/api/auth/sign-up/email', {
        name,
        email,
        password: GOOD_PASSWORD,
      });
      expect(response.status).toBe(400);
      expect(response.body?.code).toBe('INVALID_NAME');
      expect(await storedName(email)).toBeUndefined();
    },
  );

  it('stores a sign-up name trimmed', async () => {
    const email = uniqueEmail('trim');
    expect((await client().signUp('  Curie, Marie  ', email, GOOD_PASSWORD)).status).toBe(200);
    expect(await storedName(email)).toBe('Curie, Marie');
  });

  it('refuses each bad name in update-user and keeps the name; takes a good one trimmed', async () => {
    const email = uniqueEmail('update');
    const owner = client();
    expect((await owner.signUp('Noether, Emmy', email, GOOD_PASSWORD)).status).toBe(200);
    for (const [label, name] of BAD_NAMES) {
      const response = await owner.call('POST', '/api/auth/update-user', { name });
      expect({ label, status: response.status, code: response.body?.code }).toEqual({
        label,
        status: 400,
        code: 'INVALID_NAME',
      });
    }
    expect(await storedName(email)).toBe('Noether, Emmy');
    const good = await owner.call('POST', '/api/auth/update-user', { name: ' Noether, Amalie ' });
    expect(good.status).toBe(200);
    expect(await storedName(email)).toBe('Noether, Amalie');
  });
});

describe(`names in "Add people" (${testDatabaseKind})`, () => {
  it('refuses an over-long or multi-line name with a typed BAD_REQUEST and invites nobody', async () => {
    const { classId } = await createClassFixture(server.database.db, {
      members: [{ user: teacher, role: 'instructor' }],
    });
    for (const name of ['N'.repeat(PERSON_NAME_MAX_LENGTH + 1), 'Ada\r\nLovelace']) {
      const invitee = uniqueEmail('csv');
      await expect(
        callerFor(server.services, teacher).classes.addMembers({
          class_id: classId,
          role: 'student',
          people: [{ email: invitee, name }],
        }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(
        await server.database.db
          .select()
          .from(classInvitations)
          .where(eq(classInvitations.email, invitee)),
      ).toEqual([]);
    }
    // No name at all is still fine (a CSV without a name column), and one is kept trimmed.
    const named = uniqueEmail('named');
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: uniqueEmail('noname') }, { email: named, name: '  Hypatia  ' }],
    });
    const [row] = await server.database.db
      .select({ name: classInvitations.name })
      .from(classInvitations)
      .where(eq(classInvitations.email, named));
    expect(row?.name).toBe('Hypatia');
  });
});

describe(`names copied and migrated (${testDatabaseKind})`, () => {
  it('copies at most the limit of a name stored before the rule into a message', async () => {
    const writer = await signUpUser(server.made.app, server.made.config.publicUrl, 'Old, Olga');
    await server.database.db
      .update(users)
      .set({ name: 'N'.repeat(900_000) })
      .where(eq(users.id, writer.uid));
    const session = await sessionFromCookie(server.services, writer.cookie);
    expect(session?.user.displayName).toBe('N'.repeat(PERSON_NAME_MAX_LENGTH));
    const { classId, channelIds } = await createClassFixture(server.database.db, {
      members: [{ user: writer, role: 'student' }],
    });
    const id = makeRecordId('msg', writer.uid);
    await callerFor(server.services, session!.user).messages.send({
      id,
      class_id: classId,
      channel_id: channelIds[0]!,
      body: 'hello',
    });
    const [row] = await server.database.db
      .select({ author: messages.author_name })
      .from(messages)
      .where(eq(messages.id, id));
    expect(row?.author.length).toBeLessThanOrEqual(PERSON_NAME_MAX_LENGTH);
  });

  it('the migration cuts names and their copies, and a second run changes nothing', async () => {
    const db = server.database.db;
    const email = uniqueEmail('legacy');
    const legacy = await signUpUser(
      server.made.app,
      server.made.config.publicUrl,
      'Legacy, Lea',
      email,
    );
    await db
      .update(users)
      .set({ name: ` ${'L'.repeat(300)}\n` })
      .where(eq(users.id, legacy.uid));
    const { classId, channelIds } = await createClassFixture(db, {
      members: [{ user: legacy, role: 'student' }],
    });
    const id = makeRecordId('msg', legacy.uid);
    await callerFor(server.services, legacy).messages.send({
      id,
      class_id: classId,
      channel_id: channelIds[0]!,
      body: 'from before',
    });
    await db
      .update(messages)
      .set({ author_name: 'A'.repeat(5_000) })
      .where(eq(messages.id, id));
    await db
      .update(channels)
      .set({ updated_by_name: 'U'.repeat(5_000) })
      .where(eq(channels.channel_id, channelIds[0]!));

    const migration = readFileSync(join(migrationsDir, '0011_bounded_names.sql'), 'utf8');
    const run = async () => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await db.execute(sql.raw(statement));
    };
    await run();
    expect(await storedName(email)).toBe('L'.repeat(PERSON_NAME_MAX_LENGTH));
    const [row] = await db
      .select({ author: messages.author_name })
      .from(messages)
      .where(eq(messages.id, id));
    expect(row?.author).toBe('A'.repeat(PERSON_NAME_MAX_LENGTH));
    const [channel] = await db
      .select({ updatedBy: channels.updated_by_name })
      .from(channels)
      .where(eq(channels.channel_id, channelIds[0]!));
    expect(channel?.updatedBy).toBe('U'.repeat(PERSON_NAME_MAX_LENGTH));
    await run();
    expect(await storedName(email)).toBe('L'.repeat(PERSON_NAME_MAX_LENGTH));
  });
});
