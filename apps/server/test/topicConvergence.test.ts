// One generic check for every live topic (Zulip's `verify_action`): a subscriber's events folded
// onto its snapshot equal a fresh snapshot, after each change of a scripted sequence. The topics are
// enumerated from the router (every subscription procedure carries its topic in `meta`), so a new
// topic fails here until SCRIPTS says how to change what it shows. Each step must change what a
// fresh snapshot shows (a step that changes nothing proves nothing). On PGlite and PostgreSQL.
// Docs: docs/realtime.md#adding-a-topic
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  applyLiveEvent,
  emptyLiveState,
  makeRecordId,
  type LiveEvent,
  type LiveRow,
} from '@seminar/shared';
import { startTestOpenAiServer, type TestOpenAiServer } from '../../../test-support/openaiServer';
import { sessionUser, type SessionUser } from '../src/auth/session';
import type { Database } from '../src/db/client';
import { activities, channels, messages, products } from '../src/db/schema';
import type { AnyTopic } from '../src/live/topic';
import { appRouter } from '../src/router';
import type { Services } from '../src/services';
import { callerFor, collect } from './callers';
import { createTestDatabase } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

type Caller = ReturnType<typeof callerFor>;
type Person = 'instructor' | 'student' | 'classmate' | 'siteAdmin';
const PEOPLE: readonly Person[] = ['instructor', 'student', 'classmate', 'siteAdmin'];
const SITE_ADMIN_EMAIL = `topics.admin.${Date.now().toString(36)}@example.edu`;

/** A fresh class per topic: a public channel with one message, a private one, an activity. */
interface World {
  classId: string;
  channelId: string;
  privateChannelId: string;
  activityId: string;
  productId: string;
  messageId: string;
  pollId: string;
  uids: Record<Person, string>;
}

interface Script {
  /** Who watches (the topic is checked as this person sees it). */
  viewer: Person;
  subscribe: (caller: Caller, world: World) => Promise<AsyncIterable<unknown>>;
  /** The changes, in order; each is made as `as` (default the instructor). */
  steps: Array<{ as?: Person; change: (caller: Caller, world: World) => Promise<unknown> }>;
}

const inChannel = (w: World) => ({ class_id: w.classId, channel_id: w.channelId });
const ofActivity = (w: World) => ({ class_id: w.classId, activity_id: w.activityId });
let counter = 0;
const fresh = (prefix: string) => makeRecordId(prefix, `topics${(counter += 1)}`);

const SCRIPTS: Record<string, Script> = {
  'classes.mine': {
    viewer: 'student',
    subscribe: (k) => k.classes.mine(),
    steps: [
      { change: (k, w) => k.classes.update({ class_id: w.classId, name: 'Renamed class' }) },
      { change: (k, w) => k.classes.setArchived({ class_id: w.classId, archived: true }) },
    ],
  },
  // Someone outside the class: the public list offers classes to join.
  'classes.public': {
    viewer: 'siteAdmin',
    subscribe: (k) => k.classes.public(),
    steps: [
      {
        change: (k, w) => k.classes.update({ class_id: w.classId, name: 'Open', is_public: true }),
      },
      { change: (k, w) => k.classes.update({ class_id: w.classId, name: 'Open, renamed' }) },
    ],
  },
  'classes.roster': {
    viewer: 'student',
    subscribe: (k, w) => k.classes.roster({ class_id: w.classId }),
    steps: [
      {
        change: (k, w) =>
          k.classes.setMemberEnabled({
            class_id: w.classId,
            uid: w.uids.classmate,
            role: 'student',
            enabled: false,
          }),
      },
      {
        change: (k, w) =>
          k.classes.setMemberEnabled({
            class_id: w.classId,
            uid: w.uids.classmate,
            role: 'student',
            enabled: true,
          }),
      },
      {
        change: (k, w) =>
          k.classes.removeMember({ class_id: w.classId, uid: w.uids.classmate, role: 'student' }),
      },
    ],
  },
  'activities.live': {
    viewer: 'student',
    subscribe: (k, w) => k.activities.live({ class_id: w.classId }),
    steps: [
      {
        change: (k, w) =>
          k.activities.save({ activity_id: fresh('activity'), class_id: w.classId, title: 'Two' }),
      },
      {
        change: (k, w) =>
          k.activities.setBrief({ ...ofActivity(w), body: '**Read** this', attachment_ids: [] }),
      },
      { change: (k, w) => k.activities.setEnabled({ ...ofActivity(w), enabled: false }) },
    ],
  },
  'channels.live': {
    viewer: 'student',
    subscribe: (k, w) => k.channels.live({ class_id: w.classId }),
    steps: [
      {
        change: (k, w) =>
          k.channels.create({
            class_id: w.classId,
            channel_id: fresh('channel'),
            name: 'more',
            is_public: true,
          }),
      },
      { change: (k, w) => k.channels.update({ ...inChannel(w), name: 'renamed' }) },
      {
        as: 'classmate',
        change: (k, w) => k.messages.send({ id: fresh('msg'), ...inChannel(w), body: 'unread' }),
      },
      { as: 'student', change: (k, w) => k.channels.markRead({ ...inChannel(w), seq: 2 }) },
      {
        change: (k, w) =>
          k.channels.setMember({
            class_id: w.classId,
            channel_id: w.privateChannelId,
            uid: w.uids.student,
            member: false,
          }),
      },
      { change: (k, w) => k.channels.delete(inChannel(w)) },
    ],
  },
  'channels.members': {
    viewer: 'student',
    subscribe: (k, w) =>
      k.channels.members({ class_id: w.classId, channel_id: w.privateChannelId }),
    steps: [
      {
        change: (k, w) =>
          k.channels.setMember({
            class_id: w.classId,
            channel_id: w.privateChannelId,
            uid: w.uids.classmate,
            member: true,
          }),
      },
      {
        change: (k, w) =>
          k.channels.setMember({
            class_id: w.classId,
            channel_id: w.privateChannelId,
            uid: w.uids.classmate,
            member: false,
          }),
      },
    ],
  },
  'channels.notifications': {
    viewer: 'student',
    subscribe: (k, w) => k.channels.notifications(inChannel(w)),
    steps: [
      {
        as: 'classmate',
        change: (k, w) => k.channels.notify({ ...inChannel(w), type: 'user_typing' }),
      },
      { as: 'classmate', change: (k, w) => k.channels.clearTyping(inChannel(w)) },
      {
        as: 'instructor',
        change: (k, w) => k.channels.notify({ ...inChannel(w), type: 'user_online' }),
      },
    ],
  },
  'notifications.settings': {
    viewer: 'student',
    subscribe: (k) => k.notifications.settings(),
    steps: [
      {
        as: 'student',
        change: (k, w) => k.notifications.update({ class_id: w.classId, muted: true }),
      },
      {
        as: 'student',
        change: (k, w) => k.notifications.update({ class_id: w.classId, muted: false }),
      },
    ],
  },
  'messages.live': {
    viewer: 'student',
    subscribe: (k, w) => k.messages.live(inChannel(w)),
    steps: [
      {
        as: 'classmate',
        change: (k, w) => k.messages.send({ id: fresh('msg'), ...inChannel(w), body: 'hello' }),
      },
      { as: 'student', change: (k, w) => k.messages.edit({ id: w.messageId, body: 'edited' }) },
      {
        as: 'classmate',
        change: (k, w) => k.messages.react({ id: w.messageId, emoji: '👍', on: true }),
      },
      { change: (k, w) => k.messages.delete({ id: w.messageId }) },
    ],
  },
  'pins.live': {
    viewer: 'student',
    subscribe: (k, w) => k.pins.live(inChannel(w)),
    steps: [
      { change: (k, w) => k.pins.set({ id: w.messageId, on: true }) },
      { change: (k, w) => k.pins.set({ id: w.messageId, on: false }) },
    ],
  },
  'polls.live': {
    viewer: 'student',
    subscribe: (k, w) => k.polls.live(inChannel(w)),
    steps: [
      {
        change: (k, w) =>
          k.polls.create({
            id: w.pollId,
            ...inChannel(w),
            question: 'Which?',
            options: ['A', 'B'],
          }),
      },
      { as: 'classmate', change: (k, w) => k.polls.vote({ id: w.pollId, option_ids: ['o1'] }) },
      { change: (k, w) => k.polls.close({ id: w.pollId }) },
    ],
  },
  'debrief.grading': {
    viewer: 'instructor',
    subscribe: (k, w) => k.debrief.grading(ofActivity(w)),
    steps: [
      { change: (k, w) => k.debrief.setRubric({ ...ofActivity(w), ...ONE_CRITERION }) },
      {
        change: (k, w) =>
          k.debrief.setGrade({ ...ofActivity(w), uid: w.uids.student, marks: { c1: 7 } }),
      },
    ],
  },
  'debrief.summary': {
    viewer: 'instructor',
    subscribe: (k, w) => k.debrief.summary(ofActivity(w)),
    steps: [{ change: (k, w) => k.debrief.summarize(ofActivity(w)) }],
  },
  'moderation.watch': {
    viewer: 'instructor',
    subscribe: (k, w) => k.moderation.watch({ class_id: w.classId }),
    steps: [
      {
        change: (k, w) =>
          k.activities.setAgentBudget({ ...ofActivity(w), answers: 10, tokens: null }),
      },
      // A budget already used up: the 80 % warning is given at once.
      {
        change: (k, w) =>
          k.activities.setAgentBudget({ ...ofActivity(w), answers: 0, tokens: null }),
      },
      // The activity deleted: its row leaves the watch.
      { change: (k, w) => k.activities.delete(ofActivity(w)) },
    ],
  },
  'coldCall.live': {
    viewer: 'student',
    subscribe: (k, w) => k.coldCall.live(inChannel(w)),
    steps: [
      { change: (k, w) => k.coldCall.spotlight({ ...inChannel(w), uid: w.uids.classmate }) },
      { change: (k, w) => k.coldCall.clear(inChannel(w)) },
    ],
  },
  'coldCall.mine': {
    viewer: 'student',
    subscribe: (k, w) => k.coldCall.mine({ class_id: w.classId }),
    steps: [
      { change: (k, w) => k.coldCall.spotlight({ ...inChannel(w), uid: w.uids.student }) },
      { change: (k, w) => k.coldCall.clear(inChannel(w)) },
    ],
  },
  'products.live': {
    viewer: 'student',
    subscribe: (k) => k.products.live(),
    steps: [
      {
        as: 'siteAdmin',
        change: (k) =>
          k.products.save({ product_id: fresh('product'), title: 'Tutor', name: 'tutor' }),
      },
      {
        as: 'siteAdmin',
        change: (k, w) => k.products.setEnabled({ product_id: w.productId, enabled: false }),
      },
    ],
  },
};

const ONE_CRITERION = {
  scale: 10,
  criteria: [{ id: 'c1', name: 'Quality', weight: 100, source: 'manual' as const, target: null }],
};

/** The router's subscription procedures and their topics. */
function registeredTopics(): Map<string, AnyTopic> {
  const found = new Map<string, AnyTopic>();
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: unknown } }
  >;
  for (const [path, procedure] of Object.entries(procedures)) {
    const topic = (procedure._def.meta as { topic?: AnyTopic } | undefined)?.topic;
    if (topic) found.set(path, topic);
  }
  return found;
}

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let services: Services;
let openai: TestOpenAiServer;
const people = {} as Record<Person, TestUser>;
const viewers = {} as Record<Person, SessionUser>;

beforeAll(async () => {
  openai = await startTestOpenAiServer({
    chunkDelayMs: 0,
    answer: () => '## Themes\n- A theme\n## Positions\n- One\n## Open questions\n- None',
  });
  database = await createTestDatabase();
  server = await startListening(database, {
    ADMIN_EMAILS: SITE_ADMIN_EMAIL,
    AI_BASE_URL: openai.url,
    AI_MODEL: 'test-model',
    LIVE_MUTATIONS_PER_SECOND: '1000',
    LIVE_MUTATION_BURST: '1000',
  });
  services = server.runtime.services!;
  for (const person of PEOPLE) {
    const email = person === 'siteAdmin' ? SITE_ADMIN_EMAIL : undefined;
    people[person] = await signUpUser(server.app, server.url, `${person}, Topic`, email);
    viewers[person] = (await sessionUser(services, {
      headers: { cookie: people[person].cookie },
    } as FastifyRequest))!;
  }
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await database?.close();
  await openai?.close();
});

async function world(): Promise<World> {
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: people.instructor, role: 'instructor' },
      { user: people.student, role: 'student' },
      { user: people.classmate, role: 'student' },
    ],
    channels: [
      { name: 'general', is_public: true },
      { name: 'team', members: [people.student] },
    ],
  });
  const channelId = channelIds[0]!;
  const activityId = fresh('activity');
  const productId = fresh('product');
  await database.db
    .insert(products)
    .values({ product_id: productId, title: 'Analyst', name: 'analyst', ai_agent_refs: [] });
  await database.db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Case one',
    product_id: productId,
    channel_id: channelId,
  });
  const messageId = fresh('msg');
  await database.db.insert(messages).values({
    id: messageId,
    class_id: classId,
    channel_id: channelId,
    seq: 1,
    author_uid: people.student.uid,
    author_name: 'student, Topic',
    body: 'The first post',
  });
  await database.db.update(channels).set({ last_seq: 1 }).where(eq(channels.channel_id, channelId));
  return {
    classId,
    channelId,
    privateChannelId: channelIds[1]!,
    activityId,
    productId,
    messageId,
    pollId: fresh('msg'),
    uids: Object.fromEntries(PEOPLE.map((person) => [person, people[person].uid])) as World['uids'],
  };
}

/** Rows by id, as the wire has them (JSON), for comparing two states. */
function comparable(rows: ReadonlyMap<string, LiveRow>): Array<[string, unknown]> {
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, row]) => [id, JSON.parse(JSON.stringify(row)) as unknown]);
}

/** What a fresh subscription's snapshot shows now. */
async function freshSnapshot(script: Script, topic: AnyTopic, w: World) {
  const live = await collect<LiveRow>(
    services,
    viewers[script.viewer],
    (k) => script.subscribe(k, w) as never,
  );
  try {
    await live.until((events) => events.length > 0);
  } finally {
    await live.stop();
  }
  return emptyAndFold(live.events, topic);
}

function emptyAndFold(events: LiveEvent<LiveRow>[], topic: AnyTopic) {
  let state = emptyLiveState<LiveRow>();
  for (const event of events) state = applyLiveEvent(state, event, (row) => topic.id(row));
  return state;
}

/** For a stream, a fresh snapshot is the newest page: compare the rows it has. */
function restrict(
  folded: ReadonlyMap<string, LiveRow>,
  snapshot: ReadonlyMap<string, LiveRow>,
  topic: AnyTopic,
): Map<string, LiveRow> {
  if (topic.kind === 'collection') return new Map(folded);
  const lowest = Math.min(...[...snapshot.values()].map((row) => topic.seq(row)));
  return new Map([...folded].filter(([, row]) => topic.seq(row) >= lowest));
}

describe('every live topic: its events folded onto its snapshot equal a fresh snapshot', () => {
  it('has a script for every registered topic, and none for a topic that is gone', () => {
    const registered = [...registeredTopics().keys()].sort();
    expect(registered.length).toBeGreaterThan(10);
    expect(Object.keys(SCRIPTS).sort()).toEqual(registered);
  });

  for (const [path, script] of Object.entries(SCRIPTS)) {
    // Each step waits for convergence (up to 10 s); on 2 busy cores a script takes a while.
    it(`${path}, as ${script.viewer} sees it`, { timeout: 90_000 }, async () => {
      const topic = registeredTopics().get(path);
      if (!topic) throw new Error(`${path} is not a registered topic`);
      const w = await world();
      const live = await collect<LiveRow>(
        services,
        viewers[script.viewer],
        (k) => script.subscribe(k, w) as never,
      );
      try {
        await live.until((events) => events.length > 0);
        let before = comparable((await freshSnapshot(script, topic, w)).rows);
        for (const [index, step] of script.steps.entries()) {
          const as = step.as ?? 'instructor';
          await step.change(callerFor(services, viewers[as]), w);
          // Converged: the events folded so far equal what a fresh subscription is given now
          // (checked again as events arrive, until they agree or the time is up).
          const deadline = Date.now() + 10_000;
          let last: { folded: unknown; snapshot: unknown } = { folded: null, snapshot: null };
          for (;;) {
            const snapshot = await freshSnapshot(script, topic, w);
            const folded = emptyAndFold(live.events, topic);
            const now = comparable(snapshot.rows);
            last = {
              folded: comparable(restrict(folded.rows, snapshot.rows, topic)),
              snapshot: now,
            };
            if (
              folded.ended === snapshot.ended &&
              JSON.stringify(last.folded) === JSON.stringify(now)
            )
              break;
            if (Date.now() > deadline) break;
            const seen = live.events.length;
            await live.until((events) => events.length > seen, 200).catch(() => undefined);
          }
          expect(last.folded, `${path}: after step ${index + 1}`).toEqual(last.snapshot);
          // The step changed what the topic shows: a step that changes nothing checks nothing.
          expect(last.snapshot, `${path}: step ${index + 1} changed nothing`).not.toEqual(before);
          before = last.snapshot as Array<[string, unknown]>;
        }
      } finally {
        await live.stop();
      }
    });
  }
});
