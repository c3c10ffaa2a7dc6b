// DataAnalystBot reads a table from a CSV file attached to the message (issue 11,
// docs/ai.md#tables-in-attached-files): uploaded over HTTP like any attachment, sent with a mention,
// answered with the file's statistics and the message's question; a file over the engine's limit
// is refused by its size, unread. On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ANALYST_MAX_TEXT_CHARS, BOT_NAME, agentReplyId, makeRecordId } from '@seminar/shared';
import { aiJobs, messages } from '../src/db/schema';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createAgentCaseFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer({ AI_TRIGGERS_PER_MINUTE: '100' });
let teacher: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Fisher, Ronald');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Ada');
});

const caseActivity = () =>
  createAgentCaseFixture(server.database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    agents: [BOT_NAME],
    productTitle: 'Data analyst',
    channelName: 'files case',
  });

async function upload(place: { classId: string; channelId: string }, name: string, data: Buffer) {
  const query = new URLSearchParams({ class_id: place.classId, channel_id: place.channelId, name });
  const response = await server.made.app.inject({
    method: 'POST',
    url: `/api/attachments?${query}`,
    headers: {
      'content-type': 'application/octet-stream',
      origin: server.made.config.publicUrl,
      cookie: pupil.cookie,
    },
    payload: data,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

/** Sends `body` with the file as the student; the stored reply once the job is done. */
async function replyWithFile(body: string, name: string, data: Buffer) {
  const place = await caseActivity();
  const id = await upload(place, name, data);
  await callerFor(server.services, pupil).messages.send({
    id: makeRecordId('msg', pupil.uid),
    class_id: place.classId,
    channel_id: place.channelId,
    body,
    attachment_ids: [id],
  });
  const db = server.database.db;
  const job = async () =>
    (await db.select().from(aiJobs).where(eq(aiJobs.activity_id, place.activityId)))[0];
  await expect.poll(async () => (await job())?.status, { timeout: 10_000 }).toBe('done');
  const [reply] = await db
    .select()
    .from(messages)
    .where(eq(messages.id, agentReplyId((await job())!.job_id)));
  return reply!;
}

describe(`DataAnalystBot and attached table files (${testDatabaseKind})`, () => {
  it("answers a mention with the attached CSV's statistics, the asked-for operation and a chart", async () => {
    const csv = Buffer.from(
      '\uFEFFgroup,score\r\na,1\r\na,3\r\nb,10\r\nb,14\r\nc,7\r\nc,7\r\n',
      'utf8',
    );
    const reply = await replyWithFile(`@${BOT_NAME} mean of score by group`, 'scores.csv', csv);
    expect(reply.ai?.status).toBe('done');
    expect(reply.body).toContain('**Table:** 6 rows × 2 columns');
    // score: n 6, missing 0, mean 7, median 7, SD 4.69 (sample), min 1, max 14.
    expect(reply.body).toMatch(/^score\s+6\s+0\s+7\s+7\s+4\.69\s+1\s+14$/m);
    // The asked-for operation, from the message's words: a 2, b 12, c 7.
    expect(reply.body).toContain('Mean of `score` by `group`');
    expect(reply.body).toMatch(/^a\s+2\s+2$/m);
    expect(reply.body).toMatch(/^b\s+2\s+12$/m);
    expect(reply.body).toMatch(/^c\s+2\s+7$/m);
    expect(reply.ai?.chart?.kind).toBe('histogram');
  });

  it('refuses a file over the text limit by its size, without reading it', async () => {
    const big = Buffer.alloc(ANALYST_MAX_TEXT_CHARS + 10, 'a,1\n');
    const reply = await replyWithFile(`@${BOT_NAME} what is in here?`, 'huge.csv', big);
    expect(reply.ai?.status).toBe('done');
    expect(reply.body).toContain('too much text');
  });

  it('leaves a file that is not a table file alone (a mention without a table is answered so)', async () => {
    const reply = await replyWithFile(
      `@${BOT_NAME} look`,
      'scores.bin',
      Buffer.from('group,score\na,1\nb,2\n'),
    );
    expect(reply.body).toContain("I didn't find a table");
  });
});
