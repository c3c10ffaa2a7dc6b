// Missed-mention e-mails across server processes on one PostgreSQL (issue 34,
// docs/channels.md#exactly-once): a node killed in the middle of a batch — with mails it was
// sending not yet accepted by the SMTP server — loses those digests to the other nodes when their
// leases run out, and every person gets exactly one mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { makeRecordId } from '@seminar/shared';
import type { Database } from '../../src/db/client';
import { channels, messages, notificationJobs, users } from '../../src/db/schema';
import { expandEvents } from '../../src/notifications/jobs';
import { startServerProcess, type ServerProcess } from '../../../../test-support/serverProcess';
import { createTestDatabase } from '../database';
import { createClassFixture } from '../fixtures';
import { afterPasses } from '../workerPasses';

let database: Database & { url?: string };
const nodes: ServerProcess[] = [];

/** An SMTP server that can stop answering DATA: a mail held is never accepted ("250"). */
interface HoldingSmtp {
  url: string;
  accepted: Array<{ to: string; messageId: string }>;
  held: Array<{ to: string; messageId: string }>;
  /** From the `n`th accepted mail on, hold every mail. */
  holdAfter: number;
  close(): Promise<void>;
}

async function startHoldingSmtp(): Promise<HoldingSmtp> {
  const state: HoldingSmtp = {
    url: '',
    accepted: [],
    held: [],
    holdAfter: Infinity,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo[0]?.address.toLowerCase() ?? '',
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        };
        if (state.accepted.length >= state.holdAfter) {
          state.held.push(mail); // no answer: the sender waits, and is killed waiting
          return;
        }
        state.accepted.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  state.url = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

async function startNode(smtpUrl: string): Promise<ServerProcess> {
  const node = await startServerProcess({
    from: 'source',
    env: {
      DATABASE_URL: database.url!,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      SMTP_URL: smtpUrl,
      NOTIFY_JOB_LEASE_SECONDS: '2',
      NOTIFY_JOB_CONCURRENCY: '2',
      // A pass each second, not each 5 s: the end waits on passes (below), and leases run out in 2.
      NOTIFY_POLL_SECONDS: '1',
    },
  });
  nodes.push(node);
  return node;
}

/**
 * Resolves once nothing more can reach the SMTP server from `survivors`. A second mail could still
 * come from a send in flight on one node after another node closed the same job (a lease taken
 * over), or from a pass that makes jobs again from events already expanded. Each node first ends
 * two more passes — so one began after every job was closed, expanded and claimed whatever there
 * was, and started its sends — then stops gracefully, which waits for every send it has in flight
 * (drain): an SMTP server records a mail before the sender hears "250".
 */
async function noMoreSends(survivors: readonly ServerProcess[]): Promise<void> {
  await afterPasses(
    survivors.map((node) => node.url),
    'notifications',
  );
  await Promise.all(survivors.map((node) => node.stop()));
}

const openJobs = async () =>
  (await database.db.select({ uid: notificationJobs.uid }).from(notificationJobs)).length;

beforeAll(async () => {
  database = await createTestDatabase();
  if (!database.url) throw new Error('this test needs PostgreSQL');
}, 60_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)));
  await database?.close();
});

describe('missed-mention e-mails on several nodes', () => {
  it('mails each person exactly once though a node is killed mid-batch', async () => {
    const smtp = await startHoldingSmtp();
    try {
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
      // The mention becomes twelve digests, already past their delay when the first node starts.
      expect(await expandEvents(db, 10)).toBe(1);
      await db.execute(
        sql`update notification_items set created_at = now() - interval '11 minutes'`,
      );
      await db.execute(sql`update notification_jobs set due_at = now() - interval '1 minute'`);
      expect(await openJobs()).toBe(12);

      // Node A sends four, then the SMTP server stops accepting: A waits on a mail or two.
      smtp.holdAfter = 4;
      const nodeA = await startNode(smtp.url);
      await expect.poll(() => smtp.held.length, { timeout: 30_000 }).toBeGreaterThan(0);
      // The four accepted are closed in the database; the held ones are running, leased to A.
      await expect.poll(openJobs, { timeout: 10_000 }).toBe(8);
      await nodeA.kill();
      const heldBeforeKill = [...smtp.held];
      smtp.holdAfter = Infinity;

      // Two nodes take over: the held digests once A's leases run out, the rest at once.
      const survivors = await Promise.all([startNode(smtp.url), startNode(smtp.url)]);
      await expect.poll(openJobs, { timeout: 30_000 }).toBe(0);
      await noMoreSends(survivors);

      const perPerson = new Map<string, number>();
      for (const mail of smtp.accepted) perPerson.set(mail.to, (perPerson.get(mail.to) ?? 0) + 1);
      expect(perPerson.size).toBe(12);
      expect([...perPerson.values()].every((count) => count === 1)).toBe(true);
      expect(perPerson.has(`${teacher.uid}@example.test`)).toBe(false);
      // A held mail went again from another node, under the same Message-ID.
      for (const held of heldBeforeKill) {
        const again = smtp.accepted.find((mail) => mail.to === held.to);
        expect(again?.messageId).toBe(held.messageId);
      }
    } finally {
      await smtp.close();
    }
  }, 180_000);
});
