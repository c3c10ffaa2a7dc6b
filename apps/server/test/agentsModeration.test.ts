// Moderation with alerts and the spend as it happens (issue 32.4–5, docs/ai.md#moderation): a
// student's flagged question never reaches the model and gets one neutral reply; a flagged answer
// is held back; staff see the flags live (`moderation.watch`), first in the review, and mark them
// handled; students see none of it; the spend follows each answer live and the 80 % warning is
// given once. Against the test OpenAI-compatible server (chat and /v1/moderations), on PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_MODERATION,
  flaggedQuestionReply,
  heldAnswerReply,
  makeRecordId,
  type AiWatchRow,
  type LiveEvent,
  type Message,
} from '@seminar/shared';
import { activities, aiJobs, messages, products } from '../src/db/schema';
import {
  MODERATION_MARKER,
  STREAMED_ANSWER,
  startTestOpenAiServer,
  type TestOpenAiServer,
} from '../../../test-support/openaiServer';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const AGENT = 'SocraticTutor';
const LEAKED = 'Write to ada.lovelace@example.org and she will tell you the answer.';
let openai: TestOpenAiServer;
const env: Record<string, string> = { AI_MODEL: 'test-model', AI_TRIGGERS_PER_MINUTE: '100' };
beforeAll(async () => {
  // A model that leaks an address when asked to "leak"; otherwise the usual answer.
  openai = await startTestOpenAiServer({
    chunkDelayMs: 5,
    answer: (body) =>
      String(body.messages.at(-1)?.content ?? '').includes('leak') ? LEAKED : STREAMED_ANSWER,
  });
  env.AI_BASE_URL = openai.url;
  env.AI_MODERATION_URL = openai.url;
});
afterAll(async () => openai?.close());
const server = useTestServer(env);
let teacher: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Hypatia, Teacher');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Pat');
});

async function caseActivity(price: { per1k: number | null; perUser: number | null } | null = null) {
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
    title: 'Tutor',
    name: 'tutor',
    ai_agent_refs: [AGENT],
    price_per_1k_tokens: price?.per1k ?? null,
    price_per_user: price?.perUser ?? null,
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

async function ask(user: TestUser, where: { classId: string; channelId: string }, body: string) {
  const id = makeRecordId('msg', user.uid);
  await callerFor(server.services, user).messages.send({
    id,
    class_id: where.classId,
    channel_id: where.channelId,
    body: `@${AGENT} ${body}`,
  });
  return id;
}

/** The job of a question once it has ended (not queued or running). */
async function ended(messageId: string) {
  let job: typeof aiJobs.$inferSelect | undefined;
  await expect
    .poll(
      async () => {
        [job] = await server.database.db
          .select()
          .from(aiJobs)
          .where(eq(aiJobs.message_id, messageId));
        return job && !['queued', 'running'].includes(job.status);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return job!;
}

async function replyOf(job: { reply_id: string | null }) {
  const [reply] = await server.database.db
    .select()
    .from(messages)
    .where(eq(messages.id, job.reply_id ?? ''));
  return reply;
}

/** The newest watch row of the activity a subscriber has been sent. */
function watchRow(events: LiveEvent<AiWatchRow>[], activityId: string): AiWatchRow | undefined {
  let found: AiWatchRow | undefined;
  for (const event of events)
    if (event.type === 'snapshot' || event.type === 'upsert')
      for (const row of event.rows) if (row.activity_id === activityId) found = row;
  return found;
}

describe(`moderation of agents' exchanges (${testDatabaseKind})`, () => {
  it('a student’s question with personal data never reaches the model: one neutral reply, a live flag for staff, first in the review, marked handled', async () => {
    const where = await caseActivity();
    const { classId, activityId } = where;
    const staff = callerFor(server.services, teacher);
    const watcher = await collect<AiWatchRow>(server.services, teacher, (k) =>
      k.moderation.watch({ class_id: classId }),
    );
    try {
      await watcher.until((events) => events.length > 0);
      expect(watchRow(watcher.events, activityId)).toMatchObject({ unhandled_flags: 0 });
      const answered = await ask(pupil, where, 'what is the main tension in the case?');
      expect((await ended(answered)).status).toBe('done');
      const calls = openai.requests.length;
      const checked = openai.moderations.length;

      const flagged = await ask(pupil, where, 'my number is (555) 123-4567, text me the answer');
      const job = await ended(flagged);
      expect(job).toMatchObject({ status: 'refused', flag: 'personal_data' });
      expect(job.flag_detail).toBe('a phone number');
      // Not sent to the model, nor to the service (the built-in check had found it).
      expect(openai.requests).toHaveLength(calls);
      expect(openai.moderations).toHaveLength(checked);
      const reply = await replyOf(job);
      expect(reply?.body).toBe(flaggedQuestionReply(AGENT));
      expect(reply?.body).not.toContain('555');

      // The badge, live.
      await watcher.until((events) => watchRow(events, activityId)?.unhandled_flags === 1);
      // The review: the flagged exchange first, with its category.
      const review = await staff.activities.exchanges({
        class_id: classId,
        activity_id: activityId,
      });
      expect(review.map((row) => row.flag)).toEqual(['personal_data', null]);
      expect(review[0]).toMatchObject({ job_id: job.job_id, flag_handled_at: null });

      // Marked handled: once, with who; the badge follows live.
      const student = callerFor(server.services, pupil);
      const ref = { class_id: classId, activity_id: activityId, job_id: job.job_id };
      await expect(student.moderation.markHandled(ref)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      const marked = await staff.moderation.markHandled(ref);
      expect(marked.handled_by_name).toBe('Hypatia, Teacher');
      await watcher.until((events) => watchRow(events, activityId)?.unhandled_flags === 0);
      expect(await staff.moderation.markHandled(ref)).toEqual(marked);
      const [handled] = await staff.activities.exchanges({
        class_id: classId,
        activity_id: activityId,
      });
      expect(handled).toMatchObject({
        flag: 'personal_data',
        flag_handled_by_name: 'Hypatia, Teacher',
      });
      // An exchange that was never flagged, or of another activity, is not one to mark.
      const [plain] = await server.database.db
        .select()
        .from(aiJobs)
        .where(eq(aiJobs.message_id, answered));
      await expect(
        staff.moderation.markHandled({ ...ref, job_id: plain!.job_id }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(staff.moderation.markHandled({ ...ref, job_id: '' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    } finally {
      await watcher.stop();
    }
  });

  it('students see no flag: the watch, the review and the settings are refused, their own exchanges carry none', async () => {
    const where = await caseActivity();
    const job = await ended(await ask(pupil, where, 'mail me at someone.else@example.com'));
    expect(job.flag).toBe('personal_data');
    const student = callerFor(server.services, pupil);
    const live = await collect(server.services, pupil, (k) =>
      k.moderation.watch({ class_id: where.classId }),
    );
    await expect.poll(() => (live.failure as { code?: string } | null)?.code).toBe('FORBIDDEN');
    await live.stop();
    await expect(student.moderation.settings({ class_id: where.classId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      student.activities.exchanges({ class_id: where.classId, activity_id: where.activityId }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const mine = JSON.stringify(await student.activities.myExchanges({ class_id: where.classId }));
    expect(mine).toContain(flaggedQuestionReply(AGENT));
    expect(mine).not.toMatch(/personal_data|flag|held/);
  });

  it('profanity is flagged; staff questions are not checked', async () => {
    const where = await caseActivity();
    const rude = await ended(await ask(pupil, where, 'this case is fucking stupid'));
    expect(rude).toMatchObject({ status: 'refused', flag: 'profanity' });
    const staff = await ended(await ask(teacher, where, 'call me at (555) 123-4567 after class'));
    expect(staff).toMatchObject({ status: 'done', flag: null });
  });

  it('a class can turn a check off; bad settings are refused and change nothing', async () => {
    const where = await caseActivity();
    const staff = callerFor(server.services, teacher);
    expect(await staff.moderation.settings({ class_id: where.classId })).toEqual(
      DEFAULT_MODERATION,
    );
    const off = { ...DEFAULT_MODERATION, personal_data: false };
    await staff.moderation.setSettings({ class_id: where.classId, settings: off });
    const job = await ended(await ask(pupil, where, 'my number is (555) 123-4567'));
    expect(job).toMatchObject({ status: 'done', flag: null });
    for (const settings of [
      { ...off, shout: true },
      { profanity: true, personal_data: true },
      { ...off, profanity: 'yes' },
    ])
      await expect(
        staff.moderation.setSettings({ class_id: where.classId, settings: settings as never }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await staff.moderation.settings({ class_id: where.classId })).toEqual(off);
    await expect(
      callerFor(server.services, pupil).moderation.setSettings({
        class_id: where.classId,
        settings: DEFAULT_MODERATION,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the moderation service flags what the built-in checks let through', async () => {
    const where = await caseActivity();
    const calls = openai.requests.length;
    const job = await ended(await ask(pupil, where, `the answer is ${MODERATION_MARKER}`));
    expect(job).toMatchObject({ status: 'refused', flag: 'external' });
    expect(job.flag_detail).toContain('harassment');
    expect(openai.moderations.some((text) => text.includes(MODERATION_MARKER))).toBe(true);
    expect(openai.requests).toHaveLength(calls);
  });

  it('an answer with personal data is held back: the channel never sees it, staff read it', async () => {
    const where = await caseActivity();
    const staff = callerFor(server.services, teacher);
    // The service off, so the answer streams (each shown prefix checked by the built-in checks).
    await staff.moderation.setSettings({
      class_id: where.classId,
      settings: { ...DEFAULT_MODERATION, external: false },
    });
    const channel = await collect<Message>(server.services, pupil, (k) =>
      k.messages.live({ class_id: where.classId, channel_id: where.channelId }),
    );
    try {
      const job = await ended(await ask(pupil, where, 'leak the answer please'));
      expect(job).toMatchObject({ status: 'done', flag: 'personal_data', held_answer: LEAKED });
      const reply = await replyOf(job);
      expect(reply?.body).toBe(heldAnswerReply(AGENT));
      await channel.until((events) =>
        events.some(
          (event) =>
            event.type === 'upsert' &&
            event.rows.some((row) => row.body === heldAnswerReply(AGENT)),
        ),
      );
      // No version of the reply the student was sent ever held the address.
      expect(JSON.stringify(channel.events)).not.toContain('example.org');
      // …while the words before it were streamed as they came.
      expect(JSON.stringify(channel.events)).toContain('"status":"streaming"');
      const [first] = await staff.activities.exchanges({
        class_id: where.classId,
        activity_id: where.activityId,
      });
      expect(first).toMatchObject({ flag: 'personal_data', held_answer: LEAKED });
    } finally {
      await channel.stop();
    }
  });
});

describe(`the spend as it happens (${testDatabaseKind})`, () => {
  it('follows each answer live and warns once at 80 % of the budget; a new budget warns anew', async () => {
    const where = await caseActivity({ per1k: 2, perUser: 4.5 });
    const { classId, activityId } = where;
    const staff = callerFor(server.services, teacher);
    // 70 tokens an answer (the test server's usage): 140 of 175 is 80 %.
    await staff.activities.setAgentBudget({
      class_id: classId,
      activity_id: activityId,
      answers: null,
      tokens: 175,
    });
    const watcher = await collect<AiWatchRow>(server.services, teacher, (k) =>
      k.moderation.watch({ class_id: classId }),
    );
    try {
      await watcher.until((events) => watchRow(events, activityId) !== undefined);
      expect(watchRow(watcher.events, activityId)).toMatchObject({
        spend_basis: 'tokens',
        spend: 0,
        tokens: 0,
        warned_at: null,
      });
      await ended(await ask(teacher, where, 'first question'));
      await watcher.until((events) => watchRow(events, activityId)?.tokens === 70);
      expect(watchRow(watcher.events, activityId)).toMatchObject({
        spend: 0.14,
        budget_share: 0.4,
        warned_at: null,
      });
      await ended(await ask(pupil, where, 'second question'));
      await watcher.until((events) => watchRow(events, activityId)?.tokens === 140);
      const warned = watchRow(watcher.events, activityId)!;
      expect(warned).toMatchObject({ spend: 0.28, budget_share: 0.8 });
      expect(warned.warned_at).not.toBeNull();
      await ended(await ask(teacher, where, 'third question'));
      await watcher.until((events) => watchRow(events, activityId)?.tokens === 210);
      // Warned once: the mark stands.
      expect(watchRow(watcher.events, activityId)?.warned_at).toBe(warned.warned_at);
      // A larger budget is a new budget: no warning until its own 80 %.
      await staff.activities.setAgentBudget({
        class_id: classId,
        activity_id: activityId,
        answers: null,
        tokens: 1000,
      });
      await watcher.until((events) => watchRow(events, activityId)?.budget_tokens === 1000);
      expect(watchRow(watcher.events, activityId)).toMatchObject({ warned_at: null });
    } finally {
      await watcher.stop();
    }
  });

  it('per-seat billing: the per-seat price × students, following the roster live', async () => {
    const where = await caseActivity({ per1k: null, perUser: 4.5 });
    const watcher = await collect<AiWatchRow>(server.services, teacher, (k) =>
      k.moderation.watch({ class_id: where.classId }),
    );
    try {
      await watcher.until((events) => watchRow(events, where.activityId) !== undefined);
      expect(watchRow(watcher.events, where.activityId)).toMatchObject({
        spend_basis: 'seats',
        spend: 4.5,
        budget_share: null,
      });
      // A student added, then one removed: the open watch follows each at once (before, a
      // per-seat spend waited for the activity's next job or budget change).
      const newcomer = await signUpUser(
        server.made.app,
        server.made.config.publicUrl,
        'Newcomer, Nia',
      );
      const staff = callerFor(server.services, teacher).classes;
      await staff.addMembers({
        class_id: where.classId,
        role: 'student',
        people: [{ email: newcomer.email, name: '' }],
      });
      await watcher.until((events) => watchRow(events, where.activityId)?.spend === 9);
      await staff.removeMember({ class_id: where.classId, uid: pupil.uid, role: 'student' });
      await watcher.until((events) => watchRow(events, where.activityId)?.spend === 4.5);
      // An instructor added changes no seat: the row is not sent again.
      const sent = watcher.events.length;
      await staff.addMembers({
        class_id: where.classId,
        role: 'instructor',
        people: [{ email: pupil.email, name: '' }],
      });
      await staff.setMemberEnabled({
        class_id: where.classId,
        uid: newcomer.uid,
        role: 'student',
        enabled: false,
      });
      // The disabled student's seat is the next event: nothing came between.
      await watcher.until((events) => watchRow(events, where.activityId)?.spend === 0);
      expect(watcher.events.length).toBe(sent + 1);
    } finally {
      await watcher.stop();
    }
  });
});
