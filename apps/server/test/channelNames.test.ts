// Channel names are unique in a class, ignoring case and surrounding spaces (docs/channels.md
// #channel-names): create and rename refuse a clash naming it, the unique index backs the rule, and
// migration 0005 renames the clashes a database already holds. On PGlite and PostgreSQL.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeRecordId } from '@seminar/shared';
import { openDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { isNameIndexViolation } from '../src/channels/commands';
import { channels } from '../src/db/schema';
import { migrationsDir } from '../src/paths';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { withDatabase } from './urls';

const server = useTestServer();
let teacher: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Montessori, Maria');
});

const clash = (name: string) => ({
  code: 'CONFLICT',
  message: `A channel named “${name}” already exists in this class. Choose another name.`,
});

async function classWith(names: string[]) {
  return createClassFixture(server.database.db, {
    members: [{ user: teacher, role: 'instructor' }],
    channels: names.map((name) => ({ name, is_public: true })),
  });
}

async function liveNames(classId: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ name: channels.name })
    .from(channels)
    .where(and(eq(channels.class_id, classId), eq(channels.deleted, false)));
  return rows.map((row) => row.name).sort();
}

describe(`channel names (${testDatabaseKind})`, () => {
  it('refuses to create a channel whose name another channel of the class has, in any case', async () => {
    const { classId } = await classWith(['General']);
    const caller = callerFor(server.services, teacher);
    for (const name of ['General', '  general ', 'GENERAL']) {
      await expect(
        caller.channels.create({
          channel_id: makeRecordId('channel', teacher.uid),
          class_id: classId,
          name,
        }),
      ).rejects.toMatchObject(clash('General'));
    }
    expect(await liveNames(classId)).toEqual(['General']);
    // Another class may use the name.
    const other = await classWith([]);
    await caller.channels.create({
      channel_id: makeRecordId('channel', teacher.uid),
      class_id: other.classId,
      name: 'general',
    });
    expect(await liveNames(other.classId)).toEqual(['general']);
  });

  it('refuses a rename onto another channel’s name, and lets a channel re-case its own', async () => {
    const { classId, channelIds } = await classWith(['general', 'team red']);
    const caller = callerFor(server.services, teacher);
    await expect(
      caller.channels.update({ class_id: classId, channel_id: channelIds[1]!, name: 'General ' }),
    ).rejects.toMatchObject(clash('general'));
    await caller.channels.update({
      class_id: classId,
      channel_id: channelIds[1]!,
      name: 'Team Red',
    });
    // A settings save that keeps the name, with other changes, is no clash.
    await caller.channels.update({
      class_id: classId,
      channel_id: channelIds[0]!,
      name: 'general',
      enabled: false,
    });
    expect(await liveNames(classId)).toEqual(['Team Red', 'general']);
  });

  it('frees a deleted channel’s name', async () => {
    const { classId, channelIds } = await classWith(['archive']);
    const caller = callerFor(server.services, teacher);
    await caller.channels.delete({ class_id: classId, channel_id: channelIds[0]! });
    await caller.channels.create({
      channel_id: makeRecordId('channel', teacher.uid),
      class_id: classId,
      name: 'Archive',
    });
    expect(await liveNames(classId)).toEqual(['Archive']);
  });

  it('has a unique index that refuses a clash written past the command', async () => {
    const { classId } = await classWith(['general']);
    const insert = server.database.db.insert(channels).values({
      channel_id: makeRecordId('channel', teacher.uid),
      class_id: classId,
      name: ' GENERAL',
    });
    // The command maps this very error to its refusal when two writes race past its check.
    const failure = await insert.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isNameIndexViolation(failure)).toBe(true);
    expect(isNameIndexViolation(new Error('duplicate key'))).toBe(false);
    // Blank names (shown by id) never clash.
    for (let i = 0; i < 2; i += 1)
      await server.database.db
        .insert(channels)
        .values({ channel_id: makeRecordId('channel', teacher.uid), class_id: classId, name: '' });
  });

  it('gives two racing creates of one name one channel and one refusal', async () => {
    const { classId } = await classWith([]);
    const caller = callerFor(server.services, teacher);
    const results = await Promise.allSettled(
      [0, 1].map(() =>
        caller.channels.create({
          channel_id: makeRecordId('channel', teacher.uid),
          class_id: classId,
          name: 'seminar',
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject(clash('seminar'));
    expect(await liveNames(classId)).toEqual(['seminar']);
  });
});

/** A fresh, empty database of this run's kind, dropped by `close()`. */
async function emptyDatabase(): Promise<Database> {
  if (testDatabaseKind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const adminUrl = inject('postgresAdminUrl');
  const name = `seminar_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

describe(`migration 0005 on existing clashes (${testDatabaseKind})`, () => {
  let database: Database;
  let before: string;
  afterAll(async () => {
    await database?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('keeps the oldest name and gives later clashes the first free suffix', async () => {
    // The migrations before 0005: a copy of the folder whose journal ends at 0004.
    before = mkdtempSync(join(tmpdir(), 'seminar-before-0005-'));
    cpSync(migrationsDir, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < 5);
    writeFileSync(journalPath, JSON.stringify(journal));
    database = await emptyDatabase();
    await runMigrations(database, before);

    const db = database.db;
    // Plain SQL: the schema in code has columns later migrations add (a Drizzle insert names them
    // all), while this database stops at 0004.
    await db.execute(
      sql`insert into classes (class_id, name) values ('class_a', 'A'), ('class_b', 'B')`,
    );
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    const channelRows: Array<[string, string, string, number, boolean]> = [
      ['a1', 'class_a', 'general', 1, false],
      ['a2', 'class_a', 'General', 2, false],
      ['a3', 'class_a', ' general ', 3, false],
      ['a4', 'class_a', 'general (2)', 4, false],
      ['a5', 'class_a', 'general', 5, true],
      ['a6', 'class_a', '', 6, false],
      ['a7', 'class_a', '', 7, false],
      ['b1', 'class_b', 'general', 1, false],
    ];
    for (const [channelId, classId, name, minute, deleted] of channelRows)
      await db.execute(
        sql`insert into channels (channel_id, class_id, name, created_at, deleted)
          values (${channelId}, ${classId}, ${name}, ${at(minute)}::timestamptz, ${deleted})`,
      );
    await runMigrations(database);

    const rows = await db
      .select({ channel_id: channels.channel_id, name: channels.name })
      .from(channels)
      .orderBy(channels.channel_id);
    expect(rows).toEqual([
      { channel_id: 'a1', name: 'general' },
      { channel_id: 'a2', name: 'General (3)' },
      { channel_id: 'a3', name: 'general (4)' },
      { channel_id: 'a4', name: 'general (2)' },
      { channel_id: 'a5', name: 'general' },
      { channel_id: 'a6', name: '' },
      { channel_id: 'a7', name: '' },
      { channel_id: 'b1', name: 'general' },
    ]);
  });
});
