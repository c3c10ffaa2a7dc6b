// Uploads racing for the last pending place (issue 29.5): with ATTACHMENT_MAX_PENDING − 1 uploads
// pending, three uploads sent at once leave exactly ATTACHMENT_MAX_PENDING pending — one is stored,
// the others get 429 TOO_MANY_PENDING — because the count and the insert are one transaction under
// the uploader's lock (docs/channels.md#attachments). On PGlite and PostgreSQL.
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MAX_UPLOADS_IN_FLIGHT } from '../src/attachments/routes';
import { attachments } from '../src/db/schema';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { PDF, uploadFile } from './uploads';

const MAX_PENDING = 10;
const server = useTestServer({
  ATTACHMENT_MAX_PENDING: String(MAX_PENDING),
  ATTACHMENT_UPLOADS_PER_MINUTE: '1000',
});

let uploader: TestUser;
let place: { classId: string; channelId: string };
beforeAll(async () => {
  uploader = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Pia');
  const { classId, channelIds } = await createClassFixture(server.database.db, {
    members: [{ user: uploader, role: 'student' }],
  });
  place = { classId, channelId: channelIds[0]! };
});

const pendingCount = async () => {
  const [row] = await server.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(attachments)
    .where(and(eq(attachments.uploader_uid, uploader.uid), isNull(attachments.message_id)));
  return Number(row?.count ?? 0);
};

/**
 * Starts an upload over real HTTP whose body is still to come: the server runs every check before
 * the body (the pending count among them) as soon as the headers arrive. `finish` sends the body.
 */
function startUpload(address: string, name: string) {
  const query = new URLSearchParams({ class_id: place.classId, channel_id: place.channelId, name });
  const request = httpRequest(`${address}/api/attachments?${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(PDF.length),
      origin: server.made.config.publicUrl,
      cookie: uploader.cookie,
    },
  });
  const upload = {
    answered: Promise.resolve({ status: 0, body: '' }),
    /** Answered before its body was sent (refused by a check before the body). */
    done: false,
    finish: () => request.end(PDF),
    abort: () => request.destroy(),
  };
  upload.answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      upload.done = true;
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return upload;
}

describe(`pending uploads under a race (${testDatabaseKind})`, () => {
  it('stores one of three uploads racing for the last place and refuses the others', async () => {
    for (let i = 0; i < MAX_PENDING - 1; i += 1) {
      expect((await uploadFile(server.made, uploader, place, `f${i}.pdf`, PDF)).statusCode).toBe(
        201,
      );
    }
    const address = await server.made.app.listen({ port: 0, host: '127.0.0.1' });
    // As many as one person may have under way at once (three).
    const racing = Array.from({ length: MAX_UPLOADS_IN_FLIGHT }, (_, i) =>
      startUpload(address, `race${i}.pdf`),
    );
    try {
      // All three have passed the checks before the body (each saw 9 pending) once a fourth is
      // refused for the uploads under way. The fourth is empty, so when it gets through the
      // checks it is refused for that (400) and never takes a pending place itself. While it is
      // being handled it holds a place under way, so a racer that arrives then is refused at once
      // (TOO_MANY_UPLOADS, before any pending count): that racer is started again.
      await expect
        .poll(
          async () => {
            for (const [index, upload] of racing.entries()) {
              if (!upload.done) continue;
              expect(JSON.parse((await upload.answered).body)).toMatchObject({
                code: 'TOO_MANY_UPLOADS',
              });
              upload.abort();
              racing[index] = startUpload(address, `race${index}.pdf`);
            }
            return (
              await uploadFile(server.made, uploader, place, 'fourth.pdf', Buffer.alloc(0))
            ).json<{ code?: string }>().code;
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBe('TOO_MANY_UPLOADS');
    } catch (failure) {
      for (const upload of racing) {
        upload.answered.catch(() => undefined);
        upload.abort();
      }
      throw failure;
    }
    for (const upload of racing) upload.finish();
    const answers = await Promise.all(racing.map((upload) => upload.answered));
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201,
      ...racing.slice(1).map(() => 429),
    ]);
    for (const refused of answers.filter((answer) => answer.status === 429))
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'TOO_MANY_PENDING' });
    expect(await pendingCount()).toBe(MAX_PENDING);
  });
});
