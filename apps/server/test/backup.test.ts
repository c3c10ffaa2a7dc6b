// `npm run db:backup -- FILE` and `npm run db:restore -- FILE` as real processes
// (docs/operations.md#backups): seed, back up, wipe, restore — the same classes, messages, files
// and sign-ins; a second restore onto the restored database needs --replace; a file that is not a
// backup is refused (pglite/backupWhileRunning.test.ts: not while a server holds the folder).
// On the embedded database (server-pglite) and PostgreSQL (server-postgres).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeRecordId } from '@seminar/shared';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { serverRoot } from '../src/paths';
import { sql } from 'drizzle-orm';
import { authClient, GOOD_PASSWORD } from './authClient';
import { testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { PDF, uploadFile } from './uploads';
import { withDatabase } from './urls';

const run = promisify(execFile);
const repoRoot = join(serverRoot, '..', '..');
const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');

let workDir: string;
let target: { DATA_DIR: string } | { DATABASE_URL: string };
let databaseName = '';

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'seminar-backup-'));
  if (testDatabaseKind === 'pglite') target = { DATA_DIR: join(workDir, 'data') };
  else {
    databaseName = `seminar_bk_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    target = { DATABASE_URL: withDatabase(inject('postgresAdminUrl'), databaseName) };
  }
});
afterAll(async () => {
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  rmSync(workDir, { recursive: true, force: true });
});

/** Runs db-backup.ts or db-restore.ts as `npm run` does; the exit code and what it printed. */
async function command(
  script: 'db-backup' | 'db-restore',
  args: string[],
): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'info',
    INIT_CWD: workDir,
    ...target,
  };
  if (!('DATABASE_URL' in target)) delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(
      tsx,
      [join(serverRoot, 'src', 'cli', `${script}.ts`), ...args],
      { cwd: repoRoot, env },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

function open(): Promise<Database> {
  return openDatabase(
    'DATABASE_URL' in target ? { databaseUrl: target.DATABASE_URL } : { dataDir: target.DATA_DIR },
  );
}

/** Empties the target as losing it would: the data folder gone, or a new empty database. */
async function wipe(): Promise<void> {
  if ('DATA_DIR' in target) rmSync(join(target.DATA_DIR, 'pglite'), { recursive: true });
  else {
    await adminQuery(`DROP DATABASE ${databaseName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${databaseName}`);
  }
}

/** What must come back: classes, messages, files (with their bytes) and accounts. */
async function contents(database: Database) {
  const db = database.db;
  return {
    classes: await queryRows(db, sql`select class_id, name from classes order by class_id`),
    messages: await queryRows(
      db,
      sql`select id, channel_id, seq, body, author_uid from messages order by channel_id, seq`,
    ),
    files: await queryRows(
      db,
      sql`select id, name, size, md5(data) as digest from attachments order by id`,
    ),
    users: await queryRows(db, sql`select id, email from users order by id`),
    accounts: await queryRows(db, sql`select count(*)::int as n from accounts`),
  };
}

// Each command is a process of its own (tsx compiles the server first: seconds on a busy machine).
describe(`db:backup and db:restore (${testDatabaseKind})`, { timeout: 180_000 }, () => {
  let user: TestUser;
  let before: Awaited<ReturnType<typeof contents>>;
  let fileId = '';
  const file = () => join(workDir, 'seminar.backup');

  it('backs up, and after a wipe restores the same classes, messages, files and sign-ins', async () => {
    const database = await open();
    await runMigrations(database);
    const made = await makeApp(database);
    user = await signUpUser(made.app, made.config.publicUrl, 'Backup, Bo');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user, role: 'instructor' }],
    });
    const channelId = channelIds[0]!;
    const upload = await uploadFile(made, user, { classId, channelId }, 'notes.pdf', PDF);
    expect(upload.statusCode).toBe(201);
    fileId = upload.json<{ id: string }>().id;
    const send = (body: string, attachment_ids: string[] = []) =>
      made.runtime.services!.sendQueue.send(
        user,
        {
          id: makeRecordId('msg', user.uid),
          class_id: classId,
          channel_id: channelId,
          body,
          attachment_ids,
        },
        null,
      );
    await send('first');
    await send('with the notes', [fileId]);
    await send('third');
    before = await contents(database);
    expect(before.messages).toHaveLength(3);
    expect(before.files).toHaveLength(1);
    await made.app.close();
    await database.close();

    const backup = await command('db-backup', ['seminar.backup']);
    expect(backup.output).toContain('backup written');
    expect(backup.code).toBe(0);
    expect(existsSync(file())).toBe(true);

    await wipe();
    const restore = await command('db-restore', [file()]);
    expect(restore.output).toContain('backup restored');
    expect(restore.code).toBe(0);

    const restored = await open();
    try {
      expect(await contents(restored)).toEqual(before);
      // The same app starts on it (its migrations are already applied) and the account signs in.
      await runMigrations(restored);
      const again = await makeApp(restored);
      const client = authClient(again.app, again.config.publicUrl, '192.0.2.77');
      expect((await client.signIn(user.email, GOOD_PASSWORD)).status).toBe(200);
      // A session from before the backup is still one (the installation's secret came along).
      const session = await again.app.inject({
        url: '/api/auth/get-session',
        headers: { cookie: user.cookie, origin: again.config.publicUrl },
      });
      expect(session.json<{ user?: { email: string } } | null>()?.user?.email).toBe(user.email);
      const download = await again.app.inject({
        url: `/api/attachments/${encodeURIComponent(fileId)}`,
        headers: { cookie: user.cookie },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);
      await again.app.close();
    } finally {
      await restored.close();
    }
  });

  it('restores over a database that has data only with --replace', async () => {
    const refused = await command('db-restore', [file()]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/--replace/);
    const replaced = await command('db-restore', ['--replace', file()]);
    expect(replaced.output).toContain('backup restored');
    expect(replaced.code).toBe(0);
    const restored = await open();
    try {
      expect(await contents(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    // The embedded database it replaced is moved aside, not deleted.
    if ('DATA_DIR' in target)
      expect(readdirSync(target.DATA_DIR).some((name) => name.startsWith('pglite.replaced-'))).toBe(
        true,
      );
  });

  it('refuses a file that is not a backup, and changes nothing', async () => {
    writeFileSync(join(workDir, 'notes.txt'), 'not a backup');
    const result = await command('db-restore', ['--replace', 'notes.txt']);
    expect(result.code).toBe(1);
    expect(result.output).toContain('is not a backup made by db:backup');
    const database = await open();
    try {
      expect(await contents(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
