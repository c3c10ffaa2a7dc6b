// AI agents in case channels (issue 11): DataAnalystBot answers a mention with a table, through the
// job table and the message write path, once; modes and pauses; two workers on one database answer
// each job once; a job whose node died is retried, and one out of tries is marked failed visibly.
// On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import {
  BOT_NAME,
  agentReplyId,
  makeRecordId,
  type LiveEvent,
  type Message,
} from '@seminar/shared';
import { AgentWorker } from '../src/ai/worker';
import { activities, aiJobs, messages, products } from '../src/db/schema';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

// Leases far longer than any test: a lease runs out only where a test makes it so (the retry test
// sets one in the past), never because a loaded machine was slow — that would claim a job twice.
const LEASE_MS = 60_000;
const server = useTestServer({
  AI_JOB_LEASE_SECONDS: String(LEASE_MS / 1000),
  AI_JOB_MAX_ATTEMPTS: '2',
  AI_TRIGGERS_PER_MINUTE: '100',
});
let teacher: TestUser;
let pupil: TestUser;

const CSV = ['```csv', 'group,score', 'a,1', 'a,2', 'b,3', 'b,6', '```'].join('\n');

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Dewey, John');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Paz');
});

/**
 * Parks this node's own worker for the current test, which brings its own workers (a survivor, a
 * strict node); it starts again when the test ends, so no test depends on another having run.
 */
async function withoutNodeWorker(): Promise<void> {
  await server.services.agents.stop();
  onTestFinished(() => server.services.agents.start());
}

/** A class with a case channel, a general channel and an activity using a DataAnalystBot product. */
async function caseActivity(mode: string | null = null) {
  const db = server.database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    channels: [
      { name: 'pricing case', is_public: true },
      { name: 'general', is_public: true },
    ],
  });
  const productId = makeRecordId('product', teacher.uid);
  await db.insert(products).values({
    product_id: productId,
    title: 'Data analyst for cases',
    name: 'data-analyst',
    ai_agent_refs: [BOT_NAME],
    ai_agent_cooperation_mode: mode,
  });
  const activityId = makeRecordId('activity', teacher.uid);
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Pricing',
    product_id: productId,
    channel_id: channelIds[0]!,
  });
  return { classId, caseChannel: channelIds[0]!, general: channelIds[1]!, activityId };
}

async function send(user: TestUser, classId: string, channelId: string, body: string) {
  return callerFor(server.services, user).messages.send({
    id: makeRecordId('msg', user.uid),
    class_id: classId,
    channel_id: channelId,
    body,
  });
}

const rowsOf = (events: LiveEvent<Message>[]) =>
  events.flatMap((event) =>
    event.type === 'snapshot' || event.type === 'upsert' ? event.rows : [],
  );

async function jobsOf(activityId: string) {
  return server.database.db.select().from(aiJobs).where(eq(aiJobs.activity_id, activityId));
}

async function channelMessages(channelId: string) {
  return server.database.db
    .select()
    .from(messages)
    .where(eq(messages.channel_id, channelId))
    .orderBy(messages.seq);
}

async function settled(activityId: string) {
  await expect
    .poll(
      async () =>
        (await jobsOf(activityId)).every(
          (job) => job.status !== 'queued' && job.status !== 'running',
        ),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
}

describe(`agents in case channels (${testDatabaseKind})`, () => {
  it('answers a student who mentions DataAnalystBot with a table, live, labelled as AI, once', async () => {
    const { classId, caseChannel, activityId } = await caseActivity();
    const watcher = await collect<Message>(server.services, teacher, (caller) =>
      caller.messages.live({ class_id: classId, channel_id: caseChannel }),
    );
    try {
      const question = await send(
        pupil,
        classId,
        caseChannel,
        `@${BOT_NAME} mean of score by group\n${CSV}`,
      );
      await watcher.until((events) => rowsOf(events).some((row) => row.ai !== null));
      const reply = rowsOf(watcher.events).find((row) => row.ai !== null)!;
      expect(reply.author_uid).toBe(`agent:${BOT_NAME}`);
      expect(reply.author_name).toBe(BOT_NAME);
      expect(reply.ai).toEqual({
        agent: BOT_NAME,
        product_title: 'Data analyst for cases',
        status: 'done',
        chart: expect.objectContaining({ kind: 'histogram', column: 'score' }),
      });
      // mean of score by group: a 1.5, b 4.5; the column's mean is 3.
      expect(reply.body).toContain('1.5');
      expect(reply.body).toContain('4.5');
      expect(reply.seq).toBe(question.seq + 1);
      const [job] = await jobsOf(activityId);
      expect(job).toMatchObject({
        status: 'done',
        message_id: question.id,
        author_uid: pupil.uid,
        analyses: 1,
        attempts: 1,
      });
      expect(reply.id).toBe(agentReplyId(job!.job_id));
    } finally {
      await watcher.stop();
    }
    const all = await channelMessages(caseChannel);
    expect(all.filter((row) => row.ai !== null)).toHaveLength(1);
  });

  it('answers only mentions in its own case channel, never an agent, and a wrong name not at all', async () => {
    const { classId, caseChannel, general, activityId } = await caseActivity();
    await send(pupil, classId, caseChannel, CSV); // no mention
    await send(pupil, classId, caseChannel, `@${BOT_NAME}X ${CSV}`); // another name
    await send(pupil, classId, caseChannel, `mail me at me@${BOT_NAME} ${CSV}`); // inside a word
    await send(pupil, classId, general, `@${BOT_NAME} ${CSV}`); // not the case channel
    expect(await jobsOf(activityId)).toEqual([]);
    await send(pupil, classId, caseChannel, `hi @${BOT_NAME.toLowerCase()}, what do you see?`);
    await settled(activityId);
    const replies = (await channelMessages(caseChannel)).filter((row) => row.ai);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain("I didn't find a table");
    // The agent's own message mentioning itself makes no job.
    expect(await jobsOf(activityId)).toHaveLength(1);
  });

  it('stays silent when the instructor pauses it, and answers every student table in every_message mode', async () => {
    const { classId, caseChannel, activityId } = await caseActivity('every_message');
    const teacherCaller = callerFor(server.services, teacher);
    await expect(
      callerFor(server.services, pupil).activities.setAgentMode({
        class_id: classId,
        activity_id: activityId,
        agent: BOT_NAME,
        mode: 'paused',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      teacherCaller.activities.setAgentMode({
        class_id: classId,
        activity_id: activityId,
        agent: 'SomeoneElse',
        mode: 'paused',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // every_message: a table without a mention is answered; chat without a table is not.
    await send(pupil, classId, caseChannel, CSV);
    await send(pupil, classId, caseChannel, 'I think the price is too high');
    await send(teacher, classId, caseChannel, CSV); // instructors are not students
    await settled(activityId);
    expect((await jobsOf(activityId)).map((job) => job.status).sort()).toEqual(['done', 'skipped']);
    const paused = await teacherCaller.activities.setAgentMode({
      class_id: classId,
      activity_id: activityId,
      agent: BOT_NAME,
      mode: 'paused',
    });
    expect(paused.ai_agent_modes).toEqual({ [BOT_NAME]: 'paused' });
    await send(pupil, classId, caseChannel, `@${BOT_NAME} ${CSV}`);
    expect(await jobsOf(activityId)).toHaveLength(2);
    await teacherCaller.activities.setAgentMode({
      class_id: classId,
      activity_id: activityId,
      agent: BOT_NAME,
      mode: 'mention',
    });
    await send(pupil, classId, caseChannel, CSV);
    expect(await jobsOf(activityId)).toHaveLength(2);
    await send(pupil, classId, caseChannel, `@${BOT_NAME} ${CSV}`);
    await settled(activityId);
    const replies = (await channelMessages(caseChannel)).filter((row) => row.ai);
    expect(replies).toHaveLength(2);
  });

  it('leaves an LLM agent silent on a server without a model, and says so to the web', async () => {
    const { classId, caseChannel, activityId } = await caseActivity();
    await server.database.db
      .update(products)
      .set({ ai_agent_refs: ['SocraticTutor'] })
      .where(
        eq(
          products.product_id,
          (
            await server.database.db
              .select({ id: activities.product_id })
              .from(activities)
              .where(eq(activities.activity_id, activityId))
          )[0]!.id!,
        ),
      );
    expect(await callerFor(server.services, teacher).products.agentsStatus()).toEqual({
      llmConfigured: false,
    });
    await send(pupil, classId, caseChannel, '@SocraticTutor what do you think?');
    await settled(activityId);
    expect((await jobsOf(activityId)).map((job) => [job.status, job.error])).toEqual([
      ['skipped', 'No language model is configured on this server.'],
    ]);
    expect((await channelMessages(caseChannel)).filter((row) => row.ai)).toEqual([]);
  });

  it('two workers on one database answer each of many jobs exactly once', async () => {
    const { classId, caseChannel, activityId } = await caseActivity();
    // This node's worker and two more "nodes" race for the same jobs.
    const log = pino({ level: 'silent' });
    const others = ['node-x', 'node-y'].map(
      (nodeId) =>
        new AgentWorker(server.database, log, {
          nodeId,
          leaseMs: LEASE_MS,
          maxAttempts: 3,
          triggersPerMinute: 100,
          pollMs: 50,
        }),
    );
    await Promise.all(others.map((worker) => worker.start()));
    try {
      await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          send(pupil, classId, caseChannel, `@${BOT_NAME} run ${index}\n${CSV}`),
        ),
      );
      await settled(activityId);
    } finally {
      await Promise.all(others.map((worker) => worker.stop()));
    }
    const jobs = await jobsOf(activityId);
    expect(jobs).toHaveLength(12);
    expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
    const replies = (await channelMessages(caseChannel)).filter((row) => row.ai);
    expect(replies).toHaveLength(12);
    expect(new Set(replies.map((row) => row.id))).toEqual(
      new Set(jobs.map((job) => agentReplyId(job.job_id))),
    );
    // Seqs stay gap-free with replies interleaved.
    const seqs = (await channelMessages(caseChannel)).map((row) => row.seq);
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
  });

  it('retries a job whose node died mid-answer, and marks one out of tries failed in the channel', async () => {
    const { classId, caseChannel, activityId } = await caseActivity();
    const db = server.database.db;
    // Park the worker's claims: the messages' jobs are made while a dead node "holds" them.
    await withoutNodeWorker();
    const first = await send(pupil, classId, caseChannel, `@${BOT_NAME} ${CSV}`);
    const second = await send(pupil, classId, caseChannel, `@${BOT_NAME} ${CSV}`);
    // What a node killed mid-answer leaves: running, its lease over. The second is on its last try.
    await db
      .update(aiJobs)
      .set({
        status: 'running',
        worker: 'dead-node',
        attempts: 1,
        lease_until: sql`now() - interval '1 second'`,
      })
      .where(eq(aiJobs.message_id, first.id));
    await db
      .update(aiJobs)
      .set({
        status: 'running',
        worker: 'dead-node',
        attempts: 2,
        lease_until: sql`now() - interval '1 second'`,
      })
      .where(eq(aiJobs.message_id, second.id));
    const log = pino({ level: 'silent' });
    const survivor = new AgentWorker(server.database, log, {
      nodeId: 'survivor',
      leaseMs: LEASE_MS,
      maxAttempts: 2,
      triggersPerMinute: 100,
      pollMs: 50,
    });
    await survivor.start();
    try {
      await settled(activityId);
    } finally {
      await survivor.stop();
    }
    const jobs = await jobsOf(activityId);
    const byMessage = new Map(jobs.map((job) => [job.message_id, job]));
    expect(byMessage.get(first.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(byMessage.get(second.id)).toMatchObject({ status: 'failed', attempts: 3 });
    const replies = (await channelMessages(caseChannel)).filter((row) => row.ai);
    expect(replies.map((row) => row.ai!.status).sort()).toEqual(['done', 'failed']);
    const failed = replies.find((row) => row.ai!.status === 'failed')!;
    expect(failed.body).toContain(`${BOT_NAME} could not answer this message (tried 2 times)`);
  });
});

describe(`agent usage, budget and rate limit (${testDatabaseKind})`, () => {
  it('records usage per person and stops at the budget, saying so once', async () => {
    const { classId, caseChannel, activityId } = await caseActivity();
    // This node's stand-in, with the node's own worker parked.
    await withoutNodeWorker();
    const worker = new AgentWorker(server.database, pino({ level: 'silent' }), {
      nodeId: 'budget',
      leaseMs: 30_000,
      maxAttempts: 3,
      triggersPerMinute: 100,
      pollMs: 50,
    });
    await worker.start();
    onTestFinished(() => worker.stop());
    const teacherCaller = callerFor(server.services, teacher);
    const budgeted = await teacherCaller.activities.setAgentBudget({
      class_id: classId,
      activity_id: activityId,
      answers: 2,
      tokens: null,
    });
    expect(budgeted).toMatchObject({ ai_budget_answers: 2, ai_budget_tokens: null });
    await expect(
      callerFor(server.services, pupil).activities.usage({
        class_id: classId,
        activity_id: activityId,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Sent one after another (each answered before the next), so the order is certain.
    for (let index = 0; index < 4; index += 1) {
      await send(pupil, classId, caseChannel, `@${BOT_NAME} ${CSV}`);
      await settled(activityId);
    }
    const replies = (await channelMessages(caseChannel)).filter((row) => row.ai);
    // Two answers, then the budget is said once; the fourth trigger gets nothing.
    expect(replies).toHaveLength(3);
    expect(replies[2]!.body).toContain("has used this activity's budget (2 answers)");
    const usage = await teacherCaller.activities.usage({
      class_id: classId,
      activity_id: activityId,
    });
    expect(usage).toMatchObject({
      answers: 2,
      analyses: 2,
      refused: 2,
      failed: 0,
      budget_answers: 2,
      budget_tokens: null,
    });
    expect(usage.people).toEqual([
      expect.objectContaining({
        uid: pupil.uid,
        name: 'Paz Pupil',
        answers: 2,
        analyses: 2,
        tokens: 0,
        refused: 2,
      }),
    ]);
    // The review: every exchange, newest first, filterable by person.
    const exchanges = await teacherCaller.activities.exchanges({
      class_id: classId,
      activity_id: activityId,
    });
    expect(exchanges.map((exchange) => exchange.status)).toEqual([
      'refused',
      'refused',
      'done',
      'done',
    ]);
    expect(exchanges[3]).toMatchObject({
      author_uid: pupil.uid,
      author_name: 'Paz Pupil',
      agent: BOT_NAME,
      analyses: 1,
    });
    expect(exchanges[3]!.question).toContain('group,score');
    expect(exchanges[3]!.answer).toContain('**Table:** 4 rows');
    expect(exchanges[0]!.answer).toBeNull(); // refused silently: nothing was posted
    expect(
      await teacherCaller.activities.exchanges({
        class_id: classId,
        activity_id: activityId,
        author_uid: teacher.uid,
      }),
    ).toEqual([]);
    // Raising the budget lets it answer again.
    await teacherCaller.activities.setAgentBudget({
      class_id: classId,
      activity_id: activityId,
      answers: null,
      tokens: null,
    });
    await send(pupil, classId, caseChannel, `@${BOT_NAME} ${CSV}`);
    await settled(activityId);
    expect((await channelMessages(caseChannel)).filter((row) => row.ai)).toHaveLength(4);
  });

  it('refuses a person past the per-minute limit, saying so once', async () => {
    const { classId, caseChannel, activityId } = await caseActivity();
    const log = pino({ level: 'silent' });
    // A node whose limit is 2 per minute, the only one answering.
    await withoutNodeWorker();
    const strict = new AgentWorker(server.database, log, {
      nodeId: 'strict',
      leaseMs: 30_000,
      maxAttempts: 3,
      triggersPerMinute: 2,
      pollMs: 50,
    });
    await strict.start();
    try {
      for (let index = 0; index < 5; index += 1)
        await send(pupil, classId, caseChannel, `@${BOT_NAME} ${CSV}`);
      await settled(activityId);
    } finally {
      await strict.stop();
    }
    const statuses = (await jobsOf(activityId))
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
      .map((job) => job.status);
    expect(statuses).toEqual(['done', 'done', 'refused', 'refused', 'refused']);
    const replies = (await channelMessages(caseChannel)).filter((row) => row.ai);
    expect(replies).toHaveLength(3);
    expect(replies[2]!.body).toContain('at most 2 questions per person per minute');
  });
});
