// Attachments' failure branches (docs/channels.md#attachments), with the S3 stand-in
// (test-support/s3Server.ts): the per-minute upload limit at its real value, a database insert that
// fails after the object was put (the object is taken back), and an object the store no longer has
// (404, as for a missing file). On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MessageAttachment } from '@seminar/shared';
import { startTestS3Server, type TestS3Server } from '../../../test-support/s3Server';
import type { Database } from '../src/db/client';
import { attachments } from '../src/db/schema';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

let s3: TestS3Server;
let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;

beforeAll(async () => {
  s3 = await startTestS3Server();
  database = await createTestDatabase();
  // ATTACHMENT_UPLOADS_PER_MINUTE is left at its default; only the bound on uploads no message
  // carries yet is raised, so that the per-minute limit is the one met.
  made = await makeApp(database, { ...s3.env(), ATTACHMENT_MAX_PENDING: '1000' });
});
afterAll(async () => {
  vi.useRealTimers();
  await made?.app.close();
  await database?.close();
  await s3?.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake image body'),
]);

async function member(name: string) {
  const user = await signUpUser(made.app, made.config.publicUrl, name);
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user, role: 'student' }],
  });
  return { user, classId, channelId: channelIds[0]! };
}

const upload = (
  who: { user: TestUser; classId: string; channelId: string },
  name = 'picture.png',
) =>
  made.app.inject({
    method: 'POST',
    url: `/api/attachments?${new URLSearchParams({ class_id: who.classId, channel_id: who.channelId, name })}`,
    headers: {
      'content-type': 'application/octet-stream',
      origin: made.config.publicUrl,
      cookie: who.user.cookie,
    },
    payload: PNG,
  });

const rowCount = async () =>
  Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]?.n);

describe(`attachments' failures (${testDatabaseKind})`, () => {
  it('refuses the upload past the per-minute limit (30) with TOO_MANY_UPLOADS and keeps nothing', async () => {
    const perMinute = made.config.attachments.uploadsPerMinute;
    expect(perMinute).toBe(30);
    const who = await member('Many, Manon');
    // The limiter's clock stands still, so the burst is exactly the limit, however slow the run.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      for (let index = 0; index < perMinute; index += 1)
        expect((await upload(who, `file ${index}.png`)).statusCode).toBe(201);
      const rows = await rowCount();
      const refused = await upload(who, 'one too many.png');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'TOO_MANY_UPLOADS',
        message: 'Too many uploads: wait a minute and try again.',
      });
      expect(await rowCount()).toBe(rows);
      // The budget refills evenly: one upload every two seconds.
      vi.advanceTimersByTime(60_000 / perMinute);
      expect((await upload(who, 'later.png')).statusCode).toBe(201);
      expect((await upload(who, 'too soon.png')).statusCode).toBe(429);
      // Someone else's budget is their own.
      expect((await upload(await member('Other, Olga'))).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the object back from the store when the database insert fails after it', async () => {
    const who = await member('Failing, Fay');
    // A real failure of the insert, after the object is put: the database refuses this one name.
    await database.db.execute(
      sql.raw(`create function refuse_attachment() returns trigger language plpgsql as $$
        begin
          if new.name = 'refused by the database.png' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger refuse_attachment before insert on attachments
        for each row execute function refuse_attachment()`),
    );
    try {
      const rows = await rowCount();
      const before = s3.requests.length;
      const response = await upload(who, 'refused by the database.png');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ errorId: expect.any(String) });
      // The object was put, then deleted: the store holds nothing of it, the database no row.
      const calls = s3.requests.slice(before);
      expect(calls.map((call) => call.method)).toEqual(['PUT', 'DELETE']);
      expect(calls[0]?.key).toBe(calls[1]?.key);
      expect(s3.objects.has(calls[0]!.key)).toBe(false);
      expect(await rowCount()).toBe(rows);
    } finally {
      await database.db.execute(sql.raw('drop trigger refuse_attachment on attachments'));
      await database.db.execute(sql.raw('drop function refuse_attachment()'));
    }
  });

  it('answers 404 for a file whose object the store no longer has, as for a missing file', async () => {
    const who = await member('Lost, Lou');
    const stored = (await upload(who, 'lost.png')).json<MessageAttachment>();
    const key = [...s3.objects.keys()].find((name) => name.endsWith(`/${stored.id}`));
    expect(key).toBeDefined();
    s3.objects.delete(key!);
    const download = (id: string) =>
      made.app.inject({
        method: 'GET',
        url: `/api/attachments/${encodeURIComponent(id)}`,
        headers: { cookie: who.user.cookie },
      });
    const lost = await download(stored.id);
    const missing = await download('att_no_such_file');
    expect(lost.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(lost.json()).toEqual(missing.json());
  });
});
