// Issue 33 point 4, at the default limits (LIVE_MUTATIONS_PER_SECOND 10, burst 40; signals 20, burst
// 60): a person in a lively discussion sends 3 messages a second for 10 seconds, interleaved as the
// web client interleaves them — a typing notice as they start each message, the send, the typing
// notice cleared after it, a read mark for their own message and for each classmate's message (a
// classmate also writes 3 a second), an online notice on entering — and none is refused. Before the
// signals had their own budget the same 10 seconds spent about 151 changes from a budget of 140
// (the replay test below runs that schedule through the limiters with one shared budget: refused). A flood of 50 sends a second is
// still refused, as is a flood of signals, and a refused send wrote nothing. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import { queryRows, type Database } from '../src/db/client';
import { MutationRateLimiter } from '../src/live/transport/limits';
import { signalPathsOf } from '../src/live/transport/socket';
import { appRouter } from '../src/router';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeConfig, startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { openRawSocket, type RawLiveSocket } from './rawSocket';

let database: Database;
/** A node with the default limits, as `npm start` runs. */
let node: Awaited<ReturnType<typeof startListening>>;
const sockets: RawLiveSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  node = await startListening(database);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await node.app.close();
  await database.close();
});

type Answer = {
  id?: number;
  t?: string;
  d?: { seq?: number };
  e?: { message: string; data: { code: string } };
};

/** A person's live socket, speaking the protocol as the web client does. */
async function client(user: TestUser, classId: string, channelId: string) {
  const socket = await openRawSocket(node.url, { origin: node.url, cookie: user.cookie });
  sockets.push(socket);
  const ref = { class_id: classId, channel_id: channelId };
  let requestId = 0;
  const call = (p: string, i: Record<string, unknown>): Promise<Answer> => {
    const id = ++requestId;
    socket.send({ t: 'm', id, p, i });
    return socket.waitFor((frame) => (frame as Answer).id === id, 10_000) as Promise<Answer>;
  };
  return {
    send: (body: string) =>
      call('messages.send', { id: makeRecordId('msg', user.uid), ...ref, body }),
    typing: () => call('channels.notify', { ...ref, type: 'user_typing' }),
    online: () => call('channels.notify', { ...ref, type: 'user_online' }),
    clearTyping: () => call('channels.clearTyping', ref),
    markRead: (seq: number) => call('channels.markRead', { ...ref, seq }),
  };
}

async function classOfTwo() {
  const ada = await signUpUser(node.app, node.url, 'Lovelace, Ada');
  const bob = await signUpUser(node.app, node.url, 'Babbage, Bob');
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: ada, role: 'student' },
      { user: bob, role: 'student' },
    ],
  });
  return { ada, bob, classId, channelId: channelIds[0]! };
}

async function messagesBy(uid: string, classId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from messages where class_id = ${classId} and author_uid = ${uid}`,
  );
  return row?.n ?? 0;
}

const refusedOnes = (answers: Answer[]) =>
  answers.filter((answer) => answer.e?.data.code === 'TOO_MANY_REQUESTS');

/**
 * Ada's mutations in the lively discussion, at the exact pace: [ms from the start, path]. The
 * order within a tick is the web client's (typing as the message starts, the send, the typing
 * notice cleared, the read mark of her message, then of the classmate's).
 */
function discussion(): Array<[number, string]> {
  const calls: Array<[number, string]> = [[0, 'channels.notify']];
  for (let tick = 0; tick < 30; tick += 1) {
    const at = Math.round((tick * 1000) / 3);
    calls.push(
      [at, 'channels.notify'],
      [at + 20, 'messages.send'],
      [at + 40, 'channels.clearTyping'],
      [at + 60, 'channels.markRead'],
      [at + 80, 'channels.markRead'],
    );
  }
  return calls;
}

/** How many of `calls` the socket's limiters refuse, `split` as now or with one shared budget. */
function refusedInReplay(calls: Array<[number, string]>, split: boolean): number {
  const { live } = makeConfig();
  let now = 0;
  const changes = new MutationRateLimiter(live.mutationsPerSecond, live.mutationBurst, () => now);
  const signals = new MutationRateLimiter(live.signalsPerSecond, live.signalBurst, () => now);
  const signalPaths = signalPathsOf(appRouter);
  let refused = 0;
  for (const [at, path] of calls) {
    now = at;
    const budget = split && signalPaths.has(path) ? signals : changes;
    if (!budget.take('ada')) refused += 1;
  }
  return refused;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`the signal budget at the default limits (${testDatabaseKind})`, () => {
  it('refuses none of 3 messages a second for 10 seconds with typing, clearing and read marks between', async () => {
    const { ada, bob, classId, channelId } = await classOfTwo();
    const mine = await client(ada, classId, channelId);
    const classmate = await client(bob, classId, channelId);
    const answers: Answer[] = [await mine.online()];
    const sends: Answer[] = [];
    const started = Date.now();
    // Ticks of 1/3 s: at each, Ada types and sends one message (and marks it read once it has its
    // seq), and Bob writes one, which Ada's open channel marks read as it arrives. Each person's
    // turn follows their previous one (on a loaded machine the pace can only slow down, which
    // never makes a refusal more likely; the replay below holds the exact pace).
    let ownTurn: Promise<unknown> = Promise.resolve();
    let classmateTurn: Promise<unknown> = Promise.resolve();
    for (let tick = 0; tick < 30; tick += 1) {
      await pause(Math.max(0, started + tick * (1000 / 3) - Date.now()));
      ownTurn = ownTurn.then(async () => {
        answers.push(await mine.typing());
        const sent = await mine.send(`Point ${tick + 1}`);
        sends.push(sent);
        answers.push(await mine.clearTyping());
        if (sent.d?.seq) answers.push(await mine.markRead(sent.d.seq));
      });
      classmateTurn = classmateTurn.then(async () => {
        const theirs = await classmate.send(`Reply ${tick + 1}`);
        if (theirs.d?.seq) answers.push(await mine.markRead(theirs.d.seq));
      });
    }
    await Promise.all([ownTurn, classmateTurn]);
    expect(sends).toHaveLength(30);
    expect(refusedOnes([...sends, ...answers])).toEqual([]);
    expect(sends.filter((answer) => answer.e)).toEqual([]);
    // 151 mutations from Ada: 1 online, and 30 each of typing, send, clear and two read marks.
    expect(sends.length + answers.length).toBe(151);
    expect(await messagesBy(ada.uid, classId)).toBe(30);
  });

  // The same schedule at its exact pace through the socket's limiters (a clock of our own): with one
  // budget for all, as before issue 33, a dozen of the 151 are refused; with signals apart, none.
  it('replays the discussion at its exact pace: refused with one shared budget, none with two', () => {
    const calls = discussion();
    expect(calls).toHaveLength(151);
    expect(refusedInReplay(calls, false)).toBeGreaterThan(0);
    expect(refusedInReplay(calls, true)).toBe(0);
    // A flood of 50 sends a second for 3 seconds is refused either way.
    const flood = Array.from({ length: 150 }, (_, n): [number, string] => [
      n * 20,
      'messages.send',
    ]);
    expect(refusedInReplay(flood, true)).toBeGreaterThan(0);
  });

  it('still refuses a flood of 50 sends a second, writing none of the refused ones', async () => {
    const { ada, classId, channelId } = await classOfTwo();
    const mine = await client(ada, classId, channelId);
    const started = Date.now();
    // Three seconds at 50 a second: 150 sends, in ticks of 100 ms of 5 each (none waits for an
    // answer: a flood does not).
    const flood: Promise<Answer>[] = [];
    for (let tick = 0; tick < 30; tick += 1) {
      await pause(Math.max(0, started + tick * 100 - Date.now()));
      for (let n = 0; n < 5; n += 1) flood.push(mine.send(`Flood ${tick}.${n}`));
    }
    const sends = await Promise.all(flood);
    const seconds = (Date.now() - started) / 1000;
    const accepted = sends.filter((answer) => !answer.e).length;
    const refused = refusedOnes(sends);
    // A burst of 40, then 10 a second.
    expect(accepted).toBeLessThanOrEqual(40 + Math.ceil(seconds * 10));
    expect(refused.length).toBe(150 - accepted);
    expect(new Set(refused.map((answer) => answer.e?.message))).toEqual(
      new Set(['Too many changes in a short time. Wait a moment and try again.']),
    );
    expect(await messagesBy(ada.uid, classId)).toBe(accepted);
  });

  it('still refuses a flood of typing notices, and sending stays open', async () => {
    const { ada, classId, channelId } = await classOfTwo();
    const mine = await client(ada, classId, channelId);
    const started = Date.now();
    const signals: Answer[] = [];
    for (let n = 0; n < 150; n += 1) signals.push(await mine.typing());
    const seconds = (Date.now() - started) / 1000;
    const accepted = signals.filter((answer) => !answer.e).length;
    // A burst of 60, then 20 a second.
    expect(accepted).toBeLessThanOrEqual(60 + Math.ceil(seconds * 20));
    expect(refusedOnes(signals).length).toBe(150 - accepted);
    const sent = await mine.send('Still allowed to speak');
    expect(sent.e).toBeUndefined();
  });
});
