// Cold-call (docs/polls.md#cold-call): spotlight by name and "Pick someone" (online students,
// weighted by posts), live banner and the student's own spotlight over real sockets, cleared by
// staff and by the student's post, and who may do what. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeRecordId, weightedPick, type LiveEvent, type SpotlightView } from '@seminar/shared';
import { spotlighter } from '../src/coldCall/commands';
import type { Database } from '../src/db/client';
import { spotlights } from '../src/db/schema';
import type { Services } from '../src/services';
import { callerFor } from './callers';
import { createTestDatabase } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let services: Services;
let teacher: TestUser;
let ada: TestUser;
let bob: TestUser;
let cy: TestUser;
let outsider: TestUser;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database);
  services = server.runtime.services!;
  teacher = await signUpUser(server.app, server.url, 'Teach, Tara');
  ada = await signUpUser(server.app, server.url, 'Lovelace, Ada');
  bob = await signUpUser(server.app, server.url, 'Builder, Bob');
  cy = await signUpUser(server.app, server.url, 'Young, Cy');
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
      { user: ada, role: 'student' },
      { user: bob, role: 'student' },
      { user: cy, role: 'student' },
    ],
    channels: [
      { name: 'case', is_public: true },
      { name: 'team', is_public: false, members: [ada, bob] },
    ],
  });
  await createClassFixture(database.db, { members: [{ user: outsider, role: 'student' }] });
  const caseRef = { class_id: classId, channel_id: channelIds[0]! };
  const team = { class_id: classId, channel_id: channelIds[1]! };
  const send = (user: TestUser, ref: typeof caseRef, body = 'Here is my take') =>
    callerFor(services, user).messages.send({ id: makeRecordId('msg', user.uid), ...ref, body });
  const online = (user: TestUser, ref: typeof caseRef) =>
    callerFor(services, user).channels.notify({ ...ref, type: 'user_online' });
  return { classId, caseRef, team, send, online };
}

type Log = EventLog<LiveEvent<SpotlightView>>;

async function watch(user: TestUser, subscribe: (client: LiveTestClient, log: Log) => void) {
  const log: Log = new EventLog();
  subscribe(live(user), log);
  await log.until((events) => events.some((event) => event.type === 'snapshot'));
  return log;
}
const banner = (user: TestUser, ref: { class_id: string; channel_id: string }) =>
  watch(user, (client, log) =>
    client.trpc.coldCall.live.subscribe(ref, {
      onData: (event) => log.push(event as LiveEvent<SpotlightView>),
      onError: (error) => log.fail(error),
    }),
  );
const mine = (user: TestUser, classId: string) =>
  watch(user, (client, log) =>
    client.trpc.coldCall.mine.subscribe(
      { class_id: classId },
      {
        onData: (event) => log.push(event as LiveEvent<SpotlightView>),
        onError: (error) => log.fail(error),
      },
    ),
  );

/** The rows a collection log holds now. */
function rowsOf(log: Log): SpotlightView[] {
  const rows = new Map<string, SpotlightView>();
  for (const event of log.events) {
    if (event.type === 'snapshot') {
      rows.clear();
      for (const row of event.rows) rows.set(row.id, row);
    } else if (event.type === 'upsert') for (const row of event.rows) rows.set(row.id, row);
    else if (event.type === 'remove') for (const id of event.ids) rows.delete(id);
  }
  return [...rows.values()];
}

describe('cold-call', () => {
  it('spotlights a student by name, live, and the instructor clears it', async () => {
    const { classId, caseRef } = await setUp();
    const bobSees = await banner(bob, caseRef);
    const adaNotes = await mine(ada, classId);
    const bobNotes = await mine(bob, classId);
    const spot = await callerFor(services, teacher).coldCall.spotlight({
      ...caseRef,
      uid: ada.uid,
    });
    expect(spot).toMatchObject({ uid: ada.uid, name: 'Ada Lovelace', how: 'chosen' });
    await bobSees.until(() => rowsOf(bobSees)[0]?.uid === ada.uid);
    expect(rowsOf(bobSees)[0]?.name).toBe('Ada Lovelace');
    await adaNotes.until(() => rowsOf(adaNotes).length === 1);
    expect(rowsOf(adaNotes)[0]).toMatchObject({ channel_id: caseRef.channel_id, uid: ada.uid });
    expect(rowsOf(bobNotes)).toEqual([]);
    await callerFor(services, teacher).coldCall.clear(caseRef);
    await bobSees.until(() => rowsOf(bobSees).length === 0);
    await adaNotes.until(() => rowsOf(adaNotes).length === 0);
  });

  it('clears when the spotlighted student posts in the channel, not when others do', async () => {
    const { classId, caseRef, team, send } = await setUp();
    const teacherSees = await banner(teacher, caseRef);
    const adaNotes = await mine(ada, classId);
    await callerFor(services, teacher).coldCall.spotlight({ ...caseRef, uid: ada.uid });
    await teacherSees.until(() => rowsOf(teacherSees).length === 1);
    await send(bob, caseRef);
    await send(ada, team);
    await adaNotes.until(() => rowsOf(adaNotes).length === 1);
    const [still] = await database.db
      .select()
      .from(spotlights)
      .where(eq(spotlights.channel_id, caseRef.channel_id));
    expect(still?.cleared_at).toBeNull();
    await send(ada, caseRef);
    await teacherSees.until(() => rowsOf(teacherSees).length === 0);
    await adaNotes.until(() => rowsOf(adaNotes).length === 0);
  });

  it('clears every spotlight whose student posts in one batch of sends', async () => {
    const { caseRef, team, send } = await setUp();
    const teacherCaller = callerFor(services, teacher);
    await teacherCaller.coldCall.spotlight({ ...caseRef, uid: ada.uid });
    await teacherCaller.coldCall.spotlight({ ...team, uid: bob.uid });
    // Sent at once, these are written together (group commit): one statement, one trigger run.
    await Promise.all([
      send(cy, caseRef),
      send(ada, caseRef),
      send(ada, caseRef),
      send(bob, team),
      send(ada, team),
    ]);
    const rows = await database.db.select().from(spotlights);
    for (const ref of [caseRef, team]) {
      const row = rows.find((spot) => spot.channel_id === ref.channel_id);
      expect(row?.cleared_at).not.toBeNull();
    }
  });

  it('moves the spotlight: the one picked before is told it is no longer theirs', async () => {
    const { classId, caseRef } = await setUp();
    const adaNotes = await mine(ada, classId);
    await callerFor(services, teacher).coldCall.spotlight({ ...caseRef, uid: ada.uid });
    await adaNotes.until(() => rowsOf(adaNotes).length === 1);
    await callerFor(services, teacher).coldCall.spotlight({ ...caseRef, uid: bob.uid });
    await adaNotes.until(() => rowsOf(adaNotes).length === 0);
  });

  it('picks someone among the students online, weighted toward fewer posts', async () => {
    const { caseRef, send, online } = await setUp();
    const teacherCaller = callerFor(services, teacher);
    await expect(teacherCaller.coldCall.spotlight(caseRef)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'No student who can see this channel is online right now.',
    });
    // Ada is online (in any channel of the class); Bob too, with three posts here; Cy is not.
    await online(ada, caseRef);
    await online(bob, caseRef);
    for (let i = 0; i < 3; i += 1) await send(bob, caseRef);
    const candidates = [
      { uid: ada.uid, posts: 0 },
      { uid: bob.uid, posts: 3 },
    ];
    for (const random of [0, 0.5, 0.79, 0.81, 0.99]) {
      const picked = await spotlighter(services.database.db, teacher, caseRef, () => random);
      expect(picked.uid).toBe(weightedPick(candidates, () => random));
      expect(picked.how).toBe('random');
    }
    const any = await teacherCaller.coldCall.spotlight(caseRef);
    expect([ada.uid, bob.uid]).toContain(any.uid);
    // Leaving takes one out of the draw.
    await callerFor(services, bob).channels.leave(caseRef);
    for (const random of [0, 0.99])
      expect((await spotlighter(services.database.db, teacher, caseRef, () => random)).uid).toBe(
        ada.uid,
      );
  });

  it('lets only staff spotlight, and only students of the class who see the channel', async () => {
    const { caseRef, team } = await setUp();
    const before = await database.db.select().from(spotlights);
    await expect(
      callerFor(services, ada).coldCall.spotlight({ ...caseRef, uid: bob.uid }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only instructors and class admins can cold-call.',
    });
    await expect(callerFor(services, ada).coldCall.clear(caseRef)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      callerFor(services, outsider).coldCall.spotlight({ ...caseRef, uid: ada.uid }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Class not found.' });
    const notAStudent = {
      code: 'BAD_REQUEST',
      message: 'Only a student of the class who can see this channel can be cold-called.',
    };
    const teacherCaller = callerFor(services, teacher);
    await expect(
      teacherCaller.coldCall.spotlight({ ...caseRef, uid: teacher.uid }),
    ).rejects.toMatchObject(notAStudent);
    await expect(
      teacherCaller.coldCall.spotlight({ ...caseRef, uid: outsider.uid }),
    ).rejects.toMatchObject(notAStudent);
    // Cy is not in the team channel.
    await expect(teacherCaller.coldCall.spotlight({ ...team, uid: cy.uid })).rejects.toMatchObject(
      notAStudent,
    );
    expect(await database.db.select().from(spotlights)).toEqual(before);
    // Cy cannot watch the team channel's banner either.
    const log: Log = new EventLog();
    live(cy).trpc.coldCall.live.subscribe(team, {
      onData: (event) => log.push(event as LiveEvent<SpotlightView>),
      onError: (error) => log.fail(error),
    });
    await expect(log.until(() => false, 5_000)).rejects.toThrow(/Channel not found/);
  });
});
