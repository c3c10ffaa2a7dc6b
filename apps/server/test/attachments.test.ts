// Attachments (docs/channels.md#attachments): uploads over HTTP with the session cookie, stored in
// the database, typed by their bytes, served with Content-Disposition and nosniff only to people who
// see the channel (the same 404 for "not allowed" and "not found"), bounded per user, refused past
// the size limit with nothing stored, and deleted with their message. On PGlite and PostgreSQL.
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, type MessageAttachment } from '@seminar/shared';
import { attachments, classMemberships } from '../src/db/schema';
import { FILE_CONTENT_SECURITY_POLICY } from '../src/http/security';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { PDF, uploadFile } from './uploads';

const MAX_BYTES = 4096;
const server = useTestServer({
  ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
  ATTACHMENT_MAX_PENDING: '3',
  ATTACHMENT_UPLOADS_PER_MINUTE: '1000',
});
let teacher: TestUser;
let pupil: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  const { app, config } = server.made;
  teacher = await signUpUser(app, config.publicUrl, 'Freire, Paulo');
  pupil = await signUpUser(app, config.publicUrl, 'Pupil, Pia');
  outsider = await signUpUser(app, config.publicUrl, 'Outside, Otto');
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake image body \u00ff\u0000'),
]);

async function world() {
  const { classId, channelIds } = await createClassFixture(server.database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    channels: [{ name: 'general', is_public: true }, { name: 'staff room' }],
  });
  const other = await createClassFixture(server.database.db, {
    members: [{ user: outsider, role: 'instructor' }],
  });
  return { classId, general: channelIds[0]!, staff: channelIds[1]!, otherClass: other.classId };
}

const upload = (
  user: TestUser | null,
  place: { classId: string; channelId: string },
  name: string,
  data: Buffer,
  origin?: string,
) => uploadFile(server.made, user, place, name, data, origin);

const download = (user: TestUser | null, id: string) =>
  server.made.app.inject({
    method: 'GET',
    url: `/api/attachments/${encodeURIComponent(id)}`,
    headers: user ? { cookie: user.cookie } : {},
  });

async function send(user: TestUser, classId: string, channelId: string, ids: string[], body = '') {
  return callerFor(server.services, user).messages.send({
    id: makeRecordId('msg', user.uid),
    class_id: classId,
    channel_id: channelId,
    body,
    attachment_ids: ids,
  });
}

const countRows = async () =>
  Number(
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(attachments))[0]?.n,
  );

describe(`attachments (${testDatabaseKind})`, () => {
  it('stores an image and a PDF, puts them on a message, and serves them intact to a classmate', async () => {
    const { classId, general } = await world();
    const place = { classId, channelId: general };
    const image = await upload(teacher, place, 'Leaf cells.png', PNG);
    expect(image.statusCode).toBe(201);
    const pdf = await upload(teacher, place, 'Grüße "notes".pdf', PDF);
    const stored = [image.json<MessageAttachment>(), pdf.json<MessageAttachment>()];
    expect(stored.map((a) => [a.name, a.type, a.size])).toEqual([
      ['Leaf cells.png', 'image/png', PNG.length],
      ['Grüße "notes".pdf', 'application/pdf', PDF.length],
    ]);
    const message = await send(
      teacher,
      classId,
      general,
      stored.map((a) => a.id),
    );
    expect(message.body).toBe('');
    expect(message.attachments).toEqual(stored);

    const got = await download(pupil, stored[0]!.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="Leaf cells.png"; filename*=UTF-8''Leaf%20cells.png`,
    );
    // A file opened in a tab is sandboxed: its own policy, not the app's.
    expect(got.headers['content-security-policy']).toBe(FILE_CONTENT_SECURITY_POLICY);
    const gotPdf = await download(pupil, stored[1]!.id);
    expect(gotPdf.rawPayload.equals(PDF)).toBe(true);
    expect(gotPdf.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(gotPdf.headers['content-type']).toBe('application/pdf');
    expect(gotPdf.headers['content-disposition']).toBe(
      `inline; filename="Gr__e _notes_.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22notes%22.pdf`,
    );
    // The stream and history pages carry the files too.
    const page = await callerFor(server.services, pupil).messages.page({
      class_id: classId,
      channel_id: general,
      beforeSeq: 100,
    });
    expect(page.at(-1)?.attachments).toEqual(stored);
  });

  it('judges the type by the bytes: HTML named .png is served as a download of octet-stream', async () => {
    const { classId, general } = await world();
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const response = await upload(teacher, { classId, channelId: general }, 'photo.png', html);
    const stored = response.json<MessageAttachment>();
    expect(stored.type).toBe('application/octet-stream');
    await send(teacher, classId, general, [stored.id], 'see this');
    const got = await download(pupil, stored.id);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="photo.png"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe(FILE_CONTENT_SECURITY_POLICY);
    expect(got.rawPayload.equals(html)).toBe(true);
    // Everything else keeps the app's policy, the 404 of a file included.
    const app = await server.made.app.inject({ method: 'GET', url: '/' });
    expect(app.headers['content-security-policy']).toContain("script-src 'self'");
    const missing = await download(pupil, 'att_missing');
    expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers 404 alike to another class, a non-member of a private channel, and a missing id', async () => {
    const { classId, general, staff } = await world();
    const inStaff = (
      await upload(teacher, { classId, channelId: staff }, 'plan.pdf', PDF)
    ).json<MessageAttachment>();
    await send(teacher, classId, staff, [inStaff.id]);
    const inGeneral = (
      await upload(teacher, { classId, channelId: general }, 'a.pdf', PDF)
    ).json<MessageAttachment>();
    await send(teacher, classId, general, [inGeneral.id]);

    const missing = await download(pupil, 'att_missing');
    expect(missing.statusCode).toBe(404);
    for (const [viewer, id] of [
      [pupil, inStaff.id],
      [outsider, inGeneral.id],
      [outsider, inStaff.id],
    ] as const) {
      const response = await download(viewer, id);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    expect((await download(null, inGeneral.id)).statusCode).toBe(401);
    expect((await download(teacher, inStaff.id)).statusCode).toBe(200);
  });

  it('keeps a pending upload to its uploader, and refuses uploads into channels one cannot see or from elsewhere', async () => {
    const { classId, general, staff, otherClass } = await world();
    const pending = (
      await upload(teacher, { classId, channelId: general }, 'draft.png', PNG)
    ).json<MessageAttachment>();
    expect((await download(pupil, pending.id)).statusCode).toBe(404);
    expect((await download(teacher, pending.id)).statusCode).toBe(200);
    // Another person's upload id carries nothing onto a message, and stays pending.
    const theirs = await send(pupil, classId, general, [pending.id], 'sneaky');
    expect(theirs.attachments).toEqual([]);
    expect((await download(pupil, pending.id)).statusCode).toBe(404);

    const before = await countRows();
    expect((await upload(pupil, { classId, channelId: staff }, 'x.png', PNG)).statusCode).toBe(404);
    expect((await upload(outsider, { classId, channelId: general }, 'x.png', PNG)).statusCode).toBe(
      404,
    );
    expect(
      (await upload(pupil, { classId: otherClass, channelId: general }, 'x.png', PNG)).statusCode,
    ).toBe(404);
    expect((await upload(null, { classId, channelId: general }, 'x.png', PNG)).statusCode).toBe(
      401,
    );
    const crossSite = await upload(
      pupil,
      { classId, channelId: general },
      'x.png',
      PNG,
      'https://evil.example',
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await countRows()).toBe(before);
  });

  it('refuses a file over the limit with FILE_TOO_LARGE and stores nothing', async () => {
    const { classId, general } = await world();
    const before = await countRows();
    const response = await upload(
      pupil,
      { classId, channelId: general },
      'big.bin',
      Buffer.alloc(MAX_BYTES + 1, 7),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      maxBytes: MAX_BYTES,
      message: 'A file can be at most 4 KB.',
    });
    expect(await countRows()).toBe(before);
    const exact = await upload(
      pupil,
      { classId, channelId: general },
      'ok.bin',
      Buffer.alloc(MAX_BYTES, 7),
    );
    expect(exact.statusCode).toBe(201);
    const empty = await upload(
      pupil,
      { classId, channelId: general },
      'empty.bin',
      Buffer.alloc(0),
    );
    expect(empty.statusCode).toBe(400);
  });

  it('bounds the uploads a person holds that no message carries', async () => {
    const mine = await signUpUser(server.made.app, server.made.config.publicUrl, 'Many, Mo');
    const place = await createClassFixture(server.database.db, {
      members: [{ user: mine, role: 'student' }],
    });
    const target = { classId: place.classId, channelId: place.channelIds[0]! };
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await upload(mine, target, `f${i}.pdf`, PDF);
      expect(response.statusCode).toBe(201);
      ids.push(response.json<MessageAttachment>().id);
    }
    const refused = await upload(mine, target, 'f3.pdf', PDF);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_PENDING' });
    // Sending them frees the room.
    await send(mine, target.classId, target.channelId, ids);
    expect((await upload(mine, target, 'f4.pdf', PDF)).statusCode).toBe(201);
  });

  it('lets a person have only a few uploads under way at once', async () => {
    const { classId, general } = await world();
    const person = await signUpUser(server.made.app, server.made.config.publicUrl, 'Slow, Sam');
    await server.database.db
      .insert(classMemberships)
      .values({ class_id: classId, uid: person.uid, role: 'student' });
    const place = { classId, channelId: general };
    const query = new URLSearchParams({ class_id: classId, channel_id: general, name: 'slow.pdf' });
    // Over real HTTP: three uploads whose bodies are still coming…
    const address = await server.made.app.listen({ port: 0, host: '127.0.0.1' });
    const startSlow = () => {
      const request = httpRequest(`${address}/api/attachments?${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(PDF.length * 2),
          origin: server.made.config.publicUrl,
          cookie: person.cookie,
        },
      });
      const upload = { request, answered: Promise.resolve(0), done: false };
      upload.answered = new Promise<number>((resolve, reject) => {
        request.on('response', (response) => {
          response.resume();
          upload.done = true;
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
      });
      request.write(PDF);
      return upload;
    };
    const slow = [startSlow(), startSlow(), startSlow()];
    // …hold the room: a fourth is refused until they end. On a busy machine the three may reach the
    // server after the first tries, and one that arrives while a try is being handled finds the room
    // full (the try holds a place) and is refused at once: it is started again, until the three are
    // under way together. A try that gets through is removed again, so tries never fill the pending
    // bound, and they are few enough (≤ 100) to stay under the per-minute rate the file sets.
    const inFlightRefusal = 'Wait for your other uploads to finish.';
    try {
      await expect
        .poll(
          async () => {
            for (const [index, upload] of slow.entries()) {
              if (!upload.done) continue;
              expect(await upload.answered).toBe(429);
              // Its body was never sent: close it, or the server would wait for it at the end.
              upload.request.destroy();
              slow[index] = startSlow();
            }
            const response = await upload(person, place, 'fourth.pdf', PDF);
            if (response.statusCode === 201) {
              const { id } = response.json<MessageAttachment>();
              await server.database.db.delete(attachments).where(eq(attachments.id, id));
            }
            return response.statusCode === 429 ? response.json<{ message: string }>().message : '';
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe(inFlightRefusal);
      const refused = await upload(person, place, 'fourth.pdf', PDF);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_UPLOADS', message: inFlightRefusal });
    } catch (failure) {
      // Never leave the three hanging: the server would not close.
      for (const { request, answered } of slow) {
        answered.catch(() => undefined);
        request.destroy();
      }
      throw failure;
    }
    for (const { request } of slow) request.end(PDF);
    expect(await Promise.all(slow.map((s) => s.answered))).toEqual([201, 201, 201]);
  });

  it('deletes the files with their message', async () => {
    const { classId, general } = await world();
    const stored = (
      await upload(pupil, { classId, channelId: general }, 'gone.png', PNG)
    ).json<MessageAttachment>();
    const message = await send(pupil, classId, general, [stored.id], 'bye');
    const deleted = await callerFor(server.services, teacher).messages.delete({ id: message.id });
    expect(deleted.attachments).toEqual([]);
    expect(
      await server.database.db
        .select({ id: attachments.id })
        .from(attachments)
        .where(eq(attachments.id, stored.id)),
    ).toEqual([]);
    expect((await download(pupil, stored.id)).statusCode).toBe(404);
  });
});

describe(`attachments under the default limit (${testDatabaseKind})`, () => {
  const defaults = useTestServer();

  it('takes a file larger than the 1 MB limit of other requests, up to 25 MB', async () => {
    const { app, config } = defaults.made;
    const person = await signUpUser(app, config.publicUrl, 'Large, Lou');
    const { classId, channelIds } = await createClassFixture(defaults.database.db, {
      members: [{ user: person, role: 'student' }],
    });
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 1)]);
    const query = new URLSearchParams({
      class_id: classId,
      channel_id: channelIds[0]!,
      name: 'big.pdf',
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/attachments?${query}`,
      headers: {
        'content-type': 'application/pdf',
        origin: config.publicUrl,
        cookie: person.cookie,
      },
      payload: big,
    });
    expect(response.statusCode).toBe(201);
    const stored = response.json<MessageAttachment>();
    expect(stored).toMatchObject({ type: 'application/pdf', size: big.length });
    const got = await app.inject({
      method: 'GET',
      url: `/api/attachments/${stored.id}`,
      headers: { cookie: person.cookie },
    });
    expect(got.rawPayload.equals(big)).toBe(true);
  });
});
