// LLM agents (issue 11) against a real OpenAI-compatible HTTP server started here: the answer streams
// into the channel (the reply grows live, then is marked done), usage is recorded, DataAnalystBot
// gets its numbers from the engine through a tool call. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BOT_NAME,
  agentReplyId,
  makeRecordId,
  type LiveEvent,
  type Message,
} from '@seminar/shared';
import { activities, aiJobs, messages, products } from '../src/db/schema';
import {
  STREAMED_ANSWER,
  startTestOpenAiServer,
  type TestOpenAiServer,
} from '../../../test-support/openaiServer';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

let openai: TestOpenAiServer;
const env: Record<string, string> = { AI_MODEL: 'test-model', AI_API_KEY: 'secret-key' };
beforeAll(async () => {
  openai = await startTestOpenAiServer();
  env.AI_BASE_URL = openai.url;
});
afterAll(async () => openai?.close());
const server = useTestServer(env);
let teacher: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Socrates, The');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Plato, Young');
});

async function caseWith(agent: string, description: string) {
  const db = server.database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    channels: [{ name: 'agora', is_public: true }],
  });
  const productId = makeRecordId('product', teacher.uid);
  await db.insert(products).values({
    product_id: productId,
    title: `${agent} product`,
    name: agent,
    description,
    learning_objective: 'Students question their assumptions.',
    ai_agent_refs: [agent],
  });
  const activityId = makeRecordId('activity', teacher.uid);
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Dialogue',
    product_id: productId,
    channel_id: channelIds[0]!,
  });
  return { classId, channelId: channelIds[0]!, activityId };
}

const versionsOf = (events: LiveEvent<Message>[], id: string) =>
  events.flatMap((event) =>
    event.type === 'snapshot' || event.type === 'upsert'
      ? event.rows.filter((row) => row.id === id)
      : [],
  );

describe(`LLM agents (${testDatabaseKind})`, () => {
  it("streams a model's answer into the channel, growing live, and records its tokens", async () => {
    const { classId, channelId, activityId } = await caseWith(
      'SocraticTutor',
      'Asks the next good question.',
    );
    const watcher = await collect<Message>(server.services, teacher, (caller) =>
      caller.messages.live({ class_id: classId, channel_id: channelId }),
    );
    try {
      await callerFor(server.services, pupil).messages.send({
        id: makeRecordId('msg', pupil.uid),
        class_id: classId,
        channel_id: channelId,
        body: '@SocraticTutor should the price go up?',
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
          { timeout: 20_000 },
        )
        .toBe('done');
      const [job] = await server.database.db
        .select()
        .from(aiJobs)
        .where(eq(aiJobs.activity_id, activityId));
      expect(job).toMatchObject({ input_tokens: 50, output_tokens: 20, analyses: 0 });
      const id = agentReplyId(job!.job_id);
      await watcher.until((events) =>
        versionsOf(events, id).some((row) => row.ai?.status === 'done'),
      );
      const seen = versionsOf(watcher.events, id);
      const streaming = seen.filter((row) => row.ai?.status === 'streaming');
      // It grew in several visible steps, each a prefix of the answer, then was marked done.
      expect(streaming.length).toBeGreaterThanOrEqual(2);
      expect(streaming.length).toBeLessThanOrEqual(
        Math.ceil((STREAMED_ANSWER.length / 8) * 0.06 * 4) + 2,
      );
      for (const row of streaming) expect(STREAMED_ANSWER.startsWith(row.body)).toBe(true);
      expect(new Set(streaming.map((row) => row.body.length)).size).toBe(streaming.length);
      expect(seen.at(-1)).toMatchObject({
        body: STREAMED_ANSWER,
        author_uid: 'agent:SocraticTutor',
        ai: { agent: 'SocraticTutor', product_title: 'SocraticTutor product', status: 'done' },
      });
    } finally {
      await watcher.stop();
    }
    // What the endpoint was sent: the key, the model, the product's words and the channel.
    const request = openai.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer secret-key');
    expect(request.body.model).toBe('test-model');
    expect(request.body.stream).toBe(true);
    const system = request.body.messages.find((message) => message.role === 'system');
    expect(String(system?.content)).toContain('Asks the next good question.');
    expect(String(system?.content)).toContain('Students question their assumptions.');
    expect(request.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: 'Young Plato: @SocraticTutor should the price go up?',
    });
  });

  it('lets DataAnalystBot explain numbers that come from the engine, through a tool call', async () => {
    const { classId, channelId, activityId } = await caseWith(BOT_NAME, 'Analyses data.');
    const before = openai.requests.length;
    await callerFor(server.services, pupil).messages.send({
      id: makeRecordId('msg', pupil.uid),
      class_id: classId,
      channel_id: channelId,
      body: `@${BOT_NAME} mean of score by group\n${['```csv', 'group,score', 'a,1', 'a,2', 'b,3', 'b,6', '```'].join('\n')}`,
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
        { timeout: 20_000 },
      )
      .toBe('done');
    const [job] = await server.database.db
      .select()
      .from(aiJobs)
      .where(eq(aiJobs.activity_id, activityId));
    // Two model calls (the tool call, then the answer), each 50 + 20 tokens; one analysis.
    expect(job).toMatchObject({ analyses: 1, input_tokens: 100, output_tokens: 40 });
    const calls = openai.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.body.tools?.map((tool) => tool.function.name)).toEqual(['analyze_table']);
    const toolResult = calls[1]!.body.messages.find((message) => message.role === 'tool');
    expect(JSON.stringify(toolResult)).toContain('4.5');
    const [reply] = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, agentReplyId(job!.job_id)));
    expect(reply!.ai?.status).toBe('done');
    // The chart comes from the tool's analysis, as without a model.
    expect(reply!.ai?.chart).toMatchObject({ kind: 'histogram', column: 'score' });
    expect(reply!.body).toContain('From the analysis:');
    expect(reply!.body).toContain('1.5');
    expect(reply!.body).toContain('4.5');
  });
});
