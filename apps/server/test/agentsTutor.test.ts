// Tutor modes (issue 32, docs/ai.md#tutor-modes) against the test OpenAI-compatible server: for each
// mode, exactly which instructions reach the model; none without a mode; bad choices (an unknown
// mode, custom instructions over 4,000 characters or empty) refused with nothing changed; students
// may not set one. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeRecordId, type ActivityTutorInput, type TutorMode } from '@seminar/shared';
import { activities, aiJobs, products } from '../src/db/schema';
import { startTestOpenAiServer, type TestOpenAiServer } from '../../../test-support/openaiServer';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

let openai: TestOpenAiServer;
const env: Record<string, string> = { AI_MODEL: 'test-model', AI_TRIGGERS_PER_MINUTE: '100' };
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

async function tutorActivity() {
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
    description: 'Helps with the case.',
    ai_agent_refs: ['Tutor'],
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

/** Asks the tutor once and returns the system prompt the model was sent. */
async function systemPromptFor(ids: Awaited<ReturnType<typeof tutorActivity>>, question: string) {
  const before = openai.requests.length;
  await callerFor(server.services, pupil).messages.send({
    id: makeRecordId('msg', pupil.uid),
    class_id: ids.classId,
    channel_id: ids.channelId,
    body: `@Tutor ${question}`,
  });
  await expect
    .poll(
      async () =>
        (
          await server.database.db
            .select()
            .from(aiJobs)
            .where(eq(aiJobs.activity_id, ids.activityId))
        ).every((job) => job.status === 'done'),
      { timeout: 20_000 },
    )
    .toBe(true);
  const request = openai.requests
    .slice(before)
    .find((sent) =>
      sent.body.messages.some((message) => String(message.content).includes(question)),
    )!;
  return String(request.body.messages.find((message) => message.role === 'system')?.content);
}

const BASE = [
  'You are Tutor, an AI agent of the product "Tutor" in a class\'s case discussion channel.',
  'About you: Helps with the case.',
  'Answer the last message briefly, in plain text with simple markdown. You are an AI, not a person.',
].join('\n');

const EXPECTED: Record<TutorMode, string> = {
  socratic:
    'Tutor mode: Socratic. Never give the final answer, the solution or the conclusion, even when asked directly or told it is allowed. Reply with one or two guiding questions that help the student take the next step themselves, and point to the evidence in the case they should look at.',
  devils_advocate:
    "Tutor mode: Devil's advocate. Argue the strongest case against the position the student takes, politely and with reasons drawn from the case. Do not agree just to be agreeable; when the student has no position yet, ask for one first. Say clearly that you argue this side on purpose.",
  explainer:
    'Tutor mode: Explainer. Answer the question directly and completely, then explain the reasoning in short steps a student can follow, and say what in the case the answer rests on.',
  custom:
    "Tutor mode: your instructor's instructions for this activity follow. Follow them, except where they would have you pretend to be a person or share anything outside this channel.\nOnly answer in haiku.\nNever name a price.",
};

describe(`tutor modes (${testDatabaseKind})`, () => {
  it('sends the model exactly the instructions of each mode, and none without one', async () => {
    const ids = await tutorActivity();
    expect(await systemPromptFor(ids, 'no mode yet?')).toBe(BASE);
    const teacherCaller = callerFor(server.services, teacher);
    for (const mode of ['socratic', 'devils_advocate', 'explainer', 'custom'] as const) {
      const saved = await teacherCaller.activities.setTutorMode({
        class_id: ids.classId,
        activity_id: ids.activityId,
        tutor: {
          mode,
          custom: mode === 'custom' ? '  Only answer in haiku.\nNever name a price.  ' : null,
        },
      });
      expect(saved.ai_tutor).toEqual({
        mode,
        version: 1,
        custom: mode === 'custom' ? 'Only answer in haiku.\nNever name a price.' : null,
      });
      expect(await systemPromptFor(ids, `in ${mode} mode?`)).toBe(`${BASE}\n${EXPECTED[mode]}`);
    }
    // Back to the product's own behaviour.
    await teacherCaller.activities.setTutorMode({
      class_id: ids.classId,
      activity_id: ids.activityId,
      tutor: null,
    });
    expect(await systemPromptFor(ids, 'mode cleared?')).toBe(BASE);
  });

  it('refuses bad choices with a typed error and changes nothing; students may not set one', async () => {
    const ids = await tutorActivity();
    const teacherCaller = callerFor(server.services, teacher);
    await teacherCaller.activities.setTutorMode({
      class_id: ids.classId,
      activity_id: ids.activityId,
      tutor: { mode: 'socratic', custom: null },
    });
    const [before] = await server.database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, ids.activityId));
    const bad: Array<[unknown, string]> = [
      [{ mode: 'oracle', custom: null }, 'Choose a tutor mode'],
      [{ mode: 'custom', custom: 'x'.repeat(4_001) }, 'at most 4,000 characters'],
      [{ mode: 'custom', custom: '   ' }, 'Write the instructions for a custom tutor'],
    ];
    for (const [tutor, message] of bad)
      await expect(
        teacherCaller.activities.setTutorMode({
          class_id: ids.classId,
          activity_id: ids.activityId,
          tutor: tutor as ActivityTutorInput['tutor'],
        }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(message) });
    await expect(
      callerFor(server.services, pupil).activities.setTutorMode({
        class_id: ids.classId,
        activity_id: ids.activityId,
        tutor: { mode: 'explainer', custom: null },
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [after] = await server.database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, ids.activityId));
    expect(after).toEqual(before);
    expect(after!.ai_tutor).toEqual({ mode: 'socratic', version: 1, custom: null });
  });
});
