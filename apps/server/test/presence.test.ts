// Presence that is true: when a user's socket closes (a tab closed, signed out, cut off) or they
// leave the channel, their "online" and "typing" end for everyone at once — not a window later; a
// second tab of theirs keeps them online. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelNotificationView, LiveEvent } from '@seminar/shared';
import type { Database } from '../src/db/client';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let teacher: TestUser;
let pupil: TestUser;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database);
  teacher = await signUpUser(server.app, server.url, 'Watcher, Wendy');
  pupil = await signUpUser(server.app, server.url, 'Present, Pia');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.app.close();
  await database.close();
});

function live(user: TestUser): LiveTestClient {
  const client = connectLive(server.url, { cookie: user.cookie });
  clients.push(client);
  return client;
}

/** The teacher's view of who is online and typing in the channel, folded from the live query. */
function watchNotices(classId: string, channelId: string) {
  const log = new EventLog<LiveEvent<ChannelNotificationView>>();
  const shown = new Map<string, ChannelNotificationView>();
  live(teacher).trpc.channels.notifications.subscribe(
    { class_id: classId, channel_id: channelId },
    {
      onData: (event) => {
        if (event.type === 'snapshot' || event.type === 'upsert')
          for (const row of event.rows) shown.set(row.id, row);
        if (event.type === 'remove') for (const id of event.ids) shown.delete(id);
        log.push(event);
      },
      onError: (error) => log.fail(error),
    },
  );
  const has = (type: string) =>
    [...shown.values()].some((row) => row.from === pupil.uid && row.type === type);
  return { log, has };
}

/** Open live sockets on the node, as /metrics counts them. */
async function liveSockets(): Promise<number> {
  const page = await (await fetch(`${server.url}/metrics`)).text();
  const line = page.split('\n').find((row) => row.startsWith('seminar_live_sockets '));
  if (!line) throw new Error('/metrics has no seminar_live_sockets');
  return Number(line.slice('seminar_live_sockets '.length));
}

async function setUp() {
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
  });
  const ref = { class_id: classId, channel_id: channelIds[0]! };
  const view = watchNotices(classId, ref.channel_id);
  await view.log.until((events) => events.some((event) => event.type === 'snapshot'));
  return { ref, view };
}

const within = (ms: number) => ({ timeout: ms, interval: 20 });

describe(`presence that is true (${testDatabaseKind})`, () => {
  it('ends a user’s online and typing within 2 s of their socket closing', async () => {
    const { ref, view } = await setUp();
    const tab = live(pupil);
    await tab.trpc.channels.notify.mutate({ ...ref, type: 'user_online' });
    await tab.trpc.channels.notify.mutate({ ...ref, type: 'user_typing' });
    await expect
      .poll(() => view.has('user_online') && view.has('user_typing'), within(2_000))
      .toBe(true);
    await tab.close();
    await expect
      .poll(() => view.has('user_online') || view.has('user_typing'), within(2_000))
      .toBe(false);
  });

  it('keeps a user online while another of their tabs is still open', async () => {
    const { ref, view } = await setUp();
    const first = live(pupil);
    const second = live(pupil);
    await first.trpc.channels.notify.mutate({ ...ref, type: 'user_online' });
    await second.trpc.channels.notify.mutate({ ...ref, type: 'user_online' });
    await expect.poll(() => view.has('user_online'), within(2_000)).toBe(true);
    const open = await liveSockets();
    await first.close();
    // The node has disposed of the first tab's socket (and run its release, had it been due) once its
    // socket count drops; the second tab's typing is written after that, so it comes after any
    // wrong "offline" too.
    await expect.poll(liveSockets, within(2_000)).toBe(open - 1);
    await second.trpc.channels.notify.mutate({ ...ref, type: 'user_typing' });
    await expect.poll(() => view.has('user_typing'), within(2_000)).toBe(true);
    expect(view.has('user_online')).toBe(true);
    await second.close();
    await expect.poll(() => view.has('user_online'), within(2_000)).toBe(false);
  });

  it('ends presence at once when the user leaves the channel, and typing when they clear it', async () => {
    const { ref, view } = await setUp();
    const tab = live(pupil);
    await tab.trpc.channels.notify.mutate({ ...ref, type: 'user_typing' });
    await expect.poll(() => view.has('user_typing'), within(2_000)).toBe(true);
    await tab.trpc.channels.clearTyping.mutate(ref);
    await expect.poll(() => view.has('user_typing'), within(2_000)).toBe(false);
    await tab.trpc.channels.notify.mutate({ ...ref, type: 'user_online' });
    await expect.poll(() => view.has('user_online'), within(2_000)).toBe(true);
    await tab.trpc.channels.leave.mutate(ref);
    await expect.poll(() => view.has('user_online'), within(2_000)).toBe(false);
    // Having left, closing the socket changes nothing more.
    await tab.close();
  });
});
