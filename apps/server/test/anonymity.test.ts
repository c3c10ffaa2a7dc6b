// Anonymous activities (docs/activities.md#anonymity): the switch (staff only, before the first
// phase, never twice; refusals change nothing) and pseudonyms on the paths of the messages — the
// live stream (snapshot and deliveries through the lens), pages, ranges, search (results and the
// author filter), reactions and the commands' answers. Staff see names beside pseudonyms. On
// PGlite and PostgreSQL. The exhaustive walk over every procedure is anonymityProof.test.ts.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newMessageId, pseudonymKey } from '@seminar/shared';
import { activities, activityPseudonyms } from '../src/db/schema';
import { callerFor } from './callers';
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
  watch,
} from './phaseFixtures';

usePhaseWorld();

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

/** Ann's id, name and e-mail: none may reach a classmate. */
const annTraces = () => [ann.uid, 'Ann', ann.email];
const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return annTraces().filter((trace) => text.includes(trace));
};

describe(`anonymity: the switch (${testDatabaseKind})`, () => {
  it('staff switch it on before the first phase; students, twice and after the start are refused', async () => {
    const { act, advance } = await setUp([phase('a', 'plenary')]);
    expect(await errorOf(callerFor(services, ann).activities.setAnonymous(act))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const staff = callerFor(services, teacher);
    const on = await staff.activities.setAnonymous(act);
    expect(on.anonymous).toBe(true);
    expect(await errorOf(staff.activities.setAnonymous(act))).toEqual({
      code: 'CONFLICT',
      message: 'This activity is already anonymous. Anonymity cannot be switched off.',
    });
    const [row] = await database.db
      .select({ version: activities.version })
      .from(activities)
      .where(eq(activities.activity_id, act.activity_id));
    expect(row?.version).toBe(on.version);
    await advance('start', null);
    expect((await staff.activities.pseudonym(act)).number).toBeNull();

    const other = await setUp([phase('b', 'plenary')]);
    await other.advance('start', null);
    expect(await errorOf(staff.activities.setAnonymous(other.act))).toEqual({
      code: 'CONFLICT',
      message: 'Anonymity can only be switched on before the first phase starts.',
    });
    const [still] = await database.db
      .select({ anonymous: activities.anonymous })
      .from(activities)
      .where(eq(activities.activity_id, other.act.activity_id));
    expect(still?.anonymous).toBe(false);
    expect(
      await errorOf(
        staff.activities.setAnonymous({ ...other.act, activity_id: 'no-such-activity' }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'Activity not found.' });
  });
});

describe(`anonymity: messages (${testDatabaseKind})`, () => {
  it('students see pseudonyms on every message path; staff see names beside them', async () => {
    const { act, advance, ref } = await setUp([phase('a', 'plenary')]);
    // As the web does: a message id carries no uid (newMessageId).
    const send = (user: typeof ann, body: string) =>
      callerFor(services, user).messages.send({ id: newMessageId(), ...ref, body });
    const named = await send(ann, 'said before the switch');
    await callerFor(services, teacher).activities.setAnonymous(act);
    await advance('start', null);
    const catWatch = watch(cat, ref);
    const teacherWatch = watch(teacher, ref);
    await catWatch.log.until((events) => events.some((e) => e.type === 'snapshot'));
    await teacherWatch.log.until((events) => events.some((e) => e.type === 'snapshot'));

    const first = await send(ann, 'ann argues pricing');
    const fromBen = await send(ben, 'ben disagrees');
    const second = await send(ann, 'ann again');
    const fromTeacher = await send(teacher, 'Good points');
    // Numbered in the order of first post; the sender's own answer carries their number.
    expect(first.pseudonym).toBe(1);
    expect(fromBen.pseudonym).toBe(2);
    expect(second.pseudonym).toBe(1);
    expect(fromTeacher.pseudonym).toBeUndefined();
    const annKey = pseudonymKey(act.activity_id, 1);
    expect(await callerFor(services, ann).activities.pseudonym(act)).toEqual({
      number: 1,
      key: annKey,
      label: 'Participant 1',
    });
    const pseudonyms = await database.db
      .select()
      .from(activityPseudonyms)
      .where(eq(activityPseudonyms.activity_id, act.activity_id));
    expect(pseudonyms.map((row) => [row.uid, row.number]).sort()).toEqual(
      [
        [ann.uid, 1],
        [ben.uid, 2],
      ].sort(),
    );

    // Reactions: Ann reacts to Ben's post; Cat sees her pseudonym key, the teacher her uid.
    const reacted = await callerFor(services, ann).messages.react({
      id: fromBen.id,
      emoji: '👍',
      on: true,
    });
    expect(reacted.reactions).toEqual([{ emoji: '👍', uids: [annKey] }]);
    expect(leaks(reacted)).toEqual([]);
    const catReact = await callerFor(services, cat).messages.react({
      id: first.id,
      emoji: '🎉',
      on: true,
    });
    expect(catReact).toMatchObject({ author_uid: annKey, author_name: 'Participant 1' });
    expect(leaks(catReact)).toEqual([]);

    // Live: deliveries through the lens.
    await catWatch.log.until(() => catWatch.state().rows.get(fromBen.id)?.reactions.length === 1);
    await teacherWatch.log.until(
      () => teacherWatch.state().rows.get(fromBen.id)?.reactions.length === 1,
    );
    const catRows = catWatch.state().rows;
    expect(catRows.get(first.id)).toMatchObject({
      author_uid: annKey,
      author_name: 'Participant 1',
    });
    expect(catRows.get(fromBen.id)?.reactions).toEqual([{ emoji: '👍', uids: [annKey] }]);
    expect(catRows.get(fromTeacher.id)).toMatchObject({ author_uid: teacher.uid });
    // Posts from before the switch keep their author: they were seen so.
    expect(catRows.get(named.id)).toMatchObject({ author_uid: ann.uid });
    const catLive = catWatch.log.events.filter((e) => e.type !== 'snapshot' || true);
    expect(
      leaks(catLive.map((e) => ('rows' in e ? e.rows.filter((r) => r.id !== named.id) : e))),
    ).toEqual([]);
    expect(teacherWatch.state().rows.get(first.id)).toMatchObject({
      author_uid: ann.uid,
      author_name: first.author_name,
      pseudonym: 1,
    });

    // A fresh subscription (the snapshot), pages, ranges, search.
    const later = watch(cat, ref);
    await later.log.until((events) => events.some((e) => e.type === 'snapshot'));
    expect(later.state().rows.get(second.id)).toMatchObject({ author_uid: annKey });
    const catCalls = callerFor(services, cat);
    const page = await catCalls.messages.page({ ...ref, beforeSeq: 1000 });
    const range = await catCalls.messages.range({ ...ref, fromSeq: 2, beforeSeq: 100 });
    expect(page.find((row) => row.id === first.id)).toMatchObject({ author_uid: annKey });
    expect(leaks(page.filter((row) => row.id !== named.id))).toEqual([]);
    expect(leaks(range)).toEqual([]);
    const found = await catCalls.messages.search({ class_id: ref.class_id, query: 'ann' });
    expect(found.results.map((row) => [row.id, row.author_uid, row.author_name]).sort()).toEqual(
      [
        [first.id, annKey, 'Participant 1'],
        [second.id, annKey, 'Participant 1'],
      ].sort(),
    );
    expect(leaks(found)).toEqual([]);
    // Filtering by Ann's id finds only what she wrote with her name.
    const byAnn = await catCalls.messages.search({
      class_id: ref.class_id,
      query: 'said',
      author_uid: ann.uid,
    });
    expect(byAnn.results.map((row) => row.id)).toEqual([named.id]);
    const byAnnAnon = await catCalls.messages.search({
      class_id: ref.class_id,
      query: 'ann',
      author_uid: ann.uid,
    });
    expect(byAnnAnon.results).toEqual([]);
    // Staff: the name, and the pseudonym beside it.
    const staffFound = await callerFor(services, teacher).messages.search({
      class_id: ref.class_id,
      query: 'argues',
    });
    expect(staffFound.results[0]).toMatchObject({
      author_uid: ann.uid,
      author_pseudonym: 'Participant 1',
    });
    // Ann finds her own posts by her own id.
    const own = await callerFor(services, ann).messages.search({
      class_id: ref.class_id,
      query: 'ann',
      author_uid: ann.uid,
    });
    expect(own.results).toHaveLength(2);
  });
});
