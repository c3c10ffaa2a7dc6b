// Issue 30.1, docs/activities.md#case-brief-and-pins: an activity's case brief (who writes it, its
// bound, its files through the attachment store, live to the class) and pinned messages (who pins,
// the 20-pin limit, live over real sockets, private channels, deleted and edited messages, other
// classes). Every refusal changes nothing. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BRIEF_MAX_LENGTH,
  makeRecordId,
  MAX_PINS_PER_CHANNEL,
  PIN_LIMIT_MESSAGE,
  type Activity,
  type LiveEvent,
  type Pin,
} from '@seminar/shared';
import type { Database } from '../src/db/client';
import { activities, attachments, messagePins } from '../src/db/schema';
import type { Services } from '../src/services';
import { callerFor } from './callers';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { connectLive, EventLog, type LiveTestClient } from './liveClient';
import { PDF, uploadFile } from './uploads';

let database: Database;
let server: Awaited<ReturnType<typeof startListening>>;
let services: Services;
let teacher: TestUser;
let helper: TestUser;
let pupil: TestUser;
let outsider: TestUser;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startListening(database);
  services = server.runtime.services!;
  teacher = await signUpUser(server.app, server.url, 'Teach, Tara');
  helper = await signUpUser(server.app, server.url, 'Admin, Ada');
  pupil = await signUpUser(server.app, server.url, 'Pupil, Pia');
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

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

/**
 * A class (teacher, class admin, pupil) with a public case channel, a private staff channel, an
 * activity on the case channel; and another class of the outsider's with a message.
 */
async function setUp() {
  const db = database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: helper, role: 'admin' },
      { user: pupil, role: 'student' },
    ],
    channels: [
      { name: 'case', is_public: true },
      { name: 'staff', is_public: false },
    ],
  });
  const activityId = makeRecordId('activity', teacher.uid);
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Tesla 2008',
    channel_id: channelIds[0]!,
  });
  const other = await createClassFixture(db, { members: [{ user: outsider, role: 'instructor' }] });
  const caseRef = { class_id: classId, channel_id: channelIds[0]! };
  const staffRef = { class_id: classId, channel_id: channelIds[1]! };
  const otherRef = { class_id: other.classId, channel_id: other.channelIds[0]! };
  const send = (user: TestUser, ref: typeof caseRef, body: string) =>
    callerFor(services, user).messages.send({ id: makeRecordId('msg', user.uid), ...ref, body });
  return { classId, activityId, caseRef, staffRef, otherRef, send };
}

const pinsOf = async (channelId: string) =>
  database.db.select().from(messagePins).where(eq(messagePins.channel_id, channelId));

describe(`case brief (${testDatabaseKind})`, () => {
  it('is written by instructors and class admins and reaches the class live', async () => {
    const { classId, activityId } = await setUp();
    const log = new EventLog<LiveEvent<Activity>>();
    live(pupil).trpc.activities.live.subscribe(
      { class_id: classId },
      { onData: (event) => log.push(event), onError: (error) => log.fail(error) },
    );
    await log.until((events) => events.some((event) => event.type === 'snapshot'));

    const saved = await live(teacher).trpc.activities.setBrief.mutate({
      class_id: classId,
      activity_id: activityId,
      body: '## The case\nRead **pages 1–12** first.',
    });
    expect(saved.brief).toBe('## The case\nRead **pages 1–12** first.');
    expect(saved.updated_by).toBe(teacher.uid);
    await log.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' && event.rows.some((row) => row.brief.startsWith('## The case')),
      ),
    );

    const edited = await callerFor(services, helper).activities.setBrief({
      class_id: classId,
      activity_id: activityId,
      body: 'Changed by the class admin.',
    });
    expect(edited.brief).toBe('Changed by the class admin.');
    await log.until((events) =>
      events.some(
        (event) => event.type === 'upsert' && event.rows.some((row) => row.brief === edited.brief),
      ),
    );
  });

  it('refuses a student, an outsider, an unknown activity and a brief over the bound, changing nothing', async () => {
    const { classId, activityId } = await setUp();
    await callerFor(services, teacher).activities.setBrief({
      class_id: classId,
      activity_id: activityId,
      body: 'Original',
    });
    const attempt = (user: TestUser, fields: { activity_id?: string; body?: string }) =>
      errorOf(
        callerFor(services, user).activities.setBrief({
          class_id: classId,
          activity_id: activityId,
          body: 'Hijacked',
          ...fields,
        }),
      );
    expect(await attempt(pupil, {})).toEqual({
      code: 'FORBIDDEN',
      message: 'Only instructors and class admins can change activities.',
    });
    expect(await attempt(outsider, {})).toEqual({
      code: 'NOT_FOUND',
      message: 'Class not found.',
    });
    expect(await attempt(teacher, { activity_id: 'activity_nope' })).toEqual({
      code: 'NOT_FOUND',
      message: 'Activity not found.',
    });
    const tooLong = await attempt(teacher, { body: 'x'.repeat(BRIEF_MAX_LENGTH + 1) });
    expect(tooLong).toMatchObject({ code: 'BAD_REQUEST' });
    expect((tooLong as { message: string }).message).toContain(
      'A case brief can be at most 20,000 characters',
    );
    const [row] = await database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, activityId));
    expect(row?.brief).toBe('Original');
  });

  it('carries files uploaded in the case channel: readable by the class, deleted when dropped', async () => {
    const { classId, activityId, caseRef } = await setUp();
    const made = { app: server.app, config: { publicUrl: server.url } };
    const place = { classId, channelId: caseRef.channel_id };
    const upload = await uploadFile(made, teacher, place, 'case.pdf', PDF);
    expect(upload.statusCode).toBe(201);
    const file = upload.json<{ id: string }>();
    const download = (user: TestUser) =>
      server.app.inject({ url: `/api/attachments/${file.id}`, headers: { cookie: user.cookie } });
    // Pending: only its uploader reads it.
    expect((await download(pupil)).statusCode).toBe(404);

    const saved = await callerFor(services, teacher).activities.setBrief({
      class_id: classId,
      activity_id: activityId,
      body: 'See the PDF.',
      attachment_ids: [file.id],
    });
    expect(saved.brief_attachments).toEqual([
      { id: file.id, name: 'case.pdf', type: 'application/pdf', size: PDF.length },
    ]);
    expect((await download(pupil)).statusCode).toBe(200);
    expect((await download(outsider)).statusCode).toBe(404);
    // On the brief it is no longer pending: a message cannot take it.
    const stealing = await callerFor(services, teacher).messages.send({
      id: makeRecordId('msg', teacher.uid),
      ...caseRef,
      body: 'stolen',
      attachment_ids: [file.id],
    });
    expect(stealing.attachments).toEqual([]);
    const [kept] = await database.db.select().from(attachments).where(eq(attachments.id, file.id));
    expect(kept?.activity_id).toBe(activityId);
    expect(kept?.message_id).toBeNull();

    // A disabled activity's files are the staff's only.
    await callerFor(services, teacher).activities.setEnabled({
      class_id: classId,
      activity_id: activityId,
      enabled: false,
    });
    expect((await download(pupil)).statusCode).toBe(404);
    expect((await download(helper)).statusCode).toBe(200);

    // Someone else's upload, or an unknown id: refused, nothing changes.
    const theirs = (await uploadFile(made, helper, place, 'other.pdf', PDF)).json<{ id: string }>();
    for (const id of [theirs.id, 'att_unknown'])
      expect(
        await errorOf(
          callerFor(services, teacher).activities.setBrief({
            class_id: classId,
            activity_id: activityId,
            body: 'Changed',
            attachment_ids: [file.id, id],
          }),
        ),
      ).toEqual({
        code: 'BAD_REQUEST',
        message:
          'A file of the brief is not one of your uploads in its case channel. Attach it again.',
      });
    const [unchanged] = await database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, activityId));
    expect(unchanged?.brief).toBe('See the PDF.');

    // Dropping the file from the brief deletes it.
    const dropped = await callerFor(services, teacher).activities.setBrief({
      class_id: classId,
      activity_id: activityId,
      body: 'No files now.',
    });
    expect(dropped.brief_attachments).toEqual([]);
    expect(await database.db.select().from(attachments).where(eq(attachments.id, file.id))).toEqual(
      [],
    );
    expect((await download(teacher)).statusCode).toBe(404);
  });
});

describe(`pins (${testDatabaseKind})`, () => {
  it('are live for everyone in the channel: pin, edit, unpin, delete', async () => {
    const { caseRef, send } = await setUp();
    const first = await send(pupil, caseRef, 'Tesla should *not* build the Roadster.');
    const second = await send(teacher, caseRef, 'Why not?');
    const log = new EventLog<LiveEvent<Pin>>();
    live(pupil).trpc.pins.live.subscribe(caseRef, {
      onData: (event) => log.push(event),
      onError: (error) => log.fail(error),
    });
    await log.until((events) => events.some((event) => event.type === 'snapshot'));
    const upserted = (id: string, test: (pin: Pin) => boolean = () => true) =>
      log.until((events) =>
        events.some(
          (event) =>
            event.type === 'upsert' && event.rows.some((row) => row.message_id === id && test(row)),
        ),
      );

    const pin = await live(teacher).trpc.pins.set.mutate({ id: first.id, on: true });
    expect(pin).toMatchObject({
      message_id: first.id,
      author_uid: pupil.uid,
      author_name: 'Pia Pupil',
      excerpt: 'Tesla should *not* build the Roadster.',
      pinned_by: teacher.uid,
      seq: first.seq,
    });
    await upserted(first.id);
    // The class admin pins too; pinning twice changes nothing.
    await callerFor(services, helper).pins.set({ id: second.id, on: true });
    await upserted(second.id);
    const again = await callerFor(services, teacher).pins.set({ id: first.id, on: true });
    expect(again?.version).toBe(pin?.version);
    expect(await pinsOf(caseRef.channel_id)).toHaveLength(2);

    // The author edits the pinned message: the bar shows the new words.
    await callerFor(services, pupil).messages.edit({ id: first.id, body: 'Changed my mind.' });
    await upserted(first.id, (row) => row.excerpt === 'Changed my mind.');

    // Unpinned: gone from the bar.
    await callerFor(services, teacher).pins.set({ id: second.id, on: false });
    await log.until((events) =>
      events.some((event) => event.type === 'remove' && event.ids.includes(second.id)),
    );
    // Deleted: the message drops out of the pins.
    await callerFor(services, pupil).messages.delete({ id: first.id });
    await log.until((events) =>
      events.some((event) => event.type === 'remove' && event.ids.includes(first.id)),
    );
    expect(await pinsOf(caseRef.channel_id)).toEqual([]);
    // A fresh snapshot has none.
    const fresh = new EventLog<LiveEvent<Pin>>();
    live(teacher).trpc.pins.live.subscribe(caseRef, {
      onData: (event) => fresh.push(event),
      onError: (error) => fresh.fail(error),
    });
    await fresh.until((events) => events.some((event) => event.type === 'snapshot'));
    expect(fresh.events[0]).toMatchObject({ type: 'snapshot', rows: [] });
  });

  it('refuse students, other classes, unknown and deleted messages, changing nothing', async () => {
    const { caseRef, otherRef, send } = await setUp();
    const message = await send(pupil, caseRef, 'Pin me');
    const elsewhere = await send(outsider, otherRef, 'Another class');
    const gone = await send(pupil, caseRef, 'Soon gone');
    await callerFor(services, pupil).messages.delete({ id: gone.id });
    expect(
      await errorOf(callerFor(services, pupil).pins.set({ id: message.id, on: true })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'Only instructors and class admins can pin and unpin messages.',
    });
    for (const id of [elsewhere.id, 'msg_unknown', gone.id])
      expect(await errorOf(callerFor(services, teacher).pins.set({ id, on: true }))).toEqual({
        code: 'NOT_FOUND',
        message: 'Message not found.',
      });
    expect(await pinsOf(caseRef.channel_id)).toEqual([]);
    expect(await pinsOf(otherRef.channel_id)).toEqual([]);
    // A student cannot unpin either.
    await callerFor(services, teacher).pins.set({ id: message.id, on: true });
    expect(
      await errorOf(callerFor(services, pupil).pins.set({ id: message.id, on: false })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await pinsOf(caseRef.channel_id)).toHaveLength(1);
  });

  it('of a private channel are not visible to those who cannot see it', async () => {
    const { staffRef, send } = await setUp();
    const note = await send(teacher, staffRef, 'Grade them gently');
    await callerFor(services, teacher).pins.set({ id: note.id, on: true });
    const log = new EventLog<LiveEvent<Pin>>();
    live(pupil).trpc.pins.live.subscribe(staffRef, {
      onData: (event) => log.push(event),
      onError: (error) => log.fail(error),
    });
    await expect(log.until(() => false, 5_000)).rejects.toMatchObject({
      message: 'Channel not found.',
    });
    const staffLog = new EventLog<LiveEvent<Pin>>();
    live(helper).trpc.pins.live.subscribe(staffRef, {
      onData: (event) => staffLog.push(event),
      onError: (error) => staffLog.fail(error),
    });
    await staffLog.until((events) => events.some((event) => event.type === 'snapshot'));
    expect(staffLog.events[0]).toMatchObject({
      type: 'snapshot',
      rows: [{ message_id: note.id, excerpt: 'Grade them gently' }],
    });
  });

  it(`hold at most ${MAX_PINS_PER_CHANNEL} per channel: the next is refused and nothing stored`, async () => {
    const { caseRef, staffRef, send } = await setUp();
    const sent = [];
    for (let index = 0; index <= MAX_PINS_PER_CHANNEL; index += 1)
      sent.push(await send(teacher, caseRef, `Point ${index + 1}`));
    const staff = await send(teacher, staffRef, 'Another channel has its own 20');
    const teacherCalls = callerFor(services, teacher);
    for (const message of sent.slice(0, MAX_PINS_PER_CHANNEL))
      await teacherCalls.pins.set({ id: message.id, on: true });
    const last = sent[MAX_PINS_PER_CHANNEL]!;
    expect(await errorOf(teacherCalls.pins.set({ id: last.id, on: true }))).toEqual({
      code: 'FORBIDDEN',
      message: PIN_LIMIT_MESSAGE,
    });
    expect(await pinsOf(caseRef.channel_id)).toHaveLength(MAX_PINS_PER_CHANNEL);
    expect(await teacherCalls.pins.set({ id: staff.id, on: true })).not.toBeNull();
    // Re-pinning one of the 20 is no new pin; deleting one frees a place.
    expect(await errorOf(teacherCalls.pins.set({ id: sent[0]!.id, on: true }))).toBe('ok');
    await teacherCalls.messages.delete({ id: sent[0]!.id });
    expect(await errorOf(teacherCalls.pins.set({ id: last.id, on: true }))).toBe('ok');
    expect(await pinsOf(caseRef.channel_id)).toHaveLength(MAX_PINS_PER_CHANNEL);
  });

  it('count racing pins one after the other: the last place goes to one of them', async () => {
    const { caseRef, send } = await setUp();
    const racers = 6;
    const sent = [];
    for (let index = 0; index < MAX_PINS_PER_CHANNEL - 1 + racers; index += 1)
      sent.push(await send(teacher, caseRef, `Claim ${index + 1}`));
    for (const message of sent.slice(0, MAX_PINS_PER_CHANNEL - 1))
      await callerFor(services, teacher).pins.set({ id: message.id, on: true });
    // Staff pin a different message each, all at once.
    const outcomes = await Promise.all(
      sent.slice(MAX_PINS_PER_CHANNEL - 1).map((message, index) =>
        errorOf(
          callerFor(services, index % 2 ? helper : teacher).pins.set({
            id: message.id,
            on: true,
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(outcomes).toContainEqual({ code: 'FORBIDDEN', message: PIN_LIMIT_MESSAGE });
    expect(await pinsOf(caseRef.channel_id)).toHaveLength(MAX_PINS_PER_CHANNEL);
  });
});
