// The send queue's risky branches, on PGlite and PostgreSQL: the same id sent to two nodes at once
// (on PGlite, where one process owns the database, through one node), sends past the per-channel
// split, and a statement that fails as a whole while each caller still gets its own answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeRecordId, type Message, type MessageInput } from '@seminar/shared';
import { openDatabase, type Database } from '../src/db/client';
import { messages } from '../src/db/schema';
import { MAX_PER_CHANNEL } from '../src/messages/sendQueue';
import type { Services } from '../src/services';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

let database: Database & { url?: string };
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
/** A second node on the same PostgreSQL database (on PGlite, the same node again). */
let other: { database: Database; made: Awaited<ReturnType<typeof makeApp>> } | null = null;
let otherServices: Services;
let alice: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  made = await makeApp(database);
  services = made.runtime.services!;
  if (database.url) {
    const second = await openDatabase({ databaseUrl: database.url, poolSize: 5 });
    other = { database: second, made: await makeApp(second) };
  }
  otherServices = other ? other.made.runtime.services! : services;
  alice = await signUpUser(made.app, made.config.publicUrl, 'Alice, Ada');
});
afterAll(async () => {
  if (other) {
    await other.made.app.close();
    await other.database.close();
  }
  await made.app.close();
  await database.close();
});

const input = (classId: string, channelId: string, body: string, id?: string) =>
  ({
    id: id ?? makeRecordId('msg', alice.uid),
    class_id: classId,
    channel_id: channelId,
    body,
  }) satisfies MessageInput;

async function seqs(channelId: string): Promise<number[]> {
  const rows = await database.db
    .select({ seq: messages.seq })
    .from(messages)
    .where(eq(messages.channel_id, channelId))
    .orderBy(messages.seq);
  return rows.map((row) => row.seq);
}

const range = (length: number) => Array.from({ length }, (_, index) => index + 1);

describe(`the send queue's batches (${testDatabaseKind})`, () => {
  it('gives both callers the one row when the same id reaches two nodes at once', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: alice, role: 'student' }],
    });
    const channelId = channelIds[0]!;
    // On PGlite both sends go through one node: a few rounds show the same-node answer.
    const rounds = other ? 40 : 10;
    for (let round = 0; round < rounds; round += 1) {
      const message = input(classId, channelId, `race ${round}`);
      // Both statements start before either commits: the second waits for the channel's row lock
      // and its snapshot cannot see the first one's row.
      const [here, there] = await Promise.all([
        services.sendQueue.send(alice, message, null),
        otherServices.sendQueue.send(alice, message, null),
      ]);
      expect(there).toMatchObject({ id: message.id, seq: here.seq, body: message.body });
      expect(here.seq).toBe(round + 1);
    }
    // One row per id, and no seq skipped or taken twice.
    expect(await seqs(channelId)).toEqual(range(rounds));
  });

  it(`keeps ${MAX_PER_CHANNEL * 2 + 24} concurrent sends to one channel gap-free and in order across the per-channel split`, async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: alice, role: 'student' }],
    });
    const channelId = channelIds[0]!;
    const total = MAX_PER_CHANNEL * 2 + 24;
    const announced: string[][] = [];
    const stop = await database.listen('seminar_live', (payload) => {
      const notices = (JSON.parse(payload) as { l: Array<{ t: string; k: string; i: string[] }> })
        .l;
      for (const notice of notices)
        if (notice.t === 'messages.live' && notice.k === channelId) announced.push(notice.i);
    });
    try {
      const sent = await Promise.all(
        Array.from({ length: total }, (_, index) =>
          services.sendQueue.send(alice, input(classId, channelId, `m${index}`), null),
        ),
      );
      expect(sent.map((message) => message.seq)).toEqual(range(total));
      expect(sent.map((message) => message.body)).toEqual(
        Array.from({ length: total }, (_, index) => `m${index}`),
      );
      expect(await seqs(channelId)).toEqual(range(total));
      // Every id announced once, in seq order, at most MAX_PER_CHANNEL per statement: so the
      // sends did go in several statements (at least three past the first).
      const ids = sent.map((message) => message.id);
      await expect.poll(() => announced.flat().length, { timeout: 10_000 }).toBe(total);
      expect(announced.flat()).toEqual(ids);
      expect(announced.length).toBeGreaterThanOrEqual(Math.ceil(total / MAX_PER_CHANNEL));
      for (const notice of announced) expect(notice.length).toBeLessThanOrEqual(MAX_PER_CHANNEL);
    } finally {
      await stop();
    }
  });

  it('answers each caller on its own when the batch statement fails as a whole', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: alice, role: 'student' }],
    });
    const channelId = channelIds[0]!;
    // The first send goes at once; the rest wait for it and go together in the next statement,
    // which one body PostgreSQL cannot store (a NUL character) makes fail as a whole.
    const sends = [
      services.sendQueue.send(alice, input(classId, channelId, 'first'), null),
      services.sendQueue.send(alice, input(classId, channelId, 'before'), null),
      services.sendQueue.send(alice, input(classId, channelId, 'bad \u0000 body'), null),
      services.sendQueue.send(alice, input(classId, channelId, 'after'), null),
    ];
    const outcomes = await Promise.allSettled(sends);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const bodies = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [(outcome.value as Message).body] : [],
    );
    expect(bodies).toEqual(['first', 'before', 'after']);
    expect(await seqs(channelId)).toEqual([1, 2, 3]);
  });
});
