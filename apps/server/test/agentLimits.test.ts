// Limits and schedules of an activity's agents (issue 32, docs/ai.md#limits-and-schedules): answers
// per student per day and per activity, the hours and phases agents answer in, each refusal told
// once with when to ask again; racing workers admit exactly the limit (answers in flight count);
// bad settings refused with nothing changed. On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { BOT_NAME, DEFAULT_AGENT_LIMITS, makeRecordId, type AgentLimits } from '@seminar/shared';
import { AgentWorker } from '../src/ai/worker';
import { activities, aiJobs, messages, products } from '../src/db/schema';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer({ AI_TRIGGERS_PER_MINUTE: '100' });
let teacher: TestUser;
let pupil: TestUser;
let other: TestUser;

const CSV = ['```csv', 'group,score', 'a,1', 'a,2', 'b,3', 'b,6', '```'].join('\n');

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Dewey, John');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Paz');
  other = await signUpUser(server.made.app, server.made.config.publicUrl, 'Other, Olu');
});

async function caseActivity() {
  const db = server.database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
      { user: other, role: 'student' },
    ],
    channels: [{ name: 'pricing case', is_public: true }],
  });
  const productId = makeRecordId('product', teacher.uid);
  await db.insert(products).values({
    product_id: productId,
    title: 'Data analyst for cases',
    name: 'data-analyst',
    ai_agent_refs: [BOT_NAME],
  });
  const activityId = makeRecordId('activity', teacher.uid);
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Pricing',
    product_id: productId,
    channel_id: channelIds[0]!,
  });
  return { classId, caseChannel: channelIds[0]!, activityId };
}

async function setLimits(classId: string, activityId: string, limits: Partial<AgentLimits>) {
  return callerFor(server.services, teacher).activities.setAgentLimits({
    class_id: classId,
    activity_id: activityId,
    limits: { ...DEFAULT_AGENT_LIMITS, ...limits },
  });
}

async function send(user: TestUser, classId: string, channelId: string, body: string) {
  return callerFor(server.services, user).messages.send({
    id: makeRecordId('msg', user.uid),
    class_id: classId,
    channel_id: channelId,
    body,
  });
}

async function jobsOf(activityId: string) {
  return server.database.db.select().from(aiJobs).where(eq(aiJobs.activity_id, activityId));
}

async function replies(channelId: string) {
  const rows = await server.database.db
    .select()
    .from(messages)
    .where(eq(messages.channel_id, channelId))
    .orderBy(messages.seq);
  return rows.filter((row) => row.ai !== null);
}

async function settled(activityId: string) {
  await expect
    .poll(
      async () =>
        (await jobsOf(activityId)).every(
          (job) => job.status !== 'queued' && job.status !== 'running',
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Asks once and waits for the answer (or the refusal), so the order is certain. */
async function askAndSettle(user: TestUser, ids: Awaited<ReturnType<typeof caseActivity>>) {
  await send(user, ids.classId, ids.caseChannel, `@${BOT_NAME} ${CSV}`);
  await settled(ids.activityId);
}

describe(`agent limits and schedules (${testDatabaseKind})`, () => {
  it('stops a student at the activity limit, says so once, and lets staff and others ask', async () => {
    const ids = await caseActivity();
    const saved = await setLimits(ids.classId, ids.activityId, { per_student_activity: 2 });
    expect(saved.ai_limits).toEqual({ ...DEFAULT_AGENT_LIMITS, per_student_activity: 2 });
    for (let index = 0; index < 4; index += 1) await askAndSettle(pupil, ids);
    await askAndSettle(other, ids);
    await askAndSettle(teacher, ids);
    const bodies = (await replies(ids.caseChannel)).map((row) => row.body);
    // Two answers, the refusal once (the fourth ask gets nothing), then the classmate and staff.
    expect(bodies).toHaveLength(5);
    expect(bodies[2]).toBe(
      `You have had the 2 answers ${BOT_NAME} gives each student in this activity. Your instructor can raise the limit.`,
    );
    expect(bodies.filter((body) => body.startsWith('**Table:**'))).toHaveLength(4);
    const statuses = (await jobsOf(ids.activityId)).map((job) => job.status).sort();
    expect(statuses).toEqual(['done', 'done', 'done', 'done', 'refused', 'refused']);
    // Raising the limit lets the student ask again.
    await setLimits(ids.classId, ids.activityId, { per_student_activity: 3 });
    await askAndSettle(pupil, ids);
    expect(await replies(ids.caseChannel)).toHaveLength(6);
  });

  it('stops a student at the daily limit and says when the next day starts', async () => {
    const ids = await caseActivity();
    await setLimits(ids.classId, ids.activityId, {
      per_student_day: 1,
      time_zone: 'Pacific/Kiritimati',
    });
    await askAndSettle(pupil, ids);
    await askAndSettle(pupil, ids);
    const bodies = (await replies(ids.caseChannel)).map((row) => row.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(
      `You have had the 1 answer ${BOT_NAME} gives each student per day. Ask again tomorrow at 00:00 (Pacific/Kiritimati).`,
    );
  });

  it('answers students only in the hours set, and staff at any hour', async () => {
    const ids = await caseActivity();
    // A window that is not now, in UTC: one that opened an hour from now, or closed before now.
    const hour = new Date().getUTCHours();
    const hours =
      hour < 22
        ? { from: `${String(hour + 1).padStart(2, '0')}:00`, to: '23:59' }
        : { from: '00:00', to: '01:00' };
    await setLimits(ids.classId, ids.activityId, { hours, time_zone: 'UTC' });
    await askAndSettle(pupil, ids);
    await askAndSettle(pupil, ids);
    await askAndSettle(teacher, ids);
    const bodies = (await replies(ids.caseChannel)).map((row) => row.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toBe(
      `${BOT_NAME} answers from ${hours.from} to ${hours.to} (UTC). Ask again ${hour < 22 ? 'today' : 'tomorrow'} at ${hours.from} (UTC).`,
    );
    expect(bodies[1]).toMatch(/^\*\*Table:\*\*/);
  });

  it('does not answer students during a phase set off, once per phase', async () => {
    const ids = await caseActivity();
    await setLimits(ids.classId, ids.activityId, { phases_off: ['individual_post_first'] });
    const phases = [
      {
        id: 'a',
        kind: 'individual_post_first' as const,
        title: 'Alone',
        timer_seconds: null,
        at_zero: 'end' as const,
      },
      {
        id: 'b',
        kind: 'plenary' as const,
        title: 'All',
        timer_seconds: null,
        at_zero: 'end' as const,
      },
    ];
    await server.database.db
      .update(activities)
      .set({ phases, phase_state: 'running', phase_index: 0, phase_started_at: new Date() })
      .where(eq(activities.activity_id, ids.activityId));
    await askAndSettle(pupil, ids);
    await askAndSettle(pupil, ids);
    await askAndSettle(teacher, ids);
    // The next phase: answered again.
    await callerFor(server.services, teacher).activities.advancePhase({
      class_id: ids.classId,
      activity_id: ids.activityId,
      action: 'next',
      from_phase_id: 'a',
    });
    await askAndSettle(pupil, ids);
    const bodies = (await replies(ids.caseChannel)).map((row) => row.body);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toBe(
      `${BOT_NAME} does not answer during the "Individual, post first" phase. Ask again when your instructor moves the activity to the next phase.`,
    );
    expect(bodies[1]).toMatch(/^\*\*Table:\*\*/);
    expect(bodies[2]).toMatch(/^\*\*Table:\*\*/);
  });

  it('admits exactly the limit when workers race, answers in flight counting', async () => {
    const ids = await caseActivity();
    await setLimits(ids.classId, ids.activityId, { per_student_activity: 3 });
    // Three workers answering three jobs each at once, on one database, with the node's parked.
    await server.services.agents.stop();
    onTestFinished(() => server.services.agents.start());
    const workers = ['w1', 'w2', 'w3'].map(
      (nodeId) =>
        new AgentWorker(server.database, pino({ level: 'silent' }), {
          nodeId,
          leaseMs: 30_000,
          maxAttempts: 3,
          triggersPerMinute: 100,
          pollMs: 50,
          concurrency: 3,
        }),
    );
    for (let index = 0; index < 10; index += 1)
      await send(pupil, ids.classId, ids.caseChannel, `@${BOT_NAME} ${CSV}`);
    await Promise.all(workers.map((worker) => worker.start()));
    try {
      await settled(ids.activityId);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const jobs = await jobsOf(ids.activityId);
    expect(jobs.filter((job) => job.status === 'done')).toHaveLength(3);
    expect(jobs.filter((job) => job.status === 'refused')).toHaveLength(7);
    const bodies = (await replies(ids.caseChannel)).map((row) => row.body);
    expect(bodies.filter((body) => body.startsWith('**Table:**'))).toHaveLength(3);
    expect(bodies.filter((body) => body.startsWith('You have had'))).toHaveLength(1);
  });

  it('refuses bad settings with a typed error and changes nothing; students may not set them', async () => {
    const ids = await caseActivity();
    await setLimits(ids.classId, ids.activityId, { per_student_day: 4 });
    const [before] = await server.database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, ids.activityId));
    const caller = callerFor(server.services, teacher);
    for (const [limits, message] of [
      [{ ...DEFAULT_AGENT_LIMITS, per_student_day: -1 }, 'A limit cannot be negative'],
      [
        { ...DEFAULT_AGENT_LIMITS, hours: { from: '17:00', to: '09:00' } },
        'The hours must end after they start',
      ],
      [{ ...DEFAULT_AGENT_LIMITS, time_zone: 'Nowhere/Atlantis' }, 'Not a time zone'],
      [{ ...DEFAULT_AGENT_LIMITS, phases_off: ['recess'] }, 'Choose a kind of phase'],
    ] as const)
      await expect(
        caller.activities.setAgentLimits({
          class_id: ids.classId,
          activity_id: ids.activityId,
          limits: limits as AgentLimits,
        }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(message) });
    await expect(
      callerFor(server.services, pupil).activities.setAgentLimits({
        class_id: ids.classId,
        activity_id: ids.activityId,
        limits: DEFAULT_AGENT_LIMITS,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [after] = await server.database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, ids.activityId));
    expect(after).toEqual(before);
    expect(after!.ai_limits.per_student_day).toBe(4);
  });
});
