// The class's record (docs/classes.md#export): GET /api/classes/:id/export streams a zip that reads
// back (central directory + inflate, test-support/zipReader.ts) to the same counts as the database:
// every message as stored (edited, deleted), reactions, polls with their counts (an anonymous poll's
// ballots only as counts), pins, agent exchanges, the roster, and the attachments' bytes. Only the
// class's instructors and class admins may export; everyone else gets the same 404. On PGlite and
// PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CLASS_RECORD_FORMAT,
  classRecordManifestSchema,
  makeRecordId,
  type MessageAttachment,
} from '@seminar/shared';
import { readRecord } from '../../../test-support/zipReader';
import { activities, aiJobs, classMemberships } from '../src/db/schema';
import { RECORD_PAGE_ROWS } from '../src/classRecord/sections';
import { callerFor } from './callers';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';
import { PDF, uploadFile } from './uploads';

const server = useTestServer({ ATTACHMENT_UPLOADS_PER_MINUTE: '1000' });
let teacher: TestUser;
let helper: TestUser;
let pupil: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  const { app, config } = server.made;
  teacher = await signUpUser(app, config.publicUrl, 'Freire, Paulo');
  helper = await signUpUser(app, config.publicUrl, 'Helper, Hana');
  pupil = await signUpUser(app, config.publicUrl, 'Pupil, Pia');
  outsider = await signUpUser(app, config.publicUrl, 'Outside, Otto');
});

const exportOf = (user: TestUser | null, classId: string) =>
  server.made.app.inject({
    method: 'GET',
    url: `/api/classes/${encodeURIComponent(classId)}/export`,
    headers: user ? { cookie: user.cookie } : {},
  });

/** A class with a bit of everything, written through the app's own commands. */
async function seededClass() {
  const db = server.database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: helper, role: 'admin' },
      { user: pupil, role: 'student' },
    ],
    channels: [
      { name: 'general', is_public: true },
      { name: 'case room', is_public: true },
    ],
  });
  await createClassFixture(db, { members: [{ user: outsider, role: 'instructor' }] });
  const [general, caseRoom] = [channelIds[0]!, channelIds[1]!];
  const t = callerFor(server.services, teacher);
  const p = callerFor(server.services, pupil);
  const send = (
    caller: typeof t,
    uid: string,
    channelId: string,
    body: string,
    ids: string[] = [],
  ) =>
    caller.messages.send({
      id: makeRecordId('msg', uid),
      class_id: classId,
      channel_id: channelId,
      body,
      attachment_ids: ids,
    });
  const uploaded = await uploadFile(
    server.made,
    pupil,
    { classId, channelId: general },
    'notes.pdf',
    PDF,
  );
  expect(uploaded.statusCode).toBe(201);
  const file = uploaded.json<MessageAttachment>();
  const first = await send(t, teacher.uid, general, 'Welcome to the case.');
  const withFile = await send(p, pupil.uid, general, 'My notes', [file.id]);
  const edited = await send(p, pupil.uid, caseRoom, 'First tkae');
  await p.messages.edit({ id: edited.id, body: 'First take' });
  const gone = await send(p, pupil.uid, caseRoom, 'Oops, wrong channel');
  await p.messages.delete({ id: gone.id });
  await p.messages.react({ id: first.id, emoji: '👍', on: true });
  await t.messages.react({ id: first.id, emoji: '👍', on: true });
  await p.messages.react({ id: first.id, emoji: '🎉', on: true });
  await t.pins.set({ id: first.id, on: true });
  const poll = (anonymous: boolean) =>
    t.polls.create({
      id: makeRecordId('msg', teacher.uid),
      class_id: classId,
      channel_id: caseRoom,
      question: anonymous ? 'Secret?' : 'Open?',
      options: ['Yes', 'No'],
      multiple: false,
      anonymous,
      results: 'live',
    });
  const named = await poll(false);
  const secret = await poll(true);
  await p.polls.vote({ id: named.id, option_ids: ['o1'] });
  await t.polls.vote({ id: named.id, option_ids: ['o2'] });
  await p.polls.vote({ id: secret.id, option_ids: ['o2'] });
  await t.classes.addMembers({
    class_id: classId,
    role: 'student',
    people: [{ email: 'not.yet@example.edu', name: 'Not Yet' }],
  });
  const activityId = makeRecordId('activity', teacher.uid);
  await db.insert(activities).values({
    activity_id: activityId,
    class_id: classId,
    title: 'Kelp forests',
    channel_id: caseRoom,
  });
  // An agent exchange as the worker leaves it (the worker itself is tested in agents*.test.ts).
  await db.insert(aiJobs).values({
    job_id: `job_${edited.id}_DataAnalystBot`,
    class_id: classId,
    activity_id: activityId,
    channel_id: caseRoom,
    message_id: edited.id,
    agent: 'DataAnalystBot',
    product_id: 'product_x',
    author_uid: pupil.uid,
    status: 'done',
    worker: 'node-1',
  });
  // The debrief's rubric and one student's grade.
  const act = { class_id: classId, activity_id: activityId };
  await t.debrief.setRubric({
    ...act,
    scale: 10,
    criteria: [{ id: 'c1', name: 'Quality', weight: 100, source: 'manual' }],
  });
  await t.debrief.setGrade({ ...act, uid: pupil.uid, marks: { c1: 7 }, comment: 'Thoughtful' });
  return { classId, general, caseRoom, file, named, secret, withFile };
}

/** Rows of the class in the database, counted the plain way. */
async function countsInDatabase(classId: string) {
  const count = async (query: ReturnType<typeof sql>) =>
    Number(
      ((await server.database.db.execute(query)) as unknown as { rows: Array<{ n: unknown }> })
        .rows[0]?.n,
    );
  return {
    'roster.jsonl': await count(
      sql`select count(*) as n from class_memberships where class_id = ${classId}`,
    ),
    'invitations.jsonl': await count(
      sql`select count(*) as n from class_invitations where class_id = ${classId}`,
    ),
    'activities.jsonl': await count(
      sql`select count(*) as n from activities where class_id = ${classId}`,
    ),
    'channels.jsonl': await count(
      sql`select count(*) as n from channels where class_id = ${classId}`,
    ),
    'messages.jsonl': await count(
      sql`select count(*) as n from messages where class_id = ${classId}`,
    ),
    'reactions.jsonl': await count(
      sql`select count(*) as n from messages m, jsonb_array_elements(m.reactions) r,
        jsonb_array_elements_text(r.value -> 'uids') u where m.class_id = ${classId}`,
    ),
    'polls.jsonl': await count(sql`select count(*) as n from polls where class_id = ${classId}`),
    'pins.jsonl': await count(
      sql`select count(*) as n from message_pins where class_id = ${classId}`,
    ),
    'agent_exchanges.jsonl': await count(
      sql`select count(*) as n from ai_jobs where class_id = ${classId}`,
    ),
    'rubrics.jsonl': await count(
      sql`select count(*) as n from debrief_rubrics where class_id = ${classId}`,
    ),
    'grades.jsonl': await count(
      sql`select count(*) as n from debrief_grades where class_id = ${classId}`,
    ),
  };
}

describe('class export', () => {
  it('streams a zip that reads back to the same counts, messages as stored', async () => {
    const seeded = await seededClass();
    const response = await exportOf(teacher, seeded.classId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Class .* record \d{4}-\d\d-\d\d\.zip"/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const record = readRecord(response.rawPayload);
    const names = [...record.entries.keys()];
    expect(names[0]).toBe('class.json');
    expect(names.at(-1)).toBe('manifest.json');

    const manifest = classRecordManifestSchema.parse(record.json('manifest.json'));
    expect(manifest).toMatchObject({
      format: CLASS_RECORD_FORMAT,
      version: 1,
      class_id: seeded.classId,
      exported_by: { uid: teacher.uid },
      attachments: { files: 1, bytes: PDF.length, missing: 0 },
    });
    const expected = await countsInDatabase(seeded.classId);
    for (const [file, rows] of Object.entries(expected)) {
      expect(record.lines(file), file).toHaveLength(rows);
      expect(manifest.files[file], file).toBe(rows);
    }
    // The seeded figures themselves, so the comparison above cannot pass on two empty sides.
    expect(expected).toMatchObject({
      'roster.jsonl': 3,
      'invitations.jsonl': 1,
      'channels.jsonl': 2,
      'messages.jsonl': 6,
      'reactions.jsonl': 3,
      'polls.jsonl': 2,
      'pins.jsonl': 1,
      'agent_exchanges.jsonl': 1,
      'rubrics.jsonl': 1,
      'grades.jsonl': 1,
    });

    expect(record.json('class.json')).toMatchObject({ class_id: seeded.classId });
    const messages = record.lines('messages.jsonl') as Array<Record<string, unknown>>;
    expect(messages.find((m) => m.body === 'First take')).toMatchObject({ deleted: false });
    expect(messages.find((m) => m.body === 'First take')?.edited_at).not.toBeNull();
    expect(messages.find((m) => m.body === 'Oops, wrong channel')).toMatchObject({ deleted: true });
    // A message as stored: its declared columns, never the search's internal tsvector.
    for (const message of messages) expect(message).not.toHaveProperty('search_vector');

    const roster = record.lines('roster.jsonl') as Array<Record<string, unknown>>;
    expect(roster).toContainEqual(
      expect.objectContaining({ uid: pupil.uid, role: 'student', email: pupil.email }),
    );

    // Secrecy: the anonymous poll's ballots are only counts; the salt never leaves.
    const polls = record.lines('polls.jsonl') as Array<Record<string, unknown>>;
    expect(polls.find((poll) => poll.id === seeded.secret.id)).toMatchObject({
      anonymous: true,
      ballots: 1,
      counts: { o2: 1 },
    });
    for (const poll of polls) expect(poll).not.toHaveProperty('ballot_salt');
    const votes = record.lines('poll_votes.jsonl') as Array<Record<string, unknown>>;
    expect(votes).toHaveLength(2);
    expect(votes.every((vote) => vote.poll_id === seeded.named.id)).toBe(true);
    expect(votes).toContainEqual({ poll_id: seeded.named.id, uid: pupil.uid, choice: ['o1'] });

    const exchanges = record.lines('agent_exchanges.jsonl') as Array<Record<string, unknown>>;
    expect(exchanges[0]).toMatchObject({ agent: 'DataAnalystBot', status: 'done' });
    expect(exchanges[0]).not.toHaveProperty('worker');

    const files = record.lines('attachments.jsonl') as Array<Record<string, unknown>>;
    expect(files).toEqual([
      expect.objectContaining({
        id: seeded.file.id,
        message_id: seeded.withFile.id,
        name: 'notes.pdf',
        size: PDF.length,
        store: 'database',
        path: `files/${seeded.file.id}/notes.pdf`,
      }),
    ]);
    expect(files[0]).not.toHaveProperty('object_key');
    expect(record.entries.get(`files/${seeded.file.id}/notes.pdf`)?.data()).toEqual(PDF);
  });

  it('pages through more rows than one page holds, in order, nothing twice', async () => {
    const { classId, channelIds } = await createClassFixture(server.database.db, {
      members: [{ user: teacher, role: 'instructor' }],
    });
    const total = RECORD_PAGE_ROWS * 2 + 7;
    await server.database.db.execute(sql`
      with bumped as (update channels set last_seq = ${total} where channel_id = ${channelIds[0]!})
      insert into messages (id, class_id, channel_id, seq, author_uid, author_name, body)
      select 'msg_bulk_' || g, ${classId}, ${channelIds[0]!}, g, ${teacher.uid}, 'Paulo', 'line ' || g
      from generate_series(1, ${total}) g`);
    const response = await exportOf(teacher, classId);
    expect(response.statusCode).toBe(200);
    const messages = readRecord(response.rawPayload).lines('messages.jsonl') as Array<{
      seq: number;
    }>;
    expect(messages.map((m) => Number(m.seq))).toEqual(
      Array.from({ length: total }, (_, i) => i + 1),
    );
  });

  it('lets instructors and class admins export; everyone else gets the same 404', async () => {
    const { classId } = await seededClass();
    expect((await exportOf(helper, classId)).statusCode).toBe(200);
    const refusals = await Promise.all(
      [pupil, outsider].map(async (user) => {
        const response = await exportOf(user, classId);
        return [response.statusCode, response.json()];
      }),
    );
    const missing = await exportOf(teacher, 'class_that_does_not_exist');
    const badId = await exportOf(teacher, '__bad__');
    for (const answer of [
      ...refusals,
      [missing.statusCode, missing.json()],
      [badId.statusCode, badId.json()],
    ])
      expect(answer).toEqual([
        404,
        { error: 'not_found', code: 'NOT_FOUND', message: 'Class not found.' },
      ]);
    expect((await exportOf(null, classId)).statusCode).toBe(401);
    // A member disabled in the class is no longer its staff.
    await server.database.db.execute(
      sql`update ${classMemberships} set enabled = false where class_id = ${classId} and uid = ${helper.uid}`,
    );
    expect((await exportOf(helper, classId)).statusCode).toBe(404);
  });
});
