// "Seen" crosses nodes (issue 34, docs/channels.md#missed-mention-e-mails): a person who reads a
// mention in a tab served by node B gets no digest, whichever node's worker judges it; a classmate
// mentioned in the same message who did not read it is mailed — the later event that proves the
// workers ran past the first person's digest rather than not yet at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { makeRecordId, mentionToken } from '@seminar/shared';
import { channels, messages, notificationJobs, users } from '../../src/db/schema';
import { createClassFixture } from '../fixtures';
import { startTestSmtp, type TestSmtp } from '../smtp';
import { afterPasses } from '../workerPasses';
import { useTwoNodes } from './twoNodes';

// Read by useTwoNodes when its nodes start, after this file's first hook has set SMTP_URL.
const env: Record<string, string> = { NOTIFY_POLL_SECONDS: '1', SEED_DEMO: '0' };
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp?.close();
});
const nodes = useTwoNodes(env);

describe('missed-mention e-mails: seen on any node', () => {
  it('mails nobody about a mention read in a tab on the other node', async () => {
    const { database, nodeA, nodeB, signUp, live } = nodes;
    const db = database.db;
    const tara = await signUp(nodeA, 'Teach, Tara');
    const ada = await signUp(nodeB, 'Lovelace, Ada');
    const bob = await signUp(nodeA, 'Builder, Bob');
    const people = [tara, ada, bob];
    await db
      .update(users)
      .set({ emailVerified: true })
      .where(
        inArray(
          users.id,
          people.map((who) => who.uid),
        ),
      );
    const { classId, channelIds } = await createClassFixture(db, {
      members: [
        { user: tara, role: 'instructor' },
        { user: ada, role: 'student' },
        { user: bob, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    await db.insert(messages).values({
      id: makeRecordId('msg', tara.uid),
      class_id: classId,
      channel_id: channelId,
      seq: 1,
      author_uid: tara.uid,
      author_name: 'Teach, Tara',
      body: `${mentionToken(ada.uid)} ${mentionToken(bob.uid)} tomorrow moves to room 4`,
      mentions: [ada.uid, bob.uid],
    });
    await db
      .update(channels)
      .set({ last_seq: 1 })
      .where(sql`${channels.channel_id} = ${channelId}`);
    const jobsOf = async () =>
      (
        await db
          .select({ uid: notificationJobs.uid })
          .from(notificationJobs)
          .where(
            inArray(
              notificationJobs.uid,
              people.map((who) => who.uid),
            ),
          )
      )
        .map((row) => row.uid)
        .sort();
    // A worker (on either node) has made both digests; they wait for the 10-minute delay.
    await expect.poll(jobsOf, { timeout: 30_000 }).toEqual([ada.uid, bob.uid].sort());

    // Ada reads the channel in a tab served by node B.
    await live(nodeB, ada).trpc.channels.markRead.mutate({
      class_id: classId,
      channel_id: channelId,
      seq: 1,
    });
    // The delay passes for both.
    await db.execute(
      sql`update notification_items set created_at = created_at - interval '11 minutes'`,
    );
    await db.execute(sql`update notification_jobs set due_at = due_at - interval '11 minutes'`);

    // Bob, who did not read it, is mailed; then both digests are closed and every node's worker
    // has ended two more passes: nothing more is coming.
    const mail = await smtp.nextMailTo(bob.email, 30_000, 'mention');
    expect(mail.subject).toMatch(/^You were mentioned in Class /);
    await expect.poll(jobsOf, { timeout: 30_000 }).toEqual([]);
    await afterPasses([nodeA.url, nodeB.url], 'notifications');
    const toAda = smtp.mails.filter(
      (sent) => sent.to.includes(ada.email.toLowerCase()) && sent.subject.includes('mention'),
    );
    expect(toAda).toEqual([]);
  }, 120_000);
});
