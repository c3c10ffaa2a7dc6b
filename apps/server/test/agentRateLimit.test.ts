// The per-person agent rate limit applies to students only (agentRateLimited): an instructor or a
// class admin trying an agent out, or showing it to a class, is never refused by it, while a
// student of the same class past it is. On PGlite and PostgreSQL, through the app's own worker.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOT_NAME, makeRecordId } from '@seminar/shared';
import { activities, aiJobs, products } from '../src/db/schema';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const LIMIT = 2;
const server = useTestServer({ AI_TRIGGERS_PER_MINUTE: String(LIMIT) });
let teacher: TestUser;
let admin: TestUser;
let pupil: TestUser;

const CSV = ['```csv', 'group,score', 'a,1', 'a,2', 'b,3', 'b,6', '```'].join('\n');

beforeAll(async () => {
  const { app, config } = server.made;
  teacher = await signUpUser(app, config.publicUrl, 'Montessori, Maria');
  admin = await signUpUser(app, config.publicUrl, 'Keeper, Kim');
  pupil = await signUpUser(app, config.publicUrl, 'Pupil, Pat');
});

async function caseActivity() {
  const db = server.database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: admin, role: 'admin' },
      { user: pupil, role: 'student' },
    ],
    channels: [{ name: 'case', is_public: true }],
  });
  const productId = makeRecordId('product', teacher.uid);
  await db.insert(products).values({
    product_id: productId,
    title: 'Analyst',
    name: 'analyst',
    ai_agent_refs: [BOT_NAME],
  });
  const activityId = makeRecordId('activity', teacher.uid);
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Case',
    product_id: productId,
    channel_id: channelIds[0]!,
  });
  return { classId, channelId: channelIds[0]!, activityId };
}

async function statusesOf(activityId: string, uid: string) {
  const rows = await server.database.db
    .select()
    .from(aiJobs)
    .where(eq(aiJobs.activity_id, activityId));
  return rows
    .filter((job) => job.author_uid === uid)
    .sort(
      (a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.job_id < b.job_id ? -1 : 1),
    )
    .map((job) => job.status);
}

describe(`the agent rate limit counts students only (${testDatabaseKind})`, () => {
  it('answers an instructor and a class admin past the limit, and refuses a student', async () => {
    const { classId, channelId, activityId } = await caseActivity();
    const ask = (user: TestUser) =>
      callerFor(server.services, user).messages.send({
        id: makeRecordId('msg', user.uid),
        class_id: classId,
        channel_id: channelId,
        body: `@${BOT_NAME} ${CSV}`,
      });
    const times = LIMIT + 2;
    for (const user of [teacher, admin, pupil])
      for (let index = 0; index < times; index += 1) await ask(user);
    const settled = async () => {
      const all = [teacher, admin, pupil].map((user) => statusesOf(activityId, user.uid));
      return (await Promise.all(all)).flat();
    };
    await expect
      .poll(async () => (await settled()).filter((s) => s === 'queued' || s === 'running'), {
        timeout: 20_000,
      })
      .toEqual([]);
    expect(await statusesOf(activityId, teacher.uid)).toEqual(Array(times).fill('done'));
    expect(await statusesOf(activityId, admin.uid)).toEqual(Array(times).fill('done'));
    expect(await statusesOf(activityId, pupil.uid)).toEqual([
      ...Array(LIMIT).fill('done'),
      ...Array(times - LIMIT).fill('refused'),
    ]);
  });
});
