// DataAnalystBot's chart travels with its reply (issue 11, docs/ai.md#the-chart-in-the-message):
// the stored message's `ai.chart` and the live message carry the engine's histogram or scatter,
// checked by the shared schema; a reply without numbers carries none. On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BOT_NAME,
  agentReplyId,
  makeRecordId,
  messageAiSchema,
  type LiveEvent,
  type Message,
} from '@seminar/shared';
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

const caseActivity = () =>
  createAgentCaseFixture(server.database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    agents: [BOT_NAME],
    productTitle: 'Data analyst',
    channelName: 'charts case',
  });

/** Posts `body` as the student and returns the stored reply once the job is done. */
async function replyTo(body: string) {
  const { classId, channelId, activityId } = await caseActivity();
  await callerFor(server.services, pupil).messages.send({
    id: makeRecordId('msg', pupil.uid),
    class_id: classId,
    channel_id: channelId,
    body,
  });
  await expect
    .poll(
      async () => {
        const [job] = await server.database.db
          .select()
          .from(aiJobs)
          .where(eq(aiJobs.activity_id, activityId));
        return job?.status;
      },
      { timeout: 10_000 },
    )
    .toBe('done');
  const [job] = await server.database.db
    .select()
    .from(aiJobs)
    .where(eq(aiJobs.activity_id, activityId));
  const [reply] = await server.database.db
    .select()
    .from(messages)
    .where(eq(messages.id, agentReplyId(job!.job_id)));
  return { reply: reply!, classId, channelId };
}

const csv = (...lines: string[]) => ['```csv', ...lines, '```'].join('\n');

describe(`DataAnalystBot's chart in the message (${testDatabaseKind})`, () => {
  it('stores a histogram of the first numeric column with the reply, and sends it live', async () => {
    const { reply, classId, channelId } = await replyTo(
      `@${BOT_NAME} ${csv('group,score', 'a,1', 'a,2', 'b,3', 'b,6', 'c,4', 'c,5')}`,
    );
    expect(reply.ai?.status).toBe('done');
    const chart = reply.ai?.chart;
    expect(chart?.kind).toBe('histogram');
    if (chart?.kind !== 'histogram') throw new Error('no histogram');
    expect(chart.column).toBe('score');
    // Six values from 1 to 6 in Sturges' ⌈log2 6⌉ + 1 = 4 equal bins.
    expect(chart.bins).toHaveLength(4);
    expect(chart.bins[0]!.from).toBe(1);
    expect(chart.bins.at(-1)!.to).toBe(6);
    expect(chart.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(6);
    expect(messageAiSchema.parse(reply.ai)).toEqual(reply.ai);
    // The reply's text still names it, for whoever cannot see the chart.
    expect(reply.body).toContain('**Chart:** histogram of `score`');

    // What a client gets: the same chart on the message.
    const watcher = await collect<Message>(server.services, teacher, (caller) =>
      caller.messages.live({ class_id: classId, channel_id: channelId }),
    );
    try {
      await watcher.until((events: LiveEvent<Message>[]) =>
        events.some(
          (event) => event.type === 'snapshot' && event.rows.some((row) => row.id === reply.id),
        ),
      );
      const sent = watcher.events
        .flatMap((event) => (event.type === 'snapshot' ? event.rows : []))
        .find((row) => row.id === reply.id);
      expect(sent?.ai).toEqual(reply.ai);
    } finally {
      await watcher.stop();
    }
  });

  it('stores a scatter of the most correlated pair', async () => {
    const { reply } = await replyTo(
      `@${BOT_NAME} ${csv('hours,mark,shoe', '1,52,40', '2,55,38', '3,61,44', '4,64,39', '5,70,41')}`,
    );
    const chart = reply.ai?.chart;
    expect(chart).toMatchObject({ kind: 'scatter', x: 'hours', y: 'mark', sampled: false });
    if (chart?.kind !== 'scatter') throw new Error('no scatter');
    expect(chart.points).toEqual([
      { x: 1, y: 52 },
      { x: 2, y: 55 },
      { x: 3, y: 61 },
      { x: 4, y: 64 },
      { x: 5, y: 70 },
    ]);
    expect(chart.r).toBeGreaterThan(0.99);
    expect(reply.body).toContain('**Chart:** scatter of `mark` against `hours`');
  });

  it('carries no chart when there is nothing to draw', async () => {
    const texts = await replyTo(`@${BOT_NAME} ${csv('name,city', 'Ada,London', 'Alan,Wilmslow')}`);
    expect(texts.reply.ai).toMatchObject({ agent: BOT_NAME, status: 'done' });
    expect(texts.reply.ai).not.toHaveProperty('chart');
    const none = await replyTo(`@${BOT_NAME} what can you do?`);
    expect(none.reply.body).toContain("I didn't find a table");
    expect(none.reply.ai).not.toHaveProperty('chart');
  });
});
