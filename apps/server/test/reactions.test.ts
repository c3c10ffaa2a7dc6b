// Reactions, mentions and notification levels (docs/channels.md#reactions, #mentions,
// #notifications): who may react, the limits, live delivery as the message's next version over real
// sockets, a deleted message's reactions gone; @channel refused to students; mention counts in the
// channel list; a person's notification level. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  makeRecordId,
  mentionToken,
  MAX_REACTIONS_PER_MESSAGE,
  MAX_REACTIONS_PER_USER,
  type ChannelView,
  type LiveEvent,
  type Message,
} from '@seminar/shared';
import type { Database } from '../src/db/client';
import { messages } from '../src/db/schema';
import type { Services } from '../src/services';
import { callerFor } from './callers';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let services: Services;
let teacher: TestUser;
let pupil: TestUser;
let outsider: TestUser;
let classmate: TestUser;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database);
  services = server.runtime.services!;
  teacher = await signUpUser(server.app, server.url, 'Teach, Tara');
  pupil = await signUpUser(server.app, server.url, 'Pupil, Pia');
  outsider = await signUpUser(server.app, server.url, 'Outside, Otto');
  classmate = await signUpUser(server.app, server.url, 'Mate, Max');
}, 60_000);
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

/** A class with the teacher and the pupil, a public channel and a private one without the pupil. */
async function setUp() {
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
      { user: classmate, role: 'student' },
    ],
    channels: [
      { name: 'general', is_public: true },
      { name: 'staff', is_public: false },
    ],
  });
  const other = await createClassFixture(database.db, {
    members: [{ user: outsider, role: 'student' }],
  });
  const general = { class_id: classId, channel_id: channelIds[0]! };
  const staff = { class_id: classId, channel_id: channelIds[1]! };
  const send = (user: TestUser, ref: typeof general, body: string) =>
    callerFor(services, user).messages.send({
      id: makeRecordId('msg', user.uid),
      ...ref,
      body,
    });
  const otherClass = { class_id: other.classId, channel_id: other.channelIds[0]! };
  return { general, staff, otherClass, send };
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

describe(`reactions (${testDatabaseKind})`, () => {
  it('reach another person live as the message’s next version, with who reacted', async () => {
    const { general, send } = await setUp();
    const message = await send(teacher, general, 'Reading for Monday: chapter 3');
    const log = new EventLog<LiveEvent<Message>>();
    live(teacher).trpc.messages.live.subscribe(general, {
      onData: (event) => log.push(event.data),
      onError: (error) => log.fail(error),
    });
    await log.until((events) => events.some((event) => event.type === 'snapshot'));

    const reacted = await live(pupil).trpc.messages.react.mutate({
      id: message.id,
      emoji: '👍',
      on: true,
    });
    expect(reacted.reactions).toEqual([{ emoji: '👍', uids: [pupil.uid] }]);
    expect(reacted.version).toBeGreaterThan(message.version);
    await log.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' &&
          event.rows.some(
            (row) => row.id === message.id && row.reactions[0]?.uids[0] === pupil.uid,
          ),
      ),
    );

    // Adding it again changes nothing; removing it sends the message without it.
    const again = await callerFor(services, pupil).messages.react({
      id: message.id,
      emoji: '👍',
      on: true,
    });
    expect(again.version).toBe(reacted.version);
    await callerFor(services, pupil).messages.react({ id: message.id, emoji: '👍', on: false });
    await log.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' &&
          event.rows.some((row) => row.id === message.id && row.reactions.length === 0),
      ),
    );
  });

  it('answers another class’s message and a private channel’s as a missing one', async () => {
    const { staff, otherClass, send } = await setUp();
    const hidden = await send(teacher, staff, 'staff only');
    const elsewhere = await send(outsider, otherClass, 'another class');
    const react = (id: string) =>
      errorOf(callerFor(services, pupil).messages.react({ id, emoji: '🎉', on: true }));
    const missing = await react('msg_that_never_existed');
    expect(missing).toEqual({ code: 'NOT_FOUND', message: 'Message not found.' });
    expect(await react(hidden.id)).toEqual(missing);
    expect(await react(elsewhere.id)).toEqual(missing);
    const [row] = await database.db.select().from(messages).where(eq(messages.id, hidden.id));
    expect(row?.reactions).toEqual([]);
    expect(
      await errorOf(
        callerFor(services, pupil).messages.react({
          id: hidden.id,
          emoji: 'not an emoji',
          on: true,
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('bounds the different reactions on a message and one person’s', async () => {
    const { general, send } = await setUp();
    const message = await send(teacher, general, 'React away');
    const emoji = ['😀', '😁', '😂', '🤣', '😃', '😄', '😅', '😆', '😉', '😊', '😋', '😎'];
    const pupilCalls = callerFor(services, pupil);
    for (const one of emoji.slice(0, MAX_REACTIONS_PER_USER))
      await pupilCalls.messages.react({ id: message.id, emoji: one, on: true });
    expect(
      await errorOf(
        pupilCalls.messages.react({
          id: message.id,
          emoji: emoji[MAX_REACTIONS_PER_USER]!,
          on: true,
        }),
      ),
    ).toEqual({
      code: 'FORBIDDEN',
      message: `You can add at most ${MAX_REACTIONS_PER_USER} reactions to one message.`,
    });
    const teacherCalls = callerFor(services, teacher);
    const more = ['🐶', '🐱', '🐭', '🐹', '🐰', '🦊', '🐻', '🐼', '🐨', '🐯', '🦁'];
    for (const one of more.slice(0, MAX_REACTIONS_PER_MESSAGE - MAX_REACTIONS_PER_USER))
      await teacherCalls.messages.react({ id: message.id, emoji: one, on: true });
    const mateCalls = callerFor(services, classmate);
    expect(
      await errorOf(mateCalls.messages.react({ id: message.id, emoji: '🦄', on: true })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: `A message can have at most ${MAX_REACTIONS_PER_MESSAGE} different reactions.`,
    });
    // Joining an emoji that is there is always fine.
    const joined = await mateCalls.messages.react({ id: message.id, emoji: '😀', on: true });
    expect(joined.reactions).toHaveLength(MAX_REACTIONS_PER_MESSAGE);
    expect(joined.reactions[0]).toEqual({ emoji: '😀', uids: [pupil.uid, classmate.uid] });
  });

  it('go with a deleted message', async () => {
    const { general, send } = await setUp();
    const message = await send(pupil, general, 'Oops');
    await callerFor(services, teacher).messages.react({ id: message.id, emoji: '👀', on: true });
    const deleted = await callerFor(services, pupil).messages.delete({ id: message.id });
    expect(deleted.reactions).toEqual([]);
    const [row] = await database.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row?.reactions).toEqual([]);
    expect(
      await errorOf(
        callerFor(services, teacher).messages.react({ id: message.id, emoji: '👀', on: true }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'Message not found.' });
  });
});

/** The viewer's channel list, folded from the live query. */
function watchChannels(user: TestUser, classId: string) {
  const rows = new Map<string, ChannelView>();
  const log = new EventLog<LiveEvent<ChannelView>>();
  live(user).trpc.channels.live.subscribe(
    { class_id: classId },
    {
      onData: (event) => {
        if (event.type === 'snapshot') rows.clear();
        if (event.type === 'snapshot' || event.type === 'upsert')
          for (const row of event.rows) rows.set(row.channel_id, row);
        log.push(event);
      },
      onError: (error) => log.fail(error),
    },
  );
  return { rows, log };
}

const within = (ms: number) => ({ timeout: ms, interval: 25 });

describe(`mentions (${testDatabaseKind})`, () => {
  it('refuses @channel from a student, in a post and an edit, and takes it from an instructor', async () => {
    const { general, send } = await setUp();
    expect(await errorOf(send(pupil, general, 'Hey @channel, look'))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only instructors can mention @channel.',
    });
    const mine = await send(pupil, general, 'Hey all');
    expect(
      await errorOf(
        callerFor(services, pupil).messages.edit({ id: mine.id, body: 'Hey @channel' }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: 'Only instructors can mention @channel.' });
    // "@channels" or an address is not the mention.
    await send(pupil, general, 'see @channels and me@channel.org');
    const posted = await send(teacher, general, '@channel quiz at 10');
    const [row] = await database.db.select().from(messages).where(eq(messages.id, posted.id));
    expect(row?.mentions_channel).toBe(true);
  });

  it('counts unread mentions apart from unread, live, until read', async () => {
    const { general, send } = await setUp();
    const view = watchChannels(pupil, general.class_id);
    await view.log.until((events) => events.some((event) => event.type === 'snapshot'));
    await send(teacher, general, 'no mention here');
    await send(teacher, general, `Question for ${mentionToken(pupil.uid)}?`);
    await expect
      .poll(() => view.rows.get(general.channel_id)?.mention_count, within(5_000))
      .toBe(1);
    await send(teacher, general, '@channel and again');
    await expect
      .poll(() => view.rows.get(general.channel_id)?.mention_count, within(5_000))
      .toBe(2);
    const row = view.rows.get(general.channel_id)!;
    expect(row.last_seq - row.last_read_seq).toBe(3);
    // One's own mention of oneself does not count.
    await send(pupil, general, `note to ${mentionToken(pupil.uid)}`);
    await callerFor(services, pupil).channels.markRead({ ...general, seq: 4 });
    await expect
      .poll(() => view.rows.get(general.channel_id)?.mention_count, within(5_000))
      .toBe(0);
  });
});

describe(`notification levels (${testDatabaseKind})`, () => {
  it('keeps each person’s level per channel, in their list only', async () => {
    const { general, staff } = await setUp();
    const pupilView = watchChannels(pupil, general.class_id);
    const teacherView = watchChannels(teacher, general.class_id);
    await pupilView.log.until((events) => events.some((event) => event.type === 'snapshot'));
    await teacherView.log.until((events) => events.some((event) => event.type === 'snapshot'));
    expect(pupilView.rows.get(general.channel_id)?.notify).toBe('all');
    await callerFor(services, pupil).channels.setNotify({ ...general, notify: 'mentions' });
    await expect
      .poll(() => pupilView.rows.get(general.channel_id)?.notify, within(5_000))
      .toBe('mentions');
    expect(teacherView.rows.get(general.channel_id)?.notify).toBe('all');
    // A channel one cannot see: the same answer as one that does not exist.
    const hidden = await errorOf(
      callerFor(services, pupil).channels.setNotify({ ...staff, notify: 'none' }),
    );
    const missing = await errorOf(
      callerFor(services, pupil).channels.setNotify({
        ...general,
        channel_id: 'channel_never',
        notify: 'none',
      }),
    );
    expect(hidden).toEqual({ code: 'NOT_FOUND', message: 'Channel not found.' });
    expect(hidden).toEqual(missing);
  });
});
