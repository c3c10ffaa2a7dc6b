// The proof of "no path reveals an author to a student" (docs/activities.md#anonymity): in an
// anonymous activity where student Ann posts, reacts, edits, types, votes and is cold-called, her
// classmate Ben calls EVERY procedure and subscription a student may call — the router's own list,
// walked: every procedure the router has must be in the authorization matrix, and every one the
// matrix does not refuse a student by role must be called here, or the test fails — and nothing he
// receives — answers and live events — holds Ann's user id, name or e-mail. Two procedures list the class's people by
// design (the roster and a channel's members: who is in the class, not who wrote what); they are
// named below with that reason. On PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newMessageId } from '@seminar/shared';
import { classes } from '../src/db/schema';
import { pollCreator } from '../src/polls/commands';
import { appRouter } from '../src/router';
import { expectedOutcome, MATRIX } from './authorizationMatrix';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import {
  ann,
  ben,
  cat,
  database,
  phase,
  services,
  setUp,
  teacher,
  usePhaseWorld,
} from './phaseFixtures';

usePhaseWorld();

/** Listing the class's people is what these do; they say nothing of who wrote what. */
const LISTS_PEOPLE = new Set(['classes.roster', 'channels.members']);

type Caller = ReturnType<typeof callerFor>;
type Start = (caller: Caller) => Promise<AsyncIterable<unknown>>;

describe(`anonymity: the proof over every procedure a student can call (${testDatabaseKind})`, () => {
  it('no answer or live event Ben gets names Ann', async () => {
    const { act, advance, ref } = await setUp([phase('a', 'plenary')]);
    const staff = callerFor(services, teacher);
    await staff.activities.setAnonymous(act);
    await advance('start', null);
    // A public class: the public list and joining answer with it (not an empty list, a refusal).
    await database.db
      .update(classes)
      .set({ is_public: true })
      .where(eq(classes.class_id, ref.class_id));
    const annCalls = callerFor(services, ann);
    const benCalls = callerFor(services, ben);
    const send = (caller: Caller, body: string) =>
      caller.messages.send({ id: newMessageId(), ...ref, body });
    const pollId = newMessageId();
    await pollCreator(database.db, teacher, {
      id: pollId,
      ...ref,
      question: 'Raise prices?',
      options: ['Yes', 'No'],
      multiple: false,
      anonymous: false,
      results: 'live',
    });
    const annPost = await send(annCalls, 'ann argues for raising prices');
    const benPost = await send(benCalls, 'ben argues against');
    await send(callerFor(services, cat), 'cat wonders');

    // Every subscription Ben may open, open before Ann's later moves (live events) and read after.
    const live: Record<string, Start> = {
      'classes.mine': (k) => k.classes.mine(),
      'classes.public': (k) => k.classes.public(),
      'classes.roster': (k) => k.classes.roster({ class_id: ref.class_id }),
      'activities.live': (k) => k.activities.live({ class_id: ref.class_id }),
      'channels.live': (k) => k.channels.live({ class_id: ref.class_id }),
      'channels.members': (k) => k.channels.members(ref),
      'channels.notifications': (k) => k.channels.notifications(ref),
      'notifications.settings': (k) => k.notifications.settings(),
      'messages.live': (k) => k.messages.live(ref),
      'pins.live': (k) => k.pins.live(ref),
      'polls.live': (k) => k.polls.live(ref),
      'coldCall.live': (k) => k.coldCall.live(ref),
      'coldCall.mine': (k) => k.coldCall.mine({ class_id: ref.class_id }),
      'products.live': (k) => k.products.live(),
    };
    const streams = new Map<string, Awaited<ReturnType<typeof collect>>>();
    for (const [name, start] of Object.entries(live)) {
      const stream = await collect(services, ben, start as never);
      await stream.until((events) => events.length > 0);
      streams.set(name, stream);
    }

    // Ann's moves while Ben watches.
    await annCalls.messages.react({ id: benPost.id, emoji: '👍', on: true });
    await annCalls.messages.edit({ id: annPost.id, body: 'ann argues, edited' });
    await annCalls.channels.notify({ ...ref, type: 'user_typing' });
    await annCalls.channels.notify({ ...ref, type: 'user_online' });
    await annCalls.polls.vote({ id: pollId, option_ids: ['o1'] });
    await staff.coldCall.spotlight({ ...ref, uid: ann.uid });
    await staff.pins.set({ id: annPost.id, on: true });
    const json = (name: string) => JSON.stringify(streams.get(name)?.events ?? []);
    await streams.get('messages.live')!.until(() => json('messages.live').includes('edited'));
    await streams
      .get('channels.notifications')!
      .until(() => json('channels.notifications').includes('user_typing'));
    await streams.get('coldCall.live')!.until(() => json('coldCall.live').includes('Participant'));
    await streams.get('pins.live')!.until(() => json('pins.live').includes('edited'));
    await streams.get('polls.live')!.until(() => json('polls.live').includes('"o1"'));
    for (const stream of streams.values()) await stream.stop();

    // Every query and mutation Ben may call.
    const own = await send(benCalls, 'ben again');
    // A question of Ann's nobody answered: the debrief lists open questions.
    await send(annCalls, 'ann asks: why Brazil first?');
    const endpoint = 'https://push.test/ben-browser';
    const calls: Record<string, () => Promise<unknown>> = {
      me: () => benCalls.me(),
      'classes.join': () => benCalls.classes.join({ class_id: ref.class_id }),
      'classes.request': () =>
        benCalls.classes.request({ pending_class_id: newMessageId(), name: 'Requested' }),
      'activities.pseudonym': () => benCalls.activities.pseudonym(act),
      'activities.myExchanges': () => benCalls.activities.myExchanges({ class_id: ref.class_id }),
      'channels.markRead': () => benCalls.channels.markRead({ ...ref, seq: 1 }),
      'channels.notify': () => benCalls.channels.notify({ ...ref, type: 'user_online' }),
      'channels.clearTyping': () => benCalls.channels.clearTyping(ref),
      'channels.prewarm': () => benCalls.channels.prewarm(ref),
      'channels.setNotify': () => benCalls.channels.setNotify({ ...ref, notify: 'all' }),
      'notifications.update': () =>
        benCalls.notifications.update({ class_id: ref.class_id, muted: false }),
      'messages.page': () => benCalls.messages.page({ ...ref, beforeSeq: 1000 }),
      'messages.range': () => benCalls.messages.range({ ...ref, fromSeq: 1, beforeSeq: 100 }),
      'messages.search': async () => [
        await benCalls.messages.search({ class_id: ref.class_id, query: 'argues' }),
        await benCalls.messages.search({
          class_id: ref.class_id,
          query: 'argues',
          author_uid: ann.uid,
        }),
      ],
      'messages.send': () => send(benCalls, 'ben once more'),
      'messages.edit': () => benCalls.messages.edit({ id: own.id, body: 'ben edited' }),
      'messages.react': () => benCalls.messages.react({ id: annPost.id, emoji: '🎉', on: true }),
      'messages.delete': () => benCalls.messages.delete({ id: own.id }),
      'polls.vote': () => benCalls.polls.vote({ id: pollId, option_ids: ['o2'] }),
      'products.agentsStatus': () => benCalls.products.agentsStatus(),
      'notifications.pushKey': () => benCalls.notifications.pushKey(),
      'notifications.pushSubscribe': () =>
        benCalls.notifications.pushSubscribe({
          endpoint,
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
          expirationTime: null,
          label: 'Ben’s browser',
        }),
      'notifications.pushUnsubscribe': () => benCalls.notifications.pushUnsubscribe({ endpoint }),
      'debrief.participation': () => benCalls.debrief.participation(act),
      'debrief.unanswered': () => benCalls.debrief.unanswered(act),
      // Last: Ben leaves the (public) channel.
      'channels.leave': () => benCalls.channels.leave(ref),
    };
    const answers = new Map<string, unknown>();
    for (const [name, call] of Object.entries(calls)) answers.set(name, await call());

    // The walk, from the router itself: a procedure missing from the matrix fails here too, and
    // every procedure the matrix does not refuse a student by role (FORBIDDEN holds in any state;
    // NOT_FOUND, as for joining a class that is not public, depends on the class) is covered here.
    const routerProcedures = Object.keys(appRouter._def.procedures as Record<string, unknown>);
    expect(routerProcedures.filter((name) => !(name in MATRIX))).toEqual([]);
    const studentCallable = routerProcedures.filter(
      (name) => expectedOutcome('student', MATRIX[name]!) !== 'FORBIDDEN',
    );
    const covered = new Set([...Object.keys(live), ...Object.keys(calls)]);
    expect(studentCallable.filter((name) => !covered.has(name))).toEqual([]);

    const traces = [ann.uid, ann.email, 'Ash, Ann', 'Ann Ash'];
    const leaks: string[] = [];
    const check = (name: string, value: unknown) => {
      if (LISTS_PEOPLE.has(name)) return;
      const text = JSON.stringify(value) ?? '';
      for (const trace of traces) if (text.includes(trace)) leaks.push(`${name}: ${trace}`);
    };
    for (const [name, stream] of streams) check(name, stream.events);
    for (const [name, answer] of answers) check(name, answer);
    expect(leaks).toEqual([]);
    // The proof is not empty: Ben did get Ann's posts, under her pseudonym.
    expect(json('messages.live')).toContain('Participant 1');
    expect(json('classes.public')).toContain(ref.class_id);
    expect(JSON.stringify(answers.get('classes.join'))).toContain(ref.class_id);
    expect(JSON.stringify(answers.get('messages.search'))).toContain('Participant 1');
    // The roster does name her (the control: the traces are the right ones).
    expect(json('classes.roster')).toContain(ann.uid);
  });
});
