// The world of the phase tests (docs/phases.md): a server on the test database, an instructor and
// three students, a case channel whose activity has phases, and a live watcher of its messages.
// Bindings are live: they are set by the suite's beforeAll (usePhaseWorld).
import { afterAll, beforeAll } from 'vitest';
import {
  applyLiveEvent,
  emptyLiveState,
  makeRecordId,
  type LiveEvent,
  type Message,
  type Phase,
} from '@seminar/shared';
import type { Database } from '../src/db/client';
import type { Services } from '../src/services';
import { callerFor } from './callers';
import { createTestDatabase } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';

export let database: Database;
export let server: Awaited<ReturnType<typeof startListening>>;
export let services: Services;
export let teacher: TestUser;
export let ann: TestUser;
export let ben: TestUser;
export let cat: TestUser;
const clients: LiveTestClient[] = [];

/** Registers the suite's start and end: a listening server, four people. */
export function usePhaseWorld(): void {
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startListening(database);
    services = server.runtime.services!;
    // The tests apply timers themselves (a node's own sweep would race them on purpose elsewhere).
    services.phaseTimer.stop();
    teacher = await signUpUser(server.app, server.url, 'Teach, Tara');
    ann = await signUpUser(server.app, server.url, 'Ash, Ann');
    ben = await signUpUser(server.app, server.url, 'Birch, Ben');
    cat = await signUpUser(server.app, server.url, 'Cedar, Cat');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.app.close();
    await database.close();
  });
}

export function live(user: TestUser): LiveTestClient {
  const client = connectLive(server.url, { cookie: user.cookie });
  clients.push(client);
  return client;
}

export const phase = (id: string, kind: Phase['kind'], extra: Partial<Phase> = {}): Phase => ({
  id,
  kind,
  title: `Phase ${id}`,
  timer_seconds: null,
  at_zero: 'end',
  ...extra,
});

/** A class with a case channel (public) whose activity has `phases`, not started. */
export async function setUp(phases: Phase[]) {
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: ann, role: 'student' },
      { user: ben, role: 'student' },
      { user: cat, role: 'student' },
    ],
    channels: [{ name: 'case', is_public: true }],
  });
  const ref = { class_id: classId, channel_id: channelIds[0]! };
  const activityId = makeRecordId('act', teacher.uid);
  const staff = callerFor(services, teacher);
  await staff.activities.save({
    activity_id: activityId,
    class_id: classId,
    title: 'Case',
    channel_id: ref.channel_id,
  });
  await staff.activities.setPhases({ class_id: classId, activity_id: activityId, phases });
  const act = { class_id: classId, activity_id: activityId };
  const advance = (action: 'start' | 'next' | 'end', from: string | null) =>
    staff.activities.advancePhase({ ...act, action, from_phase_id: from });
  const send = (user: TestUser, body: string) =>
    callerFor(services, user).messages.send({ id: makeRecordId('msg', user.uid), ...ref, body });
  return { ref, act, advance, send };
}

type Tracked = { id: string; data: LiveEvent<Message> };

export function watch(
  user: TestUser,
  ref: { class_id: string; channel_id: string },
  last?: string,
) {
  const log = new EventLog<LiveEvent<Message>>();
  const cursors: string[] = [];
  live(user).trpc.messages.live.subscribe(
    { ...ref, ...(last ? { lastEventId: last } : {}) },
    {
      onData: (value) => {
        const tracked = value as unknown as Tracked;
        cursors.push(tracked.id);
        log.push(tracked.data);
      },
      onError: (error) => log.fail(error),
    },
  );
  const state = () =>
    log.events.reduce(
      (s, event) => applyLiveEvent(s, event, (row) => row.id),
      emptyLiveState<Message>(),
    );
  const bodies = () => [...state().rows.values()].map((row) => row.body).sort();
  const seen = () =>
    log.events.flatMap((e) => (e.type === 'upsert' || e.type === 'snapshot' ? e.rows : []));
  return { log, state, bodies, seen, cursor: () => cursors.at(-1) };
}
