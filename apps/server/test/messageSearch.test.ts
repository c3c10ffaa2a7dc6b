// Message search (docs/channels.md#search): full-text, ranked, highlighted, filtered and paged, and
// never a message of a channel the viewer cannot see, of another class, or deleted. Also the range
// query that opens a channel at a found message, and the per-person bound on searches. On PGlite
// and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, SEARCH_PAGE_SIZE, type MessageSearchResult } from '@seminar/shared';
import { queryRows } from '../src/db/client';
import { channels, messages } from '../src/db/schema';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let teacher: TestUser;
let pupil: TestUser;
let unverified: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  const { app, config } = server.made;
  teacher = await signUpUser(app, config.publicUrl, 'Freire, Paulo');
  pupil = await signUpUser(app, config.publicUrl, 'Pupil, Pia');
  unverified = await signUpUser(app, config.publicUrl, 'Later, Lee', undefined, {
    verified: false,
  });
  outsider = await signUpUser(app, config.publicUrl, 'Outside, Otto');
});

let counter = 0;
/** A message row as the send path makes it (seq taken from the channel like the send statement). */
async function post(classId: string, channelId: string, author: TestUser, body: string) {
  const [channel] = await server.database.db
    .update(channels)
    .set({ last_seq: sql`${channels.last_seq} + 1` })
    .where(eq(channels.channel_id, channelId))
    .returning({ seq: channels.last_seq });
  const id = `msg_search_${(counter += 1)}_${Date.now().toString(36)}`;
  await server.database.db.insert(messages).values({
    id,
    class_id: classId,
    channel_id: channelId,
    seq: channel!.seq,
    author_uid: author.uid,
    author_name: author.displayName,
    body,
  });
  return id;
}

const search = (viewer: TestUser, input: Record<string, unknown>) =>
  callerFor(server.services, viewer).messages.search(input as never);
const bodiesOf = (results: MessageSearchResult[]) =>
  results.map((result) => result.snippet.map((segment) => segment.text).join('')).sort();

/** A class with one channel of every kind, each holding a message about photosynthesis. */
async function world() {
  const { classId, channelIds } = await createClassFixture(server.database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
      { user: unverified, role: 'student' },
    ],
    channels: [
      { name: 'general', is_public: true },
      { name: 'staff room' },
      { name: 'team red', members: [pupil] },
      { name: 'team mail' },
      { name: 'archive', is_public: true },
      { name: 'gone', is_public: true },
    ],
  });
  const [general, staff, red, mail, archive, gone] = channelIds as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  await server.database.db
    .update(channels)
    .set({ channel_group: [` ${pupil.email.toUpperCase()} `, unverified.email] })
    .where(eq(channels.channel_id, mail));
  for (const [channelId, where] of [
    [general, 'general'],
    [staff, 'staff'],
    [red, 'red'],
    [mail, 'mail'],
    [archive, 'archive'],
    [gone, 'gone'],
  ] as const) {
    await post(classId, channelId, teacher, `Photosynthesis notes in ${where}`);
  }
  await server.database.db
    .update(channels)
    .set({ enabled: false })
    .where(eq(channels.channel_id, archive));
  await server.database.db
    .update(channels)
    .set({ deleted: true })
    .where(eq(channels.channel_id, gone));
  // Another class, same words: never found from this one.
  const other = await createClassFixture(server.database.db, {
    members: [
      { user: outsider, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
  });
  await post(other.classId, other.channelIds[0]!, outsider, 'Photosynthesis notes elsewhere');
  return { classId, general, staff, red, mail, archive, gone, otherClassId: other.classId };
}

describe(`message search visibility (${testDatabaseKind})`, () => {
  it('finds for a student only the channels they see: public, enrolled, their group’s; never another class', async () => {
    const { classId } = await world();
    const page = await search(pupil, { class_id: classId, query: 'photosynthesis' });
    expect(bodiesOf(page.results)).toEqual([
      'Photosynthesis notes in general',
      'Photosynthesis notes in mail',
      'Photosynthesis notes in red',
    ]);
    expect(page.nextOffset).toBeNull();
  });

  it('does not give an unverified address its group’s channel', async () => {
    const { classId } = await world();
    const page = await search(unverified, { class_id: classId, query: 'photosynthesis' });
    expect(bodiesOf(page.results)).toEqual(['Photosynthesis notes in general']);
  });

  it('finds for an instructor every channel not deleted, disabled ones too', async () => {
    const { classId } = await world();
    const page = await search(teacher, { class_id: classId, query: 'photosynthesis' });
    expect(bodiesOf(page.results)).toEqual(
      ['archive', 'general', 'mail', 'red', 'staff'].map((w) => `Photosynthesis notes in ${w}`),
    );
  });

  it('never finds a deleted message, and finds an edited one by its new words only', async () => {
    const { classId, general } = await world();
    const id = makeRecordId('msg', pupil.uid);
    await callerFor(server.services, pupil).messages.send({
      id,
      class_id: classId,
      channel_id: general,
      body: 'chlorophyll is green',
    });
    expect((await search(pupil, { class_id: classId, query: 'chlorophyll' })).results).toHaveLength(
      1,
    );
    await callerFor(server.services, pupil).messages.edit({ id, body: 'stomata are pores' });
    expect((await search(pupil, { class_id: classId, query: 'chlorophyll' })).results).toEqual([]);
    expect(
      (await search(pupil, { class_id: classId, query: 'stomata' })).results.map((r) => r.id),
    ).toEqual([id]);
    await callerFor(server.services, pupil).messages.delete({ id });
    expect((await search(teacher, { class_id: classId, query: 'stomata' })).results).toEqual([]);
  });

  it('answers an outsider of the class “Class not found.”, and a filter on a hidden channel finds nothing', async () => {
    const { classId, staff, otherClassId } = await world();
    await expect(search(outsider, { class_id: classId, query: 'notes' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Class not found.',
    });
    const hidden = await search(pupil, { class_id: classId, query: 'notes', channel_id: staff });
    expect(hidden.results).toEqual([]);
    const foreign = await search(pupil, { class_id: otherClassId, query: 'photosynthesis' });
    expect(bodiesOf(foreign.results)).toEqual(['Photosynthesis notes elsewhere']);
  });
});

describe(`message search results (${testDatabaseKind})`, () => {
  it('ranks, matches words as prefixes, filters by channel and author, and highlights as data', async () => {
    const { classId, general, red } = await world();
    await post(classId, general, pupil, 'light light light: the light reactions');
    await post(classId, general, teacher, 'a little light reading');
    await post(classId, red, pupil, 'lighthouse <b>trip</b>  &amp; <img src=x onerror=alert(1)>');
    const all = await search(pupil, { class_id: classId, query: 'LIGHT' });
    expect(all.results).toHaveLength(3);
    expect(all.results[0]!.snippet.map((s) => s.text).join('')).toContain('light reactions');
    const own = await search(pupil, { class_id: classId, query: 'light', author_uid: pupil.uid });
    expect(own.results.map((r) => r.author_uid)).toEqual([pupil.uid, pupil.uid]);
    const inRed = await search(pupil, { class_id: classId, query: 'light', channel_id: red });
    expect(inRed.results).toHaveLength(1);
    const [found] = inRed.results;
    expect(found).toMatchObject({
      channel_id: red,
      channel_name: 'team red',
      author_name: 'Pupil, Pia',
    });
    // The hit is marked as a segment; the body's own markup stays text, as written.
    expect(found!.snippet).toEqual([
      { text: 'lighthouse', hit: true },
      { text: ' <b>trip</b> &amp; <img src=x onerror=alert(1)>', hit: false },
    ]);
  });

  it('pages with a bounded page size', async () => {
    const { classId, general } = await world();
    for (let i = 0; i < SEARCH_PAGE_SIZE + 5; i += 1)
      await post(classId, general, pupil, `quiz ${i}`);
    const first = await search(pupil, { class_id: classId, query: 'quiz' });
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.nextOffset).toBe(SEARCH_PAGE_SIZE);
    const second = await search(pupil, {
      class_id: classId,
      query: 'quiz',
      offset: first.nextOffset,
    });
    expect(second.results).toHaveLength(5);
    expect(second.nextOffset).toBeNull();
    const ids = new Set([...first.results, ...second.results].map((r) => r.id));
    expect(ids.size).toBe(SEARCH_PAGE_SIZE + 5);
    await expect(
      search(pupil, { class_id: classId, query: 'quiz', offset: 10_000 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('uses the GIN index on the class and the body’s stored tsvector', async () => {
    const rows = await queryRows<Record<string, string>>(
      server.database.db,
      sql`select indexdef from pg_indexes where indexname = 'messages_search_idx'`,
    );
    expect(rows[0]?.indexdef).toMatch(/USING gin \(class_id, search_vector\)/);
    // With sequential scans priced out the planner must reach the rows through the index: proof
    // that the search statement's expression is the indexed one.
    const plan = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<Record<string, string>>(
        tx,
        sql`explain select id from messages where class_id = 'c'
          and search_vector @@ to_tsquery('simple', ${"'light':*"})`,
      );
    });
    expect(plan.map((row) => Object.values(row)[0]).join('\n')).toContain('messages_search_idx');
  });
});

describe(`message range (${testDatabaseKind})`, () => {
  it('loads the messages between two seqs of a channel the viewer sees, and refuses a hidden one', async () => {
    const { classId, general, staff } = await world();
    for (let i = 0; i < 9; i += 1) await post(classId, general, pupil, `line ${i}`);
    const rows = await callerFor(server.services, pupil).messages.range({
      class_id: classId,
      channel_id: general,
      fromSeq: 3,
      beforeSeq: 7,
    });
    expect(rows.map((row) => row.seq)).toEqual([3, 4, 5, 6]);
    await expect(
      callerFor(server.services, pupil).messages.range({
        class_id: classId,
        channel_id: staff,
        fromSeq: 1,
        beforeSeq: 2,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe(`messages.search is bounded per person (${testDatabaseKind})`, () => {
  const bounded = useTestServer({ SEARCH_PER_MINUTE: '3' });

  it('refuses a person past SEARCH_PER_MINUTE with TOO_MANY_REQUESTS, and only that person', async () => {
    const { app, config } = bounded.made;
    const eager = await signUpUser(app, config.publicUrl, 'Eager, Eve');
    const calm = await signUpUser(app, config.publicUrl, 'Calm, Cal');
    const { classId } = await createClassFixture(bounded.database.db, {
      members: [
        { user: eager, role: 'student' },
        { user: calm, role: 'student' },
      ],
    });
    const search = (user: TestUser) =>
      callerFor(bounded.services, user).messages.search({ class_id: classId, query: 'photo' });
    for (let i = 0; i < 3; i += 1) await expect(search(eager)).resolves.toMatchObject({});
    await expect(search(eager)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many searches in a short time. Wait a moment and try again.',
    });
    await expect(search(calm)).resolves.toEqual({ results: [], nextOffset: null });
  });
});
