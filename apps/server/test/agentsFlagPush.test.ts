// A flagged question to an AI agent reaches the class's instructors and class admins who are away
// as a Web Push (issue 32 part 4, docs/ai.md#moderation): through the push service stand-in (real
// HTTPS, the VAPID JWT verified, the aes128gcm payload decrypted with the subscription's key). Their
// settings hold — a muted class, the channel at "none", a tab in front of them — and the flag
// already handled when the worker gets to it sends nothing. Students never get one. PGlite and
// PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOT_NAME, makeRecordId, type PushPayload } from '@seminar/shared';
import type { SessionUser } from '../src/auth/session';
import type { Database } from '../src/db/client';
import { activities, aiJobs, products, pushJobs, users } from '../src/db/schema';
import { flagPushKey } from '../src/notifications/flagPushes';
import { pushTopic } from '../src/notifications/pushWorker';
import type { Services } from '../src/services';
import {
  startPushService,
  type PushServiceStandIn,
  type TestSubscription,
} from '../../../test-support/pushService';
import { callerFor } from './callers';
import { createTestDatabase } from './database';
import { makeApp } from './factories';
import { createClassFixture } from './fixtures';

let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
let push: PushServiceStandIn;

beforeAll(async () => {
  push = await startPushService();
  database = await createTestDatabase();
  made = await makeApp(
    database,
    { PUBLIC_URL: 'http://seminar.test:8080', VAPID_SUBJECT: 'mailto:admin@seminar.test' },
    { pushAgent: push.agent },
  );
  services = made.runtime.services!;
}, 60_000);

afterAll(async () => {
  await made?.app.close();
  await database?.close();
  await push?.close();
});

let people = 0;
async function person(name: string): Promise<SessionUser> {
  people += 1;
  const uid = `u_${name.toLowerCase().replace(/\W+/g, '')}_${Date.now().toString(36)}_${people}`;
  const email = `${uid}@example.test`;
  await database.db.insert(users).values({ id: uid, name, email, emailVerified: true });
  return { uid, email, displayName: name, emailVerified: true };
}

async function browserOf(who: SessionUser): Promise<TestSubscription> {
  const subscription = push.subscribe();
  await callerFor(services, who).notifications.pushSubscribe({
    endpoint: subscription.endpoint,
    keys: subscription.keys,
    expirationTime: null,
    label: 'Test browser',
  });
  return subscription;
}

/** Runs the push worker until it rests. */
async function settle() {
  for (let pass = 0; pass < 2; pass += 1) {
    services.push.wake();
    await services.push.idle();
  }
}

/** The flag pushes a browser was sent (other pushes — the question, the reply — left out). */
const flagPushesOf = (subscription: TestSubscription) =>
  push
    .accepted(subscription.id)
    .map((entry) => JSON.parse(entry.plaintext!) as PushPayload)
    .filter((payload) => payload.kind === 'ai_flag');

/** A class with a case channel and DataAnalystBot's activity; `members` beside the teacher. */
async function caseWorld(
  teacher: SessionUser,
  members: Array<{ user: SessionUser; role: 'student' | 'admin' | 'instructor' }>,
) {
  const db = database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [{ user: teacher, role: 'instructor' }, ...members],
    channels: [{ name: 'cholera', is_public: true }],
  });
  const productId = makeRecordId('product', teacher.uid);
  await db.insert(products).values({
    product_id: productId,
    title: 'Data Analyst Bot',
    name: 'analyst',
    ai_agent_refs: [BOT_NAME],
  });
  const activityId = makeRecordId('activity', teacher.uid);
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Broad Street pump',
    product_id: productId,
    channel_id: channelIds[0]!,
  });
  return { classId, channelId: channelIds[0]!, activityId };
}

/** A student's question with a phone number: flagged, refused. Returns its AI job once ended. */
async function flaggedQuestion(
  student: SessionUser,
  where: { classId: string; channelId: string },
) {
  const id = makeRecordId('msg', student.uid);
  await callerFor(services, student).messages.send({
    id,
    class_id: where.classId,
    channel_id: where.channelId,
    body: `@${BOT_NAME} call me on (555) 123-4567 and tell me the mean`,
  });
  let job: typeof aiJobs.$inferSelect | undefined;
  await expect
    .poll(
      async () => {
        [job] = await database.db.select().from(aiJobs).where(eq(aiJobs.message_id, id));
        return job?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('refused');
  expect(job!.flag).toBe('personal_data');
  return job!;
}

describe('a flagged AI exchange pushed to staff who are away', () => {
  it('reaches instructors and class admins, in words and with the review’s path; never students', async () => {
    const teacher = await person('Nightingale, Florence');
    const admin = await person('Farr, William');
    const student = await person('Snow, John');
    const where = await caseWorld(teacher, [
      { user: admin, role: 'admin' },
      { user: student, role: 'student' },
    ]);
    const teacherBrowser = await browserOf(teacher);
    const adminBrowser = await browserOf(admin);
    const studentBrowser = await browserOf(student);
    const job = await flaggedQuestion(student, where);
    await settle();

    const [payload] = flagPushesOf(teacherBrowser);
    expect(flagPushesOf(teacherBrowser)).toHaveLength(1);
    expect(payload).toEqual({
      v: 1,
      kind: 'ai_flag',
      class_id: where.classId,
      channel_id: where.channelId,
      message_id: flagPushKey(job.job_id),
      seq: 0,
      channel: 'cholera',
      author: BOT_NAME,
      excerpt: `Personal data (a phone number) in a question to ${BOT_NAME}. Open the review to handle it.`,
      path: `/classes/${encodeURIComponent(where.classId)}/activities/${encodeURIComponent(where.activityId)}/review`,
      activity: 'Broad Street pump',
    });
    // Signed and sent like a mention: urgent, one topic per flag (a repeat replaces it).
    const request = push.received.find(
      (entry) =>
        entry.subscriptionId === teacherBrowser.id && entry.plaintext?.includes('"ai_flag"'),
    )!;
    expect(request.vapidError).toBeNull();
    expect(request.urgency).toBe('high');
    expect(request.topic).toBe(pushTopic(flagPushKey(job.job_id)));
    // Nothing of what the student wrote travels in it.
    expect(request.plaintext).not.toContain('555');
    expect(flagPushesOf(adminBrowser)).toHaveLength(1);
    expect(flagPushesOf(studentBrowser)).toHaveLength(0);
    expect(await database.db.select().from(pushJobs)).toEqual([]);
  }, 60_000);

  it('respects the muted class, the channel at "none" and a tab in front; a flag handled first is not pushed', async () => {
    const teacher = await person('Nightingale, Florence');
    const muter = await person('Seacole, Mary');
    const quiet = await person('Chadwick, Edwin');
    const looking = await person('Farr, William');
    const away = await person('Budd, William');
    const student = await person('Snow, John');
    const where = await caseWorld(teacher, [
      ...[muter, quiet, looking, away].map((user) => ({ user, role: 'instructor' as const })),
      { user: student, role: 'student' },
    ]);
    const browsers = new Map(
      await Promise.all(
        [teacher, muter, quiet, looking, away].map(
          async (who) => [who.uid, await browserOf(who)] as const,
        ),
      ),
    );
    await callerFor(services, muter).notifications.update({
      class_id: where.classId,
      muted: true,
    });
    await callerFor(services, quiet).channels.setNotify({
      class_id: where.classId,
      channel_id: where.channelId,
      notify: 'none',
    });
    // A visible tab says online every 30 s (docs/channels.md#typing-and-online).
    await callerFor(services, looking).channels.notify({
      class_id: where.classId,
      channel_id: where.channelId,
      type: 'user_online',
    });
    await flaggedQuestion(student, where);
    await settle();
    const count = (who: SessionUser) => flagPushesOf(browsers.get(who.uid)!).length;
    expect(count(away)).toBe(1);
    expect(count(teacher)).toBe(1);
    expect(count(muter)).toBe(0);
    expect(count(quiet)).toBe(0);
    expect(count(looking)).toBe(0);

    // The next flag is marked handled before any worker claims its pushes: none is sent.
    await services.push.stopClaiming();
    const second = await flaggedQuestion(student, where);
    await callerFor(services, teacher).moderation.markHandled({
      class_id: where.classId,
      activity_id: where.activityId,
      job_id: second.job_id,
    });
    await services.push.start();
    await settle();
    expect(count(away)).toBe(1);
    expect(count(teacher)).toBe(1);
    expect(await database.db.select().from(pushJobs)).toEqual([]);
  }, 60_000);
});
