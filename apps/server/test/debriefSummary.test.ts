// The AI summary (docs/debrief.md#the-ai-summary) against a real OpenAI-compatible HTTP server
// (test-support/openaiServer.ts) whose model reads its prompt: it cites two real messages, one id
// it invents and one message of another class. The summary streams into the live row, and only the
// activity's messages stay cited. Without a model the procedure says how to enable one. On PGlite
// and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordId, newMessageId, type DebriefSummary, type LiveEvent } from '@seminar/shared';
import { startTestOpenAiServer, type TestOpenAiServer } from '../../../test-support/openaiServer';
import type { Database } from '../src/db/client';
import { activities } from '../src/db/schema';
import type { Services } from '../src/services';
import { callerFor, collect } from './callers';
import { createTestDatabase } from './database';
import { startListening } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

let database: Database;
let withModel: Awaited<ReturnType<typeof startListening>>;
let withoutModel: Awaited<ReturnType<typeof startListening>>;
let openai: TestOpenAiServer;
let teacher: TestUser;
let ann: TestUser;
/** A message of another class: the model is told of it, the summary must not cite it. */
let foreignId = '';

beforeAll(async () => {
  openai = await startTestOpenAiServer({
    chunkDelayMs: 5,
    chunkSize: 6,
    answer: (body) => {
      const prompt = body.messages.map((message) => JSON.stringify(message.content)).join('\n');
      const ids = [...prompt.matchAll(/\[m:([A-Za-z0-9_-]+)\]/g)].map((match) => match[1]);
      return [
        '## Themes',
        `- Price against reach [m:${ids[0]}] [m:msg_20260101000000000_invented_x1]`,
        '## Positions',
        `- Brazil first: 2 students [m:${ids[1]}] [m:${foreignId}]`,
        '## Open questions',
        '- Who pays for shipping?',
      ].join('\n');
    },
  });
  database = await createTestDatabase();
  withModel = await startListening(database, {
    AI_BASE_URL: openai.url,
    AI_MODEL: 'test-model',
  });
  withoutModel = await startListening(database);
  teacher = await signUpUser(withModel.app, withModel.url, 'Teach, Tara');
  ann = await signUpUser(withModel.app, withModel.url, 'Ash, Ann');
}, 60_000);
afterAll(async () => {
  await withModel?.app.close();
  await withoutModel?.app.close();
  await database?.close();
  await openai?.close();
});

async function setUp() {
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: ann, role: 'student' },
    ],
    channels: [{ name: 'case', is_public: true }],
  });
  const ref = { class_id: classId, channel_id: channelIds[0]! };
  const act = { class_id: classId, activity_id: makeRecordId('activity', teacher.uid) };
  await database.db
    .insert(activities)
    .values({ ...act, title: 'Market entry', channel_id: ref.channel_id });
  return { ref, act };
}

describe('Summarize the discussion', () => {
  it('streams a summary whose citations are only the activity messages', async () => {
    const services: Services = withModel.runtime.services!;
    const other = await setUp();
    const foreign = await callerFor(services, teacher).messages.send({
      id: makeRecordId('msg', teacher.uid),
      ...other.ref,
      body: 'Another class entirely',
    });
    foreignId = foreign.id;
    const { ref, act } = await setUp();
    const send = (body: string) =>
      callerFor(services, ann).messages.send({ id: makeRecordId('msg', ann.uid), ...ref, body });
    const first = await send('Brazil is big but the price is high.');
    const second = await send('I still say Brazil first.');

    const live = await collect<DebriefSummary>(services, teacher, (caller) =>
      caller.debrief.summary(act),
    );
    await live.until((events) => events.some((event) => event.type === 'snapshot'));
    const started = await callerFor(services, teacher).debrief.summarize(act);
    expect(started).toMatchObject({ status: 'streaming', text: '' });
    // A second click while it is written is refused.
    await expect(callerFor(services, teacher).debrief.summarize(act)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const rows = (events: LiveEvent<DebriefSummary>[]) =>
      events.flatMap((event) =>
        event.type === 'upsert' || event.type === 'snapshot' ? event.rows : [],
      );
    await live.until((events) => rows(events).some((row) => row.status === 'done'));
    const done = rows(live.events).find((row) => row.status === 'done')!;
    expect(done.citations).toEqual([
      { id: first.id, channel_id: ref.channel_id, seq: first.seq },
      { id: second.id, channel_id: ref.channel_id, seq: second.seq },
    ]);
    expect(done.text).toContain(`[m:${first.id}]`);
    expect(done.text).toContain(`[m:${second.id}]`);
    expect(done.text).not.toContain('invented');
    expect(done.text).not.toContain(foreign.id);
    expect(done.text).toContain('Who pays for shipping?');
    // No streamed state ever showed a citation outside the activity.
    for (const row of rows(live.events)) {
      expect(row.text).not.toContain('invented');
      expect(row.text).not.toContain(foreign.id);
    }
    await live.stop();

    // The model was given the transcript with ids and names, and asked for cited points.
    const request = openai.requests.at(-1)!.body;
    const prompt = JSON.stringify(request.messages);
    expect(prompt).toContain(`[m:${first.id}] Ann Ash: Brazil is big but the price is high.`);
    expect(prompt).toContain('Never cite an id that is not in the transcript');

    // Students neither start nor read it.
    await expect(callerFor(services, ann).debrief.summarize(act)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('in an anonymous activity, shows the model pseudonyms, never the students’ names', async () => {
    const services: Services = withModel.runtime.services!;
    const { ref, act } = await setUp();
    await callerFor(services, teacher).activities.setAnonymous(act);
    const posted = await callerFor(services, ann).messages.send({
      id: newMessageId(),
      ...ref,
      body: 'Chile has the better ports.',
    });
    const staffSaid = await callerFor(services, teacher).messages.send({
      id: newMessageId(),
      ...ref,
      body: 'What about tariffs?',
    });
    const live = await collect<DebriefSummary>(services, teacher, (caller) =>
      caller.debrief.summary(act),
    );
    await live.until((events) => events.some((event) => event.type === 'snapshot'));
    await callerFor(services, teacher).debrief.summarize(act);
    await live.until((events) =>
      events.some(
        (event) =>
          (event.type === 'upsert' || event.type === 'snapshot') &&
          event.rows.some((row) => row.status === 'done'),
      ),
    );
    await live.stop();
    const prompt = JSON.stringify(openai.requests.at(-1)!.body.messages);
    expect(prompt).toMatch(new RegExp(`\\[m:${posted.id}\\] Participant \\d+: Chile`));
    expect(prompt).not.toContain('Ann');
    expect(prompt).not.toContain(ann.uid);
    // Staff are not anonymous.
    expect(prompt).toContain(`[m:${staffSaid.id}] Tara Teach: What about tariffs?`);
  });

  it('without a model, says how to enable it and writes nothing', async () => {
    const services: Services = withoutModel.runtime.services!;
    const { act } = await setUp();
    await expect(callerFor(services, teacher).debrief.summarize(act)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: expect.stringContaining('set AI_BASE_URL and AI_MODEL'),
    });
    const live = await collect<DebriefSummary>(services, teacher, (caller) =>
      caller.debrief.summary(act),
    );
    await live.until((events) => events.some((event) => event.type === 'snapshot'));
    expect(live.events[0]).toMatchObject({ type: 'snapshot', rows: [] });
    await live.stop();
  });
});
