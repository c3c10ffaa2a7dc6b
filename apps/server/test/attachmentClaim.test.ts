// One upload, two sends racing (docs/channels.md#attachments): the send statement's claim is atomic,
// so the file lands on exactly one message — whether the two sends meet in one group-commit batch
// or in two statements of two nodes running at once. On PGlite and PostgreSQL (where the two
// statements are made to overlap: both start while a third transaction holds the channel's lock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, type Message, type MessageAttachment } from '@seminar/shared';
import { queryRows, type Database } from '../src/db/client';
import { attachments, channels } from '../src/db/schema';
import { MessageSendQueue } from '../src/messages/sendQueue';
import type { Services } from '../src/services';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
let pia: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  made = await makeApp(database, { ATTACHMENT_UPLOADS_PER_MINUTE: '1000' });
  services = made.runtime.services!;
  pia = await signUpUser(made.app, made.config.publicUrl, 'Pupil, Pia');
});
afterAll(async () => {
  await made.app.close();
  await database.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');

async function channelWithUpload() {
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user: pia, role: 'student' }],
  });
  const channelId = channelIds[0]!;
  const query = new URLSearchParams({ class_id: classId, channel_id: channelId, name: 'a.pdf' });
  const response = await made.app.inject({
    method: 'POST',
    url: `/api/attachments?${query}`,
    headers: { origin: made.config.publicUrl, cookie: pia.cookie },
    payload: PDF,
  });
  expect(response.statusCode).toBe(201);
  return { classId, channelId, file: response.json<MessageAttachment>() };
}

const sendWith = (queue: MessageSendQueue, classId: string, channelId: string, ids: string[]) =>
  queue.send(
    pia,
    {
      id: makeRecordId('msg', pia.uid),
      class_id: classId,
      channel_id: channelId,
      body: 'here it is',
      attachment_ids: ids,
    },
    null,
  );

/** The file is on exactly one of `sent`, and its row names that message. */
async function expectOnOneMessage(sent: Message[], file: MessageAttachment) {
  const carrying = sent.filter((message) => message.attachments.some((a) => a.id === file.id));
  expect(carrying).toHaveLength(1);
  expect(carrying[0]!.attachments).toEqual([file]);
  const [row] = await database.db
    .select({ message_id: attachments.message_id })
    .from(attachments)
    .where(eq(attachments.id, file.id));
  expect(row?.message_id).toBe(carrying[0]!.id);
  // Every message was still sent; the other one simply carries no file.
  expect(sent.every((message) => message.body === 'here it is')).toBe(true);
}

describe(`a racing double send of one upload (${testDatabaseKind})`, () => {
  it('puts it on one message when both sends are in one batch', async () => {
    const { classId, channelId, file } = await channelWithUpload();
    const queue = services.sendQueue;
    // The first send occupies the channel's lane, so the next two are gathered into one statement.
    const sent = await Promise.all([
      sendWith(queue, classId, channelId, []),
      sendWith(queue, classId, channelId, [file.id]),
      sendWith(queue, classId, channelId, [file.id]),
    ]);
    await expectOnOneMessage(sent.slice(1), file);
  });

  it('puts it on one message when two nodes send it at once', async () => {
    const { classId, channelId, file } = await channelWithUpload();
    const otherNode = new MessageSendQueue(services.database, services.hub);
    if (testDatabaseKind === 'postgres') {
      // Hold the channel's lock until both statements have started and wait for it: both then
      // read the tables as they were before either committed.
      const { racing } = await database.db.transaction(async (tx) => {
        await tx.select().from(channels).where(eq(channels.channel_id, channelId)).for('update');
        const racing = Promise.all([
          sendWith(services.sendQueue, classId, channelId, [file.id]),
          sendWith(otherNode, classId, channelId, [file.id]),
        ]);
        await expect
          .poll(
            async () => {
              const [row] = await queryRows<{ n: number }>(
                database.db,
                sql`select count(*)::int as n from pg_stat_activity
                    where wait_event_type = 'Lock' and query like '%jsonb_to_recordset%'`,
              );
              return Number(row?.n ?? 0);
            },
            { timeout: 10_000, interval: 50 },
          )
          .toBe(2);
        // Not awaited here: they finish once this transaction lets the channel go.
        return { racing };
      });
      await expectOnOneMessage(await racing, file);
    } else {
      // PGlite has one connection: the statements run one after the other, and the second finds
      // the file taken.
      const sent = await Promise.all([
        sendWith(services.sendQueue, classId, channelId, [file.id]),
        sendWith(otherNode, classId, channelId, [file.id]),
      ]);
      await expectOnOneMessage(sent, file);
    }
  });
});
