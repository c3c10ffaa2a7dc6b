// The live data layer on one node: listen-before-snapshot, exactly once, access loss, idempotent
// creates, ordered streams and resume; on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  applyLiveEvent,
  emptyLiveState,
  makeRecordId,
  type LiveEvent,
  type Message,
} from '@seminar/shared';
import { classMemberRemover } from '../src/classes/memberCommands';
import { queryRows, type Database } from '../src/db/client';
import { channels, messages } from '../src/db/schema';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import WebSocket from 'ws';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let instructor: TestUser;
let student: TestUser;
let outsider: TestUser;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // These tests send bursts from the same two users; the per-user mutation limit has its own tests
  // (liveLimits.test.ts), so it must not decide these.
  server = await startListening(database, {
    LIVE_MUTATIONS_PER_SECOND: '1000',
    LIVE_MUTATION_BURST: '1000',
  });
  instructor = await signUpUser(server.app, server.url, 'Curie, Marie');
  student = await signUpUser(server.app, server.url, 'Noether, Emmy');
  outsider = await signUpUser(server.app, server.url, 'Turing, Alan');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.app.close();
  await database.close();
});

function live(user?: TestUser): LiveTestClient {
  const client = connectLive(server.url, user ? { cookie: user.cookie } : {});
  clients.push(client);
  return client;
}

type Tracked = { id: string; data: LiveEvent<Message> };

function subscribeMessages(
  client: LiveTestClient,
  classId: string,
  channelId: string,
  lastEventId?: string,
) {
  const log = new EventLog<LiveEvent<Message>>();
  const ids: string[] = [];
  const subscription = client.trpc.messages.live.subscribe(
    { class_id: classId, channel_id: channelId, ...(lastEventId ? { lastEventId } : {}) },
    {
      onData: (value) => {
        const tracked = value as unknown as Tracked;
        ids.push(tracked.id);
        log.push(tracked.data);
      },
      onError: (error) => log.fail(error),
    },
  );
  return { log, subscription, lastId: () => ids.at(-1) };
}

const send = (
  client: LiveTestClient,
  user: TestUser,
  classId: string,
  channelId: string,
  body: string,
  id?: string,
) =>
  client.trpc.messages.send.mutate({
    id: id ?? makeRecordId('msg', user.uid),
    class_id: classId,
    channel_id: channelId,
    body,
  });

const rowsOf = (events: LiveEvent<Message>[]) =>
  events.flatMap((event) =>
    event.type === 'snapshot' || event.type === 'upsert' ? event.rows : [],
  );
const fold = (events: LiveEvent<Message>[]) =>
  events.reduce(
    (state, event) => applyLiveEvent(state, event, (row) => row.id),
    emptyLiveState<Message>(),
  );

describe(`live messages (${testDatabaseKind})`, () => {
  it('sends a snapshot, then new messages to every subscriber, in seq order', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: instructor, role: 'instructor' },
        { user: student, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    const teacher = live(instructor);
    await send(teacher, instructor, classId, channelId, 'before anyone listens');
    const watcher = subscribeMessages(live(student), classId, channelId);
    await watcher.log.until((events) => events.some((event) => event.type === 'snapshot'));
    expect(rowsOf(watcher.log.events).map((row) => row.body)).toEqual(['before anyone listens']);

    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        send(teacher, instructor, classId, channelId, `burst ${index}`),
      ),
    );
    await watcher.log.until((events) => rowsOf(events).length === 11);
    const seqs = rowsOf(watcher.log.events).map((row) => row.seq);
    expect(seqs).toEqual(Array.from({ length: 11 }, (_, index) => index + 1));
    expect(new Set(sent.map((message) => message.seq)).size).toBe(10);
    expect(rowsOf(watcher.log.events)[1]?.author_name).toBe('Marie Curie');
    watcher.subscription.unsubscribe();
  });

  it('delivers a write that races the subscribe exactly once', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: instructor, role: 'instructor' },
        { user: student, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    const writer = live(instructor);
    const reader = live(student);
    // Which way each round's write reached the subscriber: in its snapshot, or as a change after.
    const paths = { snapshot: 0, change: 0 };
    for (let round = 0; round < 80 && (paths.snapshot < 3 || paths.change < 3); round += 1) {
      const id = makeRecordId('msg', instructor.uid);
      // The write and the subscribe race: in turn the subscribe leaves first, or the write leaves
      // first and the subscribe follows a few turns of the event loop later (1, 4 or 16), so some
      // rounds it lands in the snapshot, some as a change.
      const lead = round % 4;
      let watcher: ReturnType<typeof subscribeMessages>;
      let sending: ReturnType<typeof send>;
      if (lead === 0) {
        watcher = subscribeMessages(reader, classId, channelId);
        sending = send(writer, instructor, classId, channelId, `race ${round}`, id);
      } else {
        sending = send(writer, instructor, classId, channelId, `race ${round}`, id);
        for (let turn = 0; turn < 4 ** (lead - 1); turn += 1)
          await new Promise((resolve) => setImmediate(resolve));
        watcher = subscribeMessages(reader, classId, channelId);
      }
      await sending;
      await watcher.log.until((events) => rowsOf(events).some((row) => row.id === id));
      const first = watcher.log.events.find(
        (event) =>
          (event.type === 'snapshot' || event.type === 'upsert') &&
          event.rows.some((row) => row.id === id),
      );
      paths[first?.type === 'snapshot' ? 'snapshot' : 'change'] += 1;
      // A later message comes after it in seq order: once that is here, a second copy of the raced
      // one would have come before it.
      const later = makeRecordId('msg', instructor.uid);
      await send(writer, instructor, classId, channelId, `after ${round}`, later);
      await watcher.log.until((events) => rowsOf(events).some((row) => row.id === later));
      expect(rowsOf(watcher.log.events).filter((row) => row.id === id)).toHaveLength(1);
      watcher.subscription.unsubscribe();
    }
    // Both branches were raced, or the test proved nothing about the one it missed.
    expect(paths.snapshot).toBeGreaterThanOrEqual(3);
    expect(paths.change).toBeGreaterThanOrEqual(3);
  });

  it('makes one row for a retried create, however the retries race', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      // The instructor is a member, so the id is refused as taken, not the class as unknown.
      members: [
        { user: student, role: 'student' },
        { user: instructor, role: 'instructor' },
      ],
    });
    const client = live(student);
    const id = makeRecordId('msg', student.uid);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(client, student, classId, channelIds[0]!, 'hello once', id),
      ),
    );
    expect(new Set(results.map((message) => message.seq))).toEqual(new Set([1]));
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from messages where id = ${id}`,
    );
    expect(count?.n).toBe(1);
    // The same id from another author is a conflict, not a second row.
    await expect(
      send(live(instructor), instructor, classId, channelIds[0]!, 'hijack', id),
    ).rejects.toMatchObject({
      message: 'That message id is already taken.',
      data: { code: 'CONFLICT' },
    });
  });

  it('ends the stream of a member who is removed: the rows go, then nothing later', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: instructor, role: 'instructor' },
        { user: student, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    const teacher = live(instructor);
    await send(teacher, instructor, classId, channelId, 'welcome');
    const pupil = live(student);
    const watcher = subscribeMessages(pupil, classId, channelId);
    const staff = subscribeMessages(teacher, classId, channelId);
    await watcher.log.until((events) => rowsOf(events).length === 1);

    await classMemberRemover(database.db, instructor, {
      class_id: classId,
      uid: student.uid,
      role: 'student',
    });
    await watcher.log.until((events) => events.some((event) => event.type === 'end'));
    // A stream's end takes every row it sent away (the client keeps nothing of an ended query).
    expect(watcher.log.events.at(-1)).toMatchObject({ type: 'end' });
    expect(fold(watcher.log.events).rows.size).toBe(0);

    const countBefore = watcher.log.events.length;
    await send(teacher, instructor, classId, channelId, 'after the removal');
    // The hub has handled the message once a member has it; anything it wrote to the removed
    // student's socket then comes before the answer to a request that socket sends now.
    await staff.log.until((events) =>
      rowsOf(events).some((row) => row.body === 'after the removal'),
    );
    await pupil.trpc.channels.prewarm
      .query({ class_id: classId, channel_id: channelId })
      .catch(() => undefined);
    expect(watcher.log.events).toHaveLength(countBefore);
    expect(rowsOf(watcher.log.events).some((row) => row.body === 'after the removal')).toBe(false);
    // A new subscription is refused the same way as a channel that does not exist.
    const again = subscribeMessages(live(student), classId, channelId);
    await expect(again.log.until(() => false, 5_000)).rejects.toThrow('Class not found.');
  });

  it('answers another class’s channel and a missing channel with the same error', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: instructor, role: 'instructor' }],
    });
    const client = live(outsider);
    const foreign = subscribeMessages(client, classId, channelIds[0]!);
    const missing = subscribeMessages(client, classId, 'no_such_channel');
    const errorOf = async (log: EventLog<unknown>) => {
      try {
        await log.until(() => false, 5_000);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const [foreignError, missingError] = await Promise.all([
      errorOf(foreign.log),
      errorOf(missing.log),
    ]);
    expect(foreignError).toBe('Class not found.');
    expect(missingError).toBe('Class not found.');
    await expect(send(client, outsider, classId, channelIds[0]!, 'intrusion')).rejects.toThrow(
      'Class not found.',
    );
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from messages where class_id = ${classId}`,
    );
    expect(count?.n).toBe(0);
  });

  it('resumes from the last event with nothing lost and nothing twice, edits included', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: instructor, role: 'instructor' },
        { user: student, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    const teacher = live(instructor);
    const first = await send(teacher, instructor, classId, channelId, 'one');
    await send(teacher, instructor, classId, channelId, 'two');
    const reader = live(student);
    const watcher = subscribeMessages(reader, classId, channelId);
    await watcher.log.until((events) => rowsOf(events).length === 2);
    const cursor = watcher.lastId();
    watcher.subscription.unsubscribe();
    await reader.close();

    await send(teacher, instructor, classId, channelId, 'three');
    await teacher.trpc.messages.edit.mutate({ id: first.id, body: 'one (edited)' });
    await send(teacher, instructor, classId, channelId, 'four');

    const resumed = subscribeMessages(live(student), classId, channelId, cursor);
    await resumed.log.until((events) => rowsOf(events).length >= 3);
    // A later message comes after whatever the resume would send: once it is here, nothing more
    // of the resume is on its way.
    await send(teacher, instructor, classId, channelId, 'five');
    await resumed.log.until((events) => rowsOf(events).some((row) => row.body === 'five'));
    expect(
      rowsOf(resumed.log.events)
        .map((row) => row.body)
        .filter((body) => body !== 'five')
        .sort(),
    ).toEqual(['four', 'one (edited)', 'three']);
    const state = fold([...watcher.log.events, ...resumed.log.events]);
    expect([...state.rows.values()].sort((a, b) => a.seq - b.seq).map((row) => row.body)).toEqual([
      'one (edited)',
      'two',
      'three',
      'four',
      'five',
    ]);
  });

  it('starts a stream over with a replacing newest page when a resume is too far behind', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: student, role: 'student' }],
    });
    const channelId = channelIds[0]!;
    const total = 1_100;
    await database.db.insert(messages).values(
      Array.from({ length: total }, (_, index) => ({
        id: `bulk_${channelId}_${index + 1}`,
        class_id: classId,
        channel_id: channelId,
        seq: index + 1,
        author_uid: student.uid,
        author_name: 'Emmy Noether',
        body: `bulk ${index + 1}`,
      })),
    );
    await database.db
      .update(channels)
      .set({ last_seq: total })
      .where(eq(channels.channel_id, channelId));
    const farBehind = subscribeMessages(live(student), classId, channelId, '3:0');
    await farBehind.log.until((events) => events.length > 0);
    const first = farBehind.log.events[0];
    expect(first).toMatchObject({ type: 'snapshot', replace: true });
    expect(rowsOf([first!]).map((row) => row.seq)).toEqual(
      Array.from({ length: 25 }, (_, index) => total - 24 + index),
    );
    const [at] = await database.db
      .select({ version: messages.version })
      .from(messages)
      .where(eq(messages.id, `bulk_${channelId}_${total - 2}`));
    const nearBy = subscribeMessages(
      live(student),
      classId,
      channelId,
      `${total - 2}:${at!.version}`,
    );
    await nearBy.log.until((events) => events.length > 0);
    expect(nearBy.log.events[0]).toMatchObject({ type: 'snapshot', replace: false });
    expect(rowsOf(nearBy.log.events).map((row) => row.seq)).toEqual([total - 1, total]);
  });

  it('refuses sockets without a session or from another origin', async () => {
    const upgradeStatus = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/live`, { headers });
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('error', reject);
      });
    expect(await upgradeStatus({ origin: server.url })).toBe(401);
    expect(await upgradeStatus({ origin: 'https://evil.example', cookie: student.cookie })).toBe(
      403,
    );
    expect(
      await upgradeStatus({ origin: server.url, cookie: 'better-auth.session_token=forged' }),
    ).toBe(401);
    expect(await upgradeStatus({ origin: server.url, cookie: student.cookie })).toBe(101);
    expect(await live(student).trpc.me.query()).toMatchObject({ uid: student.uid });
  });

  it('closes the sockets of a user who is disabled', async () => {
    const victim = await signUpUser(server.app, server.url, 'Doe, Jane');
    const client = live(victim);
    expect(await client.trpc.me.query()).toMatchObject({ uid: victim.uid });
    const { userDisabledSetter } = await import('../src/users/commands');
    await userDisabledSetter(database.db, victim.uid, true);
    await expect.poll(() => client.closes, { timeout: 5_000 }).toContain(4403);
  });

  it('keeps seq gap-free under concurrent senders', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: instructor, role: 'instructor' },
        { user: student, role: 'student' },
      ],
    });
    const channelId = channelIds[0]!;
    const a = live(instructor);
    const b = live(student);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? send(a, instructor, classId, channelId, `a${index}`)
          : send(b, student, classId, channelId, `b${index}`),
      ),
    );
    const rows = await database.db
      .select({ seq: messages.seq })
      .from(messages)
      .where(eq(messages.channel_id, channelId));
    expect(rows.map((row) => row.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });
});
