// A deleted message says nothing any more (issue 29.5): a deleted DataAnalystBot reply loses its
// chart (`ai`) in the row and on every path that returns messages — the live stream (the delete
// itself and a later snapshot), a page of history, a range — and search finds it no more. On
// PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOT_NAME, agentReplyId, makeRecordId, type Message } from '@seminar/shared';
import { aiJobs, messages } from '../src/db/schema';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createAgentCaseFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer({ AI_TRIGGERS_PER_MINUTE: '100' });
let teacher: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Tukey, John');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Ada');
});

/** A case channel where the student asked DataAnalystBot about a table; its reply, once written. */
async function chartReply() {
  const { classId, channelId, activityId } = await createAgentCaseFixture(server.database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    agents: [BOT_NAME],
    productTitle: 'Data analyst',
  });
  await callerFor(server.services, pupil).messages.send({
    id: makeRecordId('msg', pupil.uid),
    class_id: classId,
    channel_id: channelId,
    body: `@${BOT_NAME} ${['```csv', 'group,score', 'a,1', 'a,2', 'b,3', 'b,6', '```'].join('\n')}`,
  });
  const jobOf = async () =>
    (await server.database.db.select().from(aiJobs).where(eq(aiJobs.activity_id, activityId)))[0];
  await expect.poll(async () => (await jobOf())?.status, { timeout: 10_000 }).toBe('done');
  const replyId = agentReplyId((await jobOf())!.job_id);
  return { classId, channelId, replyId };
}

describe(`a deleted message (${testDatabaseKind})`, () => {
  it('drops an AI reply’s chart from the row and from live, history, range and search', async () => {
    const { classId, channelId, replyId } = await chartReply();
    const ref = { class_id: classId, channel_id: channelId };
    const [before] = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, replyId));
    expect(before?.ai?.chart?.kind).toBe('histogram');
    const searchChart = () =>
      callerFor(server.services, pupil).messages.search({ class_id: classId, query: 'histogram' });
    expect((await searchChart()).results.map((result) => result.id)).toContain(replyId);

    const watcher = await collect<Message>(server.services, pupil, (caller) =>
      caller.messages.live(ref),
    );
    const sent = (id: string) =>
      watcher.events.flatMap((event) =>
        event.type === 'snapshot' || event.type === 'upsert'
          ? event.rows.filter((row) => row.id === id)
          : [],
      );
    try {
      await watcher.until(() => sent(replyId).length > 0);
      await callerFor(server.services, teacher).messages.delete({ id: replyId });
      await watcher.until(() => sent(replyId).some((row) => row.deleted));
      expect(sent(replyId).at(-1)).toMatchObject({ deleted: true, body: '', ai: null });
    } finally {
      await watcher.stop();
    }

    const [row] = await server.database.db.select().from(messages).where(eq(messages.id, replyId));
    expect(row).toMatchObject({ deleted: true, ai: null, mentions: [], mentions_channel: false });

    const pupilCalls = callerFor(server.services, pupil);
    const page = await pupilCalls.messages.page({ ...ref, beforeSeq: 10 });
    const range = await pupilCalls.messages.range({ ...ref, fromSeq: 1, beforeSeq: 10 });
    const later = await collect<Message>(server.services, teacher, (caller) =>
      caller.messages.live(ref),
    );
    try {
      await later.until((events) => events.some((event) => event.type === 'snapshot'));
    } finally {
      await later.stop();
    }
    const snapshot = later.events.flatMap((event) => (event.type === 'snapshot' ? event.rows : []));
    for (const rows of [page, range, snapshot]) {
      const deleted = rows.find((message) => message.id === replyId);
      expect(deleted).toMatchObject({ deleted: true, body: '', ai: null, attachments: [] });
    }
    expect((await searchChart()).results.map((result) => result.id)).not.toContain(replyId);
  });
});
