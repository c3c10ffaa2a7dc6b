// The class's record with files in the S3-compatible store (docs/classes.md#export): the export
// streams each file from the store (a real HTTP server that checks SigV4 signatures,
// test-support/s3Server.ts) into the zip, byte for byte, and counts a file the store lost as
// missing instead of failing the export. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordId, type MessageAttachment } from '@seminar/shared';
import { startTestS3Server, type TestS3Server } from '../../../test-support/s3Server';
import { readRecord } from '../../../test-support/zipReader';
import type { Database } from '../src/db/client';
import { callerFor } from './callers';
import { createTestDatabase } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { PDF, uploadFile } from './uploads';

let s3: TestS3Server;
let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let teacher: TestUser;

beforeAll(async () => {
  s3 = await startTestS3Server();
  database = await createTestDatabase();
  made = await makeApp(database, { ...s3.env(), ATTACHMENT_UPLOADS_PER_MINUTE: '1000' });
  teacher = await signUpUser(made.app, made.config.publicUrl, 'Freire, Paulo');
});
afterAll(async () => {
  await made?.app.close();
  await database?.close();
  await s3?.close();
});

describe('class export with files in the S3 store', () => {
  it('streams the files from the store, and counts a lost one as missing', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: teacher, role: 'instructor' }],
    });
    const place = { classId, channelId: channelIds[0]! };
    const big = Buffer.concat([PDF, Buffer.alloc(3000, 7)]);
    const kept = (
      await uploadFile(made, teacher, place, 'kept.pdf', big)
    ).json<MessageAttachment>();
    const lost = (
      await uploadFile(made, teacher, place, 'lost.pdf', PDF)
    ).json<MessageAttachment>();
    await callerFor(made.runtime.services!, teacher).messages.send({
      id: makeRecordId('msg', teacher.uid),
      class_id: classId,
      channel_id: place.channelId,
      body: 'Two files',
      attachment_ids: [kept.id, lost.id],
    });
    s3.objects.delete(`attachments/${classId}/${lost.id}`);

    const response = await made.app.inject({
      method: 'GET',
      url: `/api/classes/${classId}/export`,
      headers: { cookie: teacher.cookie },
    });
    expect(response.statusCode).toBe(200);
    const record = readRecord(response.rawPayload);
    expect(record.entries.get(`files/${kept.id}/kept.pdf`)?.data()).toEqual(big);
    expect(record.entries.has(`files/${lost.id}/lost.pdf`)).toBe(false);
    expect(record.lines('attachments.jsonl')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: kept.id, store: 's3' }),
        expect.objectContaining({ id: lost.id, store: 's3' }),
      ]),
    );
    expect(record.json('manifest.json')).toMatchObject({
      attachments: { files: 1, bytes: big.length, missing: 1 },
    });
  });
});
