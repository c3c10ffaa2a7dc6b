// Attachments in an S3-compatible store (docs/channels.md#attachments): with ATTACHMENT_S3_* set, a
// file's bytes go to the store (a real HTTP server that checks SigV4 signatures,
// test-support/s3Server.ts) and are streamed back through the app with the same checks and headers;
// deleting the message or an expired pending upload deletes the object (a failed delete stays queued
// and is retried); a store that fails or is gone refuses the upload clearly and keeps nothing. On
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, type MessageAttachment } from '@seminar/shared';
import {
  startTestS3Server,
  TEST_S3_CREDENTIALS,
  type TestS3Server,
} from '../../../test-support/s3Server';
import { ObjectStoreError, S3ObjectStore } from '../src/attachments/s3';
import type { Database } from '../src/db/client';
import { attachmentDeletions, attachments } from '../src/db/schema';
import { FILE_CONTENT_SECURITY_POLICY } from '../src/http/security';
import type { Services } from '../src/services';
import { callerFor } from './callers';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const MAX_BYTES = 4096;
let s3: TestS3Server;
let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
let teacher: TestUser;
let pupil: TestUser;
let outsider: TestUser;
let s3Closed = false;

beforeAll(async () => {
  s3 = await startTestS3Server();
  database = await createTestDatabase();
  made = await makeApp(database, {
    ...s3.env(),
    ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
    ATTACHMENT_UPLOADS_PER_MINUTE: '1000',
  });
  services = made.runtime.services!;
  teacher = await signUpUser(made.app, made.config.publicUrl, 'Freire, Paulo');
  pupil = await signUpUser(made.app, made.config.publicUrl, 'Pupil, Pia');
  outsider = await signUpUser(made.app, made.config.publicUrl, 'Outside, Otto');
});
afterAll(async () => {
  await made?.app.close();
  await database?.close();
  if (!s3Closed) await s3?.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake image body \u00ff\u0000'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');

async function world() {
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    channels: [{ name: 'general', is_public: true }, { name: 'staff room' }],
  });
  await createClassFixture(database.db, { members: [{ user: outsider, role: 'instructor' }] });
  return { classId, general: channelIds[0]!, staff: channelIds[1]! };
}

const upload = (
  user: TestUser,
  place: { classId: string; channelId: string },
  name: string,
  data: Buffer,
) =>
  made.app.inject({
    method: 'POST',
    url: `/api/attachments?${new URLSearchParams({ class_id: place.classId, channel_id: place.channelId, name })}`,
    headers: {
      'content-type': 'application/octet-stream',
      origin: made.config.publicUrl,
      cookie: user.cookie,
    },
    payload: data,
  });

const download = (user: TestUser, id: string) =>
  made.app.inject({
    method: 'GET',
    url: `/api/attachments/${encodeURIComponent(id)}`,
    headers: { cookie: user.cookie },
  });

const send = (user: TestUser, classId: string, channelId: string, ids: string[], body = '') =>
  callerFor(services, user).messages.send({
    id: makeRecordId('msg', user.uid),
    class_id: classId,
    channel_id: channelId,
    body,
    attachment_ids: ids,
  });

const rowCount = async () =>
  Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]?.n);

const objectKeyOf = async (id: string) =>
  (
    await database.db
      .select({ key: attachments.object_key, data: attachments.data })
      .from(attachments)
      .where(eq(attachments.id, id))
  )[0];

const queuedKeys = async () =>
  (await database.db.select().from(attachmentDeletions)).map((row) => row.object_key);

describe(`attachments in an S3-compatible store (${testDatabaseKind})`, () => {
  it('puts the bytes in the store and streams them back intact, with the same headers', async () => {
    const { classId, general } = await world();
    const place = { classId, channelId: general };
    const image = (await upload(teacher, place, 'Leaf cells.png', PNG)).json<MessageAttachment>();
    const pdf = (await upload(teacher, place, 'notes.pdf', PDF)).json<MessageAttachment>();
    expect([image.type, pdf.type]).toEqual(['image/png', 'application/pdf']);

    // The row names the object and holds no bytes; the store holds them, typed by their content.
    const row = await objectKeyOf(image.id);
    expect(row).toEqual({ key: `attachments/${classId}/${image.id}`, data: null });
    expect(s3.objects.get(row!.key!)?.data.equals(PNG)).toBe(true);
    expect(s3.objects.get(row!.key!)?.type).toBe('image/png');

    await send(teacher, classId, general, [image.id, pdf.id], 'two files');
    const got = await download(pupil, image.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(PNG.length));
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe(FILE_CONTENT_SECURITY_POLICY);
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="Leaf cells.png"; filename*=UTF-8''Leaf%20cells.png`,
    );
    expect((await download(pupil, pdf.id)).rawPayload.equals(PDF)).toBe(true);
  });

  it('answers the same 404 to people who may not read a file as for a missing one, without asking the store', async () => {
    const { classId, general, staff } = await world();
    const inStaff = (
      await upload(teacher, { classId, channelId: staff }, 'plan.pdf', PDF)
    ).json<MessageAttachment>();
    await send(teacher, classId, staff, [inStaff.id]);
    const pending = (
      await upload(teacher, { classId, channelId: general }, 'draft.png', PNG)
    ).json<MessageAttachment>();
    const missing = await download(pupil, 'att_missing');
    expect(missing.statusCode).toBe(404);
    const asked = s3.requests.length;
    for (const [viewer, id] of [
      [pupil, inStaff.id],
      [outsider, inStaff.id],
      [pupil, pending.id],
    ] as const) {
      const response = await download(viewer, id);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    expect(s3.requests.slice(asked).filter((request) => request.method !== 'DELETE')).toEqual([]);
    expect((await download(teacher, inStaff.id)).rawPayload.equals(PDF)).toBe(true);
  });

  it('deletes the object with its message', async () => {
    const { classId, general } = await world();
    const stored = (
      await upload(pupil, { classId, channelId: general }, 'gone.png', PNG)
    ).json<MessageAttachment>();
    const key = (await objectKeyOf(stored.id))!.key!;
    const message = await send(pupil, classId, general, [stored.id], 'bye');
    expect(s3.objects.has(key)).toBe(true);
    await callerFor(services, teacher).messages.delete({ id: message.id });
    expect((await download(pupil, stored.id)).statusCode).toBe(404);
    await expect.poll(() => s3.objects.has(key)).toBe(false);
    expect(s3.requests).toContainEqual({ method: 'DELETE', key, status: 204 });
    await expect.poll(queuedKeys).toEqual([]);
  });

  it('keeps the key of an object the store failed to delete, and deletes it at a later upload', async () => {
    const { classId, general } = await world();
    const place = { classId, channelId: general };
    const stored = (await upload(pupil, place, 'stuck.png', PNG)).json<MessageAttachment>();
    const key = (await objectKeyOf(stored.id))!.key!;
    const message = await send(pupil, classId, general, [stored.id], 'bye');
    s3.failing = true;
    try {
      await callerFor(services, pupil).messages.delete({ id: message.id });
      // The message and its row are gone; the object waits in the queue.
      expect(await objectKeyOf(stored.id)).toBeUndefined();
      await expect
        .poll(() => s3.requests.some((r) => r.method === 'DELETE' && r.key === key))
        .toBe(true);
      expect(await queuedKeys()).toContain(key);
      expect(s3.objects.has(key)).toBe(true);
    } finally {
      s3.failing = false;
    }
    expect((await upload(pupil, place, 'next.png', PNG)).statusCode).toBe(201);
    await expect.poll(() => s3.objects.has(key)).toBe(false);
    await expect.poll(queuedKeys).toEqual([]);
  });

  it('deletes the objects of expired pending uploads', async () => {
    const { classId, general } = await world();
    const place = { classId, channelId: general };
    const old = (await upload(pupil, place, 'old.png', PNG)).json<MessageAttachment>();
    const key = (await objectKeyOf(old.id))!.key!;
    await database.db
      .update(attachments)
      .set({ created_at: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(attachments.id, old.id));
    expect((await upload(pupil, place, 'new.png', PNG)).statusCode).toBe(201);
    expect(await objectKeyOf(old.id)).toBeUndefined();
    await expect.poll(() => s3.objects.has(key)).toBe(false);
    await expect.poll(queuedKeys).toEqual([]);
  });

  it('refuses a file over the limit before the store sees it', async () => {
    const { classId, general } = await world();
    const [rows, objects, asked] = [await rowCount(), s3.objects.size, s3.requests.length];
    const response = await upload(
      pupil,
      { classId, channelId: general },
      'big.bin',
      Buffer.alloc(MAX_BYTES + 1, 7),
    );
    expect(response.statusCode).toBe(413);
    // Only PUTs count: a drain of the deletion queue started by an earlier upload may still be
    // repeating a DELETE (two drains may both pick a key; a second DELETE of it is harmless).
    const puts = s3.requests.slice(asked).filter((request) => request.method === 'PUT');
    expect([await rowCount(), s3.objects.size, puts]).toEqual([rows, objects, []]);
  });

  it('signs its requests: a wrong secret is refused by the store', async () => {
    const wrong = new S3ObjectStore({
      url: s3.url,
      bucket: s3.bucket,
      region: TEST_S3_CREDENTIALS.region,
      accessKeyId: TEST_S3_CREDENTIALS.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    await expect(wrong.put('attachments/x', PNG, 'image/png')).rejects.toThrow(
      new ObjectStoreError('The file store answered 403 to PUT attachments/x.'),
    );
    expect(s3.objects.has('attachments/x')).toBe(false);
  });

  it('refuses an upload with 503 and keeps nothing while the store fails, or is gone', async () => {
    const { classId, general } = await world();
    const place = { classId, channelId: general };
    const kept = (await upload(pupil, place, 'kept.png', PNG)).json<MessageAttachment>();
    await send(pupil, classId, general, [kept.id]);
    const [rows, objects] = [await rowCount(), s3.objects.size];

    s3.failing = true;
    const failing = await upload(pupil, place, 'photo.png', PNG);
    s3.failing = false;
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: 'Files cannot be stored or read right now: try again in a moment.',
    });
    expect([await rowCount(), s3.objects.size]).toEqual([rows, objects]);

    await s3.close();
    s3Closed = true;
    const gone = await upload(pupil, place, 'photo.png', PNG);
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect(await rowCount()).toBe(rows);
    // A file that is there answers 503 too (never a 404 that would say it is gone).
    expect((await download(pupil, kept.id)).statusCode).toBe(503);
  });
});
