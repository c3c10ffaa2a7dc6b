// Web Push across server processes on one PostgreSQL (issue 34, docs/channels.md#web-push): a node
// killed in the middle of a batch — with pushes the push service had not yet accepted — loses
// those jobs to the other nodes when their leases run out, and every browser gets exactly one
// accepted push, a repeat under the same Topic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import type { Database } from '../../src/db/client';
import { channels, messages, pushJobs, pushSubscriptions, users } from '../../src/db/schema';
import { expandPushEvents } from '../../src/notifications/pushJobs';
import { startPushService, type PushServiceStandIn } from '../../../../test-support/pushService';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import { createTestDatabase } from '../database';
import { createClassFixture } from '../fixtures';
import { afterPasses } from '../workerPasses';

let database: Database & { url?: string };
let push: PushServiceStandIn;
const nodes: ServerProcess[] = [];

async function startNode(): Promise<ServerProcess> {
  const node = await startServerProcess({
    from: 'source',
    env: {
      DATABASE_URL: database.url!,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      // The nodes trust the stand-in's self-signed certificate, as they trust a real push service.
      NODE_EXTRA_CA_CERTS: push.certPath,
      NOTIFY_JOB_LEASE_SECONDS: '6',
      NOTIFY_JOB_CONCURRENCY: '2',
      // A pass each second, not each 5 s: the end waits on passes (below).
      NOTIFY_POLL_SECONDS: '1',
    },
  });
  nodes.push(node);
  return node;
}

/**
 * Resolves once nothing more can reach the push service from `survivors`. A second push could still
 * come from a send in flight on one node after another node closed the same job (a lease taken
 * over), or from a pass that makes jobs again from a message already expanded. Each node first ends
 * two more passes — so one began after every job was closed, expanded and claimed whatever there
 * was, and started its sends — then stops gracefully, which waits for every send it has in flight
 * (drain): the stand-in records a push before it answers.
 */
async function noMoreSends(survivors: readonly ServerProcess[]): Promise<void> {
  await afterPasses(
    survivors.map((node) => node.url),
    'push',
  );
  await Promise.all(survivors.map((node) => node.stop()));
}

const openJobs = async () =>
  (await database.db.select({ id: pushJobs.message_id }).from(pushJobs)).length;

beforeAll(async () => {
  push = await startPushService();
  database = await createTestDatabase();
  if (!database.url) throw new Error('this test needs PostgreSQL');
}, 60_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)));
  await database?.close();
  await push?.close();
});

describe('Web Push on several nodes', () => {
  it('pushes each browser exactly once though a node is killed mid-batch', async () => {
    const db = database.db;
    const stamp = Date.now().toString(36);
    const teacher = { uid: `t_${stamp}`, name: 'Marie Curie' };
    const students = Array.from({ length: 12 }, (_, index) => ({
      uid: `s${index}_${stamp}`,
      name: `Student ${index}`,
    }));
    await db.insert(users).values(
      [teacher, ...students].map((who) => ({
        id: who.uid,
        name: who.name,
        email: `${who.uid}@example.test`,
        emailVerified: true,
      })),
    );
    const { classId, channelIds } = await createClassFixture(db, {
      members: [
        { user: teacher, role: 'instructor' },
        ...students.map((user) => ({ user, role: 'student' as const })),
      ],
    });
    const browsers = students.map(() => push.subscribe());
    await db.insert(pushSubscriptions).values(
      students.map((who, index) => ({
        id: `psub_${stamp}_${index}`,
        uid: who.uid,
        endpoint: browsers[index]!.endpoint,
        p256dh: browsers[index]!.keys.p256dh,
        auth: browsers[index]!.keys.auth,
      })),
    );
    await db.insert(messages).values({
      id: makeRecordId('msg', teacher.uid),
      class_id: classId,
      channel_id: channelIds[0]!,
      seq: 1,
      author_uid: teacher.uid,
      author_name: teacher.name,
      body: '@channel: tomorrow moves to room 4',
      mentions_channel: true,
    });
    await db
      .update(channels)
      .set({ last_seq: 1 })
      .where(sql`${channels.channel_id} = ${channelIds[0]!}`);
    // The message becomes twelve pushes before the first node starts.
    expect(await expandPushEvents(db, 10)).toBe(1);
    expect(await openJobs()).toBe(12);

    // Node A has four accepted, then the push service stops answering: A waits on one or two.
    push.holdAfter = 4;
    const nodeA = await startNode();
    await expect
      .poll(() => push.received.filter((entry) => entry.status === null).length, {
        timeout: 30_000,
        interval: 20,
      })
      .toBeGreaterThan(0);
    // The four accepted are closed in the database; the held ones are running, leased to A.
    await expect.poll(openJobs, { timeout: 10_000 }).toBe(8);
    await nodeA.kill();
    const heldBeforeKill = push.received.filter((entry) => entry.status === null);
    push.holdAfter = Infinity;

    // Two nodes take over: the held pushes once A's leases run out, the rest at once.
    const survivors = await Promise.all([startNode(), startNode()]);
    await expect.poll(openJobs, { timeout: 40_000 }).toBe(0);
    await noMoreSends(survivors);

    for (const browser of browsers) expect(push.accepted(browser.id)).toHaveLength(1);
    expect(push.received.every((entry) => entry.vapidError === null)).toBe(true);
    // A held push went again from another node, under the same Topic.
    for (const held of heldBeforeKill) {
      const again = push.accepted(held.subscriptionId)[0];
      expect(again?.topic).toBe(held.topic);
      expect(again?.plaintext).toBe(held.plaintext);
    }
  }, 180_000);
});
