// Phases (docs/phases.md): the commands (set, advance, typed refusals that change nothing), the
// rules held on the server on every path a student can reach — sends in a read-only phase, the live
// stream (snapshot, deliveries through the lens, a reveal's replacing snapshot, a phase change, a
// resume after a reveal), history pages and ranges, search, reactions, attachment downloads — and
// the timer's end, applied once however many sweeps race. On PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  makeRecordId,
  mentionToken,
  type ChannelView,
  type LiveEvent,
  type Phase,
} from '@seminar/shared';
import { applyDuePhaseTimers } from '../src/activities/phases';
import { readableAttachment } from '../src/attachments/store';
import { activities, attachments, messages } from '../src/db/schema';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { EventLog } from './liveClient';
import {
  ann,
  ben,
  cat,
  database,
  live,
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

describe(`phases: commands (${testDatabaseKind})`, () => {
  it('start, next and end move the activity live; stale and unknown phases are refused', async () => {
    const { act, advance } = await setUp([phase('a', 'plenary'), phase('b', 'closed')]);
    const started = await advance('start', null);
    expect(started).toMatchObject({ phase_state: 'running', phase_index: 0 });
    expect(started.phase_started_at).toEqual(expect.any(Number));
    expect(await errorOf(advance('next', 'b'))).toMatchObject({ code: 'CONFLICT' });
    expect(await errorOf(advance('next', 'nope'))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This activity has no such phase.',
    });
    expect(await errorOf(advance('start', null))).toMatchObject({ code: 'BAD_REQUEST' });
    const [row] = await database.db
      .select({ index: activities.phase_index, version: activities.version })
      .from(activities)
      .where(eq(activities.activity_id, act.activity_id));
    expect(row?.index).toBe(0);
    expect(row?.version).toBe(started.version);
    expect(await advance('next', 'a')).toMatchObject({ phase_state: 'running', phase_index: 1 });
    expect(await advance('next', 'b')).toMatchObject({ phase_state: 'done', phase_index: null });
  });

  it('refuses students, bad lists and removing the phase in force', async () => {
    const { act, advance } = await setUp([phase('a', 'plenary')]);
    const pupil = callerFor(services, ann);
    expect(await errorOf(pupil.activities.advancePhase({ ...act, action: 'start' }))).toMatchObject(
      { code: 'FORBIDDEN' },
    );
    expect(await errorOf(pupil.activities.setPhases({ ...act, phases: [] }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const staff = callerFor(services, teacher);
    expect(
      await errorOf(
        staff.activities.setPhases({
          ...act,
          phases: [{ ...phase('x', 'plenary'), kind: 'debate' as Phase['kind'] }],
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    await advance('start', null);
    expect(
      await errorOf(staff.activities.setPhases({ ...act, phases: [phase('z', 'closed')] })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    // Reordering keeps the phase in force.
    const moved = await staff.activities.setPhases({
      ...act,
      phases: [phase('z', 'closed'), phase('a', 'plenary')],
    });
    expect(moved).toMatchObject({ phase_state: 'running', phase_index: 1 });
  });
});

describe(`phases: writing (${testDatabaseKind})`, () => {
  it.each(['groups', 'closed'] as const)(
    'a %s phase makes the case channel read-only for students: clear error, nothing stored',
    async (kind) => {
      const { advance, send, ref } = await setUp([phase('a', kind)]);
      await advance('start', null);
      const refused = await errorOf(send(ann, 'can I?'));
      expect(refused).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringMatching(/read-only/),
      });
      const stored = await database.db
        .select()
        .from(messages)
        .where(eq(messages.channel_id, ref.channel_id));
      expect(stored).toHaveLength(0);
      expect((await send(teacher, 'staff may')).body).toBe('staff may');
    },
  );
});

describe(`phases: post first (${testDatabaseKind})`, () => {
  it('hides classmates’ posts from a student until they post, on every path', async () => {
    const { advance, send, ref } = await setUp([phase('a', 'individual_post_first')]);
    const before = await send(ben, 'before the phase');
    await advance('start', null);
    const fromTeacher = await send(teacher, 'What would you do?');
    const fromBen = await send(ben, 'ben thinks');
    await database.db.insert(attachments).values({
      id: makeRecordId('att', ben.uid),
      class_id: ref.class_id,
      channel_id: ref.channel_id,
      uploader_uid: ben.uid,
      message_id: fromBen.id,
      name: 'notes.txt',
      content_type: 'text/plain',
      size: 2,
      data: Buffer.from('hi'),
    });
    const [file] = await database.db
      .select({ id: attachments.id })
      .from(attachments)
      .where(eq(attachments.message_id, fromBen.id));

    const annWatch = watch(ann, ref);
    const teacherWatch = watch(teacher, ref);
    await annWatch.log.until((events) => events.some((e) => e.type === 'snapshot'));
    await teacherWatch.log.until((events) => events.some((e) => e.type === 'snapshot'));
    expect(annWatch.bodies()).toEqual([before.body, fromTeacher.body].sort());
    expect(teacherWatch.bodies()).toEqual([before.body, fromTeacher.body, fromBen.body].sort());

    const annCalls = callerFor(services, ann);
    const page = await annCalls.messages.page({ ...ref, beforeSeq: 1000 });
    expect(page.map((row) => row.id)).toEqual([before.id, fromTeacher.id]);
    const range = await annCalls.messages.range({ ...ref, fromSeq: 1, beforeSeq: 100 });
    expect(range.map((row) => row.id)).toEqual([before.id, fromTeacher.id]);
    const found = await annCalls.messages.search({ class_id: ref.class_id, query: 'thinks' });
    expect(found.results).toEqual([]);
    const teacherFound = await callerFor(services, teacher).messages.search({
      class_id: ref.class_id,
      query: 'thinks',
    });
    expect(teacherFound.results.map((row) => row.id)).toEqual([fromBen.id]);
    expect(
      await errorOf(annCalls.messages.react({ id: fromBen.id, emoji: '👍', on: true })),
    ).toEqual({ code: 'NOT_FOUND', message: 'Message not found.' });
    expect(await readableAttachment(database.db, ann, file!.id)).toBeNull();
    expect(await readableAttachment(database.db, teacher, file!.id)).not.toBeNull();

    // Live: a classmate's post does not reach Ann; the teacher's does.
    const fromCat = await send(cat, 'cat thinks too');
    const again = await send(teacher, 'Anyone else?');
    await annWatch.log.until(() => annWatch.bodies().includes(again.body));
    await teacherWatch.log.until(() => teacherWatch.bodies().includes(fromCat.body));
    expect(annWatch.seen().map((row) => row.id)).not.toContain(fromCat.id);
    // Ann's cursor stays at the phase start while posts are hidden from her.
    const hiddenCursor = annWatch.cursor()!;
    expect(Number(hiddenCursor.split(':')[0])).toBeLessThanOrEqual(before.seq);

    // Ann posts: she gets a replacing snapshot with everyone's posts.
    const mine = await send(ann, 'ann answers');
    await annWatch.log.until(() => annWatch.bodies().includes(fromCat.body));
    expect(annWatch.bodies()).toEqual(
      [before, fromTeacher, fromBen, fromCat, again, mine].map((row) => row.body).sort(),
    );
    const replacing = annWatch.log.events.filter((e) => e.type === 'snapshot');
    expect(replacing.at(-1)).toMatchObject({ replace: true });
    expect(
      (await annCalls.messages.react({ id: fromBen.id, emoji: '👍', on: true })).reactions,
    ).toHaveLength(1);
    expect(await readableAttachment(database.db, ann, file!.id)).not.toBeNull();

    // A client that was hidden and resumes from its (capped) cursor after posting elsewhere gets
    // what was hidden.
    const resumed = watch(ann, ref, hiddenCursor);
    await resumed.log.until(() => resumed.bodies().includes(fromBen.body));

    // Ben has posted: he sees Cat's post; Cat sees Ben's.
    const benPage = await callerFor(services, ben).messages.page({ ...ref, beforeSeq: 1000 });
    expect(benPage.map((row) => row.id)).toContain(fromCat.id);
  });

  it('a phase change re-evaluates every subscriber: moving on reveals what was hidden', async () => {
    const { advance, send, ref } = await setUp([
      phase('a', 'individual_post_first'),
      phase('b', 'plenary'),
    ]);
    await advance('start', null);
    const fromBen = await send(ben, 'hidden for now');
    const annWatch = watch(ann, ref);
    await annWatch.log.until((events) => events.some((e) => e.type === 'snapshot'));
    expect(annWatch.bodies()).toEqual([]);
    await advance('next', 'a');
    await annWatch.log.until(() => annWatch.bodies().includes(fromBen.body));
    // And a new post-first phase hides what is posted in it from then on.
    const staff = callerFor(services, teacher);
    const act = await staff.activities.setPhases({
      class_id: ref.class_id,
      activity_id: (
        await database.db
          .select({ id: activities.activity_id })
          .from(activities)
          .where(eq(activities.channel_id, ref.channel_id))
      )[0]!.id,
      phases: [
        phase('a', 'individual_post_first'),
        phase('b', 'plenary'),
        phase('c', 'individual_post_first'),
      ],
    });
    await staff.activities.advancePhase({
      class_id: ref.class_id,
      activity_id: act.activity_id,
      action: 'next',
      from_phase_id: 'b',
    });
    const later = await send(cat, 'new phase, hidden');
    const marker = await send(teacher, 'marker');
    await annWatch.log.until(() => annWatch.bodies().includes(marker.body));
    expect(annWatch.bodies()).toContain(fromBen.body);
    expect(annWatch.seen().map((row) => row.id)).not.toContain(later.id);
  });
});

describe(`phases: mentions (${testDatabaseKind})`, () => {
  it('a hidden post that mentions a student neither counts nor highlights for them', async () => {
    const { advance, send, ref } = await setUp([phase('a', 'individual_post_first')]);
    await advance('start', null);
    const counts = new Map<string, number>();
    const log = new EventLog<LiveEvent<ChannelView>>();
    live(ann).trpc.channels.live.subscribe(
      { class_id: ref.class_id },
      {
        onData: (event) => {
          if (event.type === 'snapshot' || event.type === 'upsert')
            for (const row of event.rows) counts.set(row.channel_id, row.mention_count);
          log.push(event);
        },
        onError: (error) => log.fail(error),
      },
    );
    await log.until((events) => events.some((e) => e.type === 'snapshot'));
    await send(ben, `${mentionToken(ann.uid)} what do you think?`);
    const turn = await send(teacher, `${mentionToken(ann.uid)} your turn`);
    await expect.poll(() => counts.get(ref.channel_id), { timeout: 5_000 }).toBe(1);
    // Both sends are committed: a fresh list counts only the instructor's mention, and the live
    // one, once its row has reached that message, agrees (mention counts ride on the viewer's own
    // notice, so they may trail last_seq by a moment — hence the poll above).
    const fresh = new EventLog<LiveEvent<ChannelView>>();
    live(ann).trpc.channels.live.subscribe(
      { class_id: ref.class_id },
      { onData: (event) => fresh.push(event), onError: (error) => fresh.fail(error) },
    );
    await fresh.until((events) => events.some((e) => e.type === 'snapshot'));
    const snapshot = fresh.events.find((event) => event.type === 'snapshot');
    const row =
      snapshot?.type === 'snapshot'
        ? snapshot.rows.find((channel) => channel.channel_id === ref.channel_id)
        : undefined;
    expect(row?.last_seq).toBeGreaterThanOrEqual(turn.seq);
    expect(row?.mention_count).toBe(1);
    expect(counts.get(ref.channel_id)).toBe(1);
    // Once Ann has posted, Ben's mention is hers to see.
    await send(ann, 'my answer');
    await send(teacher, `${mentionToken(ann.uid)} thanks`);
    await expect.poll(() => counts.get(ref.channel_id), { timeout: 5_000 }).toBe(3);
  });
});

describe(`phases: the timer (${testDatabaseKind})`, () => {
  it('ends the phase by itself once, however many sweeps race', async () => {
    const { act, advance } = await setUp([
      phase('a', 'plenary', { timer_seconds: 60 }),
      phase('b', 'closed', { timer_seconds: 60, at_zero: 'ask' }),
    ]);
    const started = await advance('start', null);
    expect(started.phase_deadline! - started.phase_started_at!).toBe(60_000);
    const expire = () =>
      database.db
        .update(activities)
        .set({ phase_deadline: sql`now() - interval '1 second'` })
        .where(eq(activities.activity_id, act.activity_id));
    await expire();
    const applied = await Promise.all([
      applyDuePhaseTimers(database.db),
      applyDuePhaseTimers(database.db),
      applyDuePhaseTimers(database.db),
    ]);
    const [row] = await database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, act.activity_id));
    expect(row).toMatchObject({ phase_state: 'running', phase_index: 1 });
    expect(applied.reduce((a, b) => a + b, 0)).toBe(1);
    // 'ask': the phase waits for the instructor.
    await expire();
    await applyDuePhaseTimers(database.db);
    const [asked] = await database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, act.activity_id));
    expect(asked).toMatchObject({ phase_state: 'overtime', phase_index: 1, phase_deadline: null });
    expect(await advance('next', 'b')).toMatchObject({ phase_state: 'done' });
  });
});
