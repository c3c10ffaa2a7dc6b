// Polls (docs/polls.md): post, vote, change, close, live over real sockets, secrecy of anonymous
// polls in every wire shape, results hidden from students until close, refusals that change
// nothing. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeRecordId, type LiveEvent, type Message, type PollView } from '@seminar/shared';
import type { Database } from '../src/db/client';
import { messages, pollBallots, polls } from '../src/db/schema';
import type { Services } from '../src/services';
import { callerFor, collect } from './callers';
import { createTestDatabase } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let services: Services;
let teacher: TestUser;
let admin: TestUser;
let ada: TestUser;
let bob: TestUser;
let outsider: TestUser;
const clients: LiveTestClient[] = [];

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database);
  services = server.runtime.services!;
  teacher = await signUpUser(server.app, server.url, 'Teach, Tara');
  admin = await signUpUser(server.app, server.url, 'Admin, Alma');
  ada = await signUpUser(server.app, server.url, 'Lovelace, Ada');
  bob = await signUpUser(server.app, server.url, 'Builder, Bob');
  outsider = await signUpUser(server.app, server.url, 'Outside, Otto');
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

async function setUp() {
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: admin, role: 'admin' },
      { user: ada, role: 'student' },
      { user: bob, role: 'student' },
    ],
    channels: [
      { name: 'general', is_public: true },
      { name: 'staff', is_public: false },
      { name: 'archive', is_public: true, enabled: false },
    ],
  });
  await createClassFixture(database.db, { members: [{ user: outsider, role: 'student' }] });
  const general = { class_id: classId, channel_id: channelIds[0]! };
  const staff = { class_id: classId, channel_id: channelIds[1]! };
  const archive = { class_id: classId, channel_id: channelIds[2]! };
  const create = (
    user: TestUser,
    extra: Partial<{ multiple: boolean; anonymous: boolean; results: 'live' | 'closed' }> = {},
    ref = general,
  ) =>
    callerFor(services, user).polls.create({
      id: makeRecordId('msg', user.uid),
      ...ref,
      question: 'Which market first?',
      options: ['Brazil', 'India', 'Japan'],
      ...extra,
    });
  const vote = (user: TestUser, id: string, option_ids: string[]) =>
    callerFor(services, user).polls.vote({ id, option_ids });
  return { general, staff, archive, create, vote };
}

/** Subscribes `user` to a channel's polls over a real socket; the log holds every event. */
async function watchPolls(user: TestUser, ref: { class_id: string; channel_id: string }) {
  const log = new EventLog<LiveEvent<PollView>>();
  live(user).trpc.polls.live.subscribe(ref, {
    onData: (event) => log.push(event as LiveEvent<PollView>),
    onError: (error) => log.fail(error),
  });
  await log.until((events) => events.some((event) => event.type === 'snapshot'));
  return log;
}

/** The newest version of a poll a live log has. */
function latest(log: EventLog<LiveEvent<PollView>>, id: string): PollView | undefined {
  let found: PollView | undefined;
  for (const event of log.events)
    if (event.type === 'snapshot' || event.type === 'upsert')
      for (const row of event.rows) if (row.id === id) found = row;
  return found;
}

describe('polls', () => {
  it('posts a poll as a message of the channel, and a retry gets the same poll', async () => {
    const { general } = await setUp();
    const stream = new EventLog<LiveEvent<Message>>();
    live(ada).trpc.messages.live.subscribe(general, {
      onData: (event) => stream.push((event as { data: LiveEvent<Message> }).data),
      onError: (error) => stream.fail(error),
    });
    await stream.until((events) => events.some((event) => event.type === 'snapshot'));
    const id = makeRecordId('msg', teacher.uid);
    const input = { id, ...general, question: 'Q?', options: ['A', 'B'] };
    const poll = await callerFor(services, teacher).polls.create(input);
    expect(poll).toMatchObject({
      id,
      question: 'Q?',
      multiple: false,
      anonymous: false,
      results: 'live',
      closed: false,
      options: [
        { id: 'o1', text: 'A', count: 0 },
        { id: 'o2', text: 'B', count: 0 },
      ],
      my_choice: [],
      voters: [],
      created_by_name: teacher.displayName,
    });
    await stream.until((events) =>
      events.some(
        (event) => event.type === 'upsert' && event.rows.some((row) => row.id === id && row.seq),
      ),
    );
    const [message] = await database.db.select().from(messages).where(eq(messages.id, id));
    expect(message?.body).toBe('📊 Poll: Q?\n- A\n- B');
    expect(await callerFor(services, teacher).polls.create(input)).toEqual(poll);
    expect(await database.db.select().from(polls).where(eq(polls.id, id))).toHaveLength(1);
  });

  it('counts votes live in every browser, lets a vote change, and closes live', async () => {
    const { general, create, vote } = await setUp();
    const teacherLog = await watchPolls(teacher, general);
    const bobLog = await watchPolls(bob, general);
    const poll = await create(admin);
    await teacherLog.until(() => latest(teacherLog, poll.id) !== undefined);
    const voted = await vote(ada, poll.id, ['o2']);
    expect(voted.my_choice).toEqual(['o2']);
    expect(voted.options.map((option) => option.count)).toEqual([0, 1, 0]);
    await vote(bob, poll.id, ['o2']);
    await bobLog.until(() => latest(bobLog, poll.id)?.voter_count === 2);
    expect(latest(bobLog, poll.id)?.my_choice).toEqual(['o2']);
    // Ada changes her mind: still one vote each.
    const changed = await vote(ada, poll.id, ['o3']);
    expect(changed.options.map((option) => option.count)).toEqual([0, 1, 1]);
    await teacherLog.until(() => latest(teacherLog, poll.id)?.options[2]?.count === 1);
    const seen = latest(teacherLog, poll.id)!;
    expect(seen.voter_count).toBe(2);
    // Named poll: staff see who chose what; students do not.
    expect(seen.voters).toEqual(
      expect.arrayContaining([
        { uid: ada.uid, name: 'Ada Lovelace', option_ids: ['o3'] },
        { uid: bob.uid, name: 'Bob Builder', option_ids: ['o2'] },
      ]),
    );
    expect(latest(bobLog, poll.id)?.voters).toBeNull();
    expect(JSON.stringify(bobLog.events)).not.toContain(ada.uid);
    // Close: live to everyone, and no vote after it.
    await expect(callerFor(services, bob).polls.close({ id: poll.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const closed = await callerFor(services, teacher).polls.close({ id: poll.id });
    expect(closed.closed).toBe(true);
    await bobLog.until(() => latest(bobLog, poll.id)?.closed === true);
    await expect(vote(bob, poll.id, ['o1'])).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This poll is closed: votes can no longer be cast or changed.',
    });
    const ballots = await database.db
      .select()
      .from(pollBallots)
      .where(eq(pollBallots.poll_id, poll.id));
    expect(ballots.map((ballot) => ballot.choice).sort()).toEqual([['o2'], ['o3']]);
  });

  it('takes several choices in a multiple-choice poll and one in a single-choice one', async () => {
    const { create, vote } = await setUp();
    const many = await create(teacher, { multiple: true });
    expect((await vote(ada, many.id, ['o3', 'o1'])).my_choice).toEqual(['o1', 'o3']);
    const one = await create(teacher);
    await expect(vote(ada, one.id, ['o1', 'o2'])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This poll takes one choice only.',
    });
  });

  it('keeps an anonymous poll secret in every wire shape, from staff too', async () => {
    const { general, create, vote } = await setUp();
    const teacherLog = await watchPolls(teacher, general);
    const adaLog = await watchPolls(ada, general);
    const bobLog = await watchPolls(bob, general);
    const poll = await create(teacher, { anonymous: true });
    const answers: unknown[] = [poll];
    answers.push(await vote(ada, poll.id, ['o1']));
    answers.push(await vote(bob, poll.id, ['o2']));
    answers.push(await vote(ada, poll.id, ['o3']));
    answers.push(await callerFor(services, teacher).polls.close({ id: poll.id }));
    await teacherLog.until(() => latest(teacherLog, poll.id)?.closed === true);
    await bobLog.until(() => latest(bobLog, poll.id)?.closed === true);
    await adaLog.until(() => latest(adaLog, poll.id)?.closed === true);
    const staffSees = latest(teacherLog, poll.id)!;
    expect(staffSees.voters).toBeNull();
    expect(staffSees.options.map((option) => option.count)).toEqual([0, 1, 1]);
    // Each sees their own choice, and only their own.
    expect(latest(adaLog, poll.id)?.my_choice).toEqual(['o3']);
    expect(latest(bobLog, poll.id)?.my_choice).toEqual(['o2']);
    expect(staffSees.my_choice).toEqual([]);
    // No shape anyone received names a voter: not a uid, not a name.
    const everything = JSON.stringify([answers, teacherLog.events, adaLog.events, bobLog.events]);
    for (const voter of [ada, bob]) {
      const words = [voter.uid, voter.displayName, voter.email];
      const own = voter === ada ? adaLog : bobLog;
      const others = JSON.stringify([
        answers,
        teacherLog.events,
        own === adaLog ? bobLog.events : adaLog.events,
      ]);
      for (const word of words) expect(others).not.toContain(word);
    }
    expect(everything).not.toContain('ballot');
    expect(everything).not.toContain('salt');
    // The database holds no voter id either: the ballots are keyed by a hash.
    const ballots = await database.db
      .select()
      .from(pollBallots)
      .where(eq(pollBallots.poll_id, poll.id));
    expect(ballots).toHaveLength(2);
    for (const ballot of ballots) expect([ada.uid, bob.uid]).not.toContain(ballot.voter);
    const [row] = await database.db.select().from(polls).where(eq(polls.id, poll.id));
    expect([ada.uid, bob.uid]).not.toContain(row?.updated_by);
  });

  it('shows students no counts until a results-after-close poll closes', async () => {
    const { general, create, vote } = await setUp();
    const bobLog = await watchPolls(bob, general);
    const teacherLog = await watchPolls(teacher, general);
    const poll = await create(teacher, { results: 'closed' });
    const mine = await vote(bob, poll.id, ['o1']);
    expect(mine.my_choice).toEqual(['o1']);
    expect(mine.options.every((option) => option.count === null)).toBe(true);
    expect(mine.voter_count).toBeNull();
    await vote(ada, poll.id, ['o1']);
    await teacherLog.until(() => latest(teacherLog, poll.id)?.voter_count === 2);
    const newest = latest(teacherLog, poll.id)!.version;
    await bobLog.until(() => (latest(bobLog, poll.id)?.version ?? 0) >= newest);
    const before = latest(bobLog, poll.id)!;
    expect(before.options.map((option) => option.count)).toEqual([null, null, null]);
    for (const event of bobLog.events)
      if (event.type === 'snapshot' || event.type === 'upsert')
        for (const row of event.rows) {
          expect(row.voter_count).toBeNull();
          expect(row.options.every((option) => option.count === null)).toBe(true);
        }
    await callerFor(services, admin).polls.close({ id: poll.id });
    await bobLog.until(() => latest(bobLog, poll.id)?.voter_count === 2);
    expect(latest(bobLog, poll.id)?.options.map((option) => option.count)).toEqual([2, 0, 0]);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const { general, staff, archive, create, vote } = await setUp();
    const caller = callerFor(services, teacher);
    await expect(create(teacher, {}, archive)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This channel is disabled: nobody can post in it.',
    });
    const base = { ...general, question: 'Q?' };
    const countPolls = async () => (await database.db.select().from(polls)).length;
    const countMessages = async () => (await database.db.select().from(messages)).length;
    const before = { polls: await countPolls(), messages: await countMessages() };
    const eleven = await errorOf(
      caller.polls.create({
        id: makeRecordId('msg', teacher.uid),
        ...base,
        options: Array.from({ length: 11 }, (_, i) => `Option ${i}`),
      }),
    );
    expect(eleven).toMatchObject({ code: 'BAD_REQUEST' });
    expect((eleven as { message: string }).message).toContain('A poll can have at most 10 options');
    const one = await errorOf(
      caller.polls.create({ id: makeRecordId('msg', teacher.uid), ...base, options: ['Only'] }),
    );
    expect(one).toMatchObject({ code: 'BAD_REQUEST' });
    expect((one as { message: string }).message).toContain('A poll needs at least 2 options');
    // Neither wrote a poll, nor the message a poll is posted as.
    expect({ polls: await countPolls(), messages: await countMessages() }).toEqual(before);
    await expect(create(ada)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only instructors and class admins can post and close polls.',
    });
    await expect(create(outsider)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Class not found.',
    });
    const pollsBefore = await countPolls();
    await expect(create(ada)).rejects.toBeTruthy();
    expect(await countPolls()).toBe(pollsBefore);

    const poll = await create(teacher);
    await expect(vote(ada, poll.id, ['o9'])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That option is not in this poll.',
    });
    await expect(vote(ada, poll.id, [])).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(vote(outsider, poll.id, ['o1'])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Poll not found.',
    });
    await expect(vote(ada, 'msg_nope', ['o1'])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Poll not found.',
    });
    // A poll in a channel the student cannot see answers as if it did not exist.
    const hidden = await create(teacher, {}, staff);
    await expect(vote(ada, hidden.id, ['o1'])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Poll not found.',
    });
    const refused = await collect(services, ada, (k) => k.polls.live(staff));
    await expect(refused.until(() => false, 5_000)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await refused.stop();
    expect(
      await database.db.select().from(pollBallots).where(eq(pollBallots.poll_id, poll.id)),
    ).toEqual([]);
    expect(
      await database.db.select().from(pollBallots).where(eq(pollBallots.poll_id, hidden.id)),
    ).toEqual([]);
    // A poll whose message was deleted is gone, live.
    const adaLog = await watchPolls(ada, general);
    expect(latest(adaLog, poll.id)).toBeDefined();
    await callerFor(services, teacher).messages.delete({ id: poll.id });
    await adaLog.until((events) =>
      events.some((event) => event.type === 'remove' && event.ids.includes(poll.id)),
    );
    await expect(vote(ada, poll.id, ['o1'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
