// A student's own exchanges with AI agents (issue 32 part 6): `activities.myExchanges` lists the
// viewer's questions and the answers, per activity across the class, and nobody else's; in an
// anonymous activity a classmate mentioned in them is their pseudonym (or @someone), never their
// name or id. Also DataAnalystBot answering three requests of one sentence in one reply (part 1).
// On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOT_NAME, makeRecordId, mentionToken, myExchangesMarkdown } from '@seminar/shared';
import { activities, activityPseudonyms, aiJobs, messages, products } from '../src/db/schema';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer({ AI_TRIGGERS_PER_MINUTE: '100' });
let teacher: TestUser;
let ann: TestUser;
let ben: TestUser;
let outsider: TestUser;

const CSV = ['```csv', 'hours,score', '1,52', '2,58', '3,61', '4,70', '5,74', '6,83', '```'].join(
  '\n',
);

beforeAll(async () => {
  const made = server.made;
  teacher = await signUpUser(made.app, made.config.publicUrl, 'Dewey, John');
  ann = await signUpUser(made.app, made.config.publicUrl, 'Annette Quill');
  ben = await signUpUser(made.app, made.config.publicUrl, 'Benedikt Marlow');
  outsider = await signUpUser(made.app, made.config.publicUrl, 'Olga Outside');
});

async function world() {
  const db = server.database.db;
  const { classId, channelIds } = await createClassFixture(db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: ann, role: 'student' },
      { user: ben, role: 'student' },
    ],
    channels: [
      { name: 'named case', is_public: true },
      { name: 'anonymous case', is_public: true },
    ],
  });
  const productId = makeRecordId('product', teacher.uid);
  await db.insert(products).values({
    product_id: productId,
    title: 'Data analyst',
    name: 'data-analyst',
    ai_agent_refs: [BOT_NAME],
  });
  const named = makeRecordId('activity', teacher.uid);
  const hidden = makeRecordId('activity', teacher.uid);
  await db.insert(activities).values([
    {
      activity_id: named,
      class_id: classId,
      title: 'Named case',
      product_id: productId,
      channel_id: channelIds[0]!,
    },
    {
      activity_id: hidden,
      class_id: classId,
      title: 'Anonymous case',
      product_id: productId,
      channel_id: channelIds[1]!,
      anonymous: true,
    },
  ]);
  return { classId, namedChannel: channelIds[0]!, hiddenChannel: channelIds[1]!, named, hidden };
}

async function ask(user: TestUser, classId: string, channelId: string, body: string) {
  return callerFor(server.services, user).messages.send({
    id: makeRecordId('msg', user.uid),
    class_id: classId,
    channel_id: channelId,
    body,
  });
}

async function settled(activityIds: string[]) {
  await expect
    .poll(
      async () => {
        const jobs = await server.database.db.select().from(aiJobs);
        return jobs
          .filter((job) => activityIds.includes(job.activity_id))
          .every((job) => job.status === 'done');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe(`a student's own exchanges with agents (${testDatabaseKind})`, () => {
  it('lists only the viewer’s exchanges, per activity, with the answers; mentions as they saw them', async () => {
    const w = await world();
    await ask(
      ann,
      w.classId,
      w.namedChannel,
      `@${BOT_NAME} summary of score, asked with ${mentionToken(ben.uid)}\n${CSV}`,
    );
    await ask(ben, w.classId, w.namedChannel, `@${BOT_NAME} Ben's own question\n${CSV}`);
    await ask(
      ann,
      w.classId,
      w.hiddenChannel,
      `@${BOT_NAME} histogram of score, ${mentionToken(ben.uid)} thinks it is skewed\n${CSV}`,
    );
    await settled([w.named, w.hidden]);

    const mine = await callerFor(server.services, ann).activities.myExchanges({
      class_id: w.classId,
    });
    expect(mine.map((a) => [a.title, a.anonymous, a.exchanges.length]).sort()).toEqual([
      ['Anonymous case', true, 1],
      ['Named case', false, 1],
    ]);
    const named = mine.find((a) => a.activity_id === w.named)!;
    expect(named.exchanges[0]).toMatchObject({ agent: BOT_NAME, status: 'done' });
    expect(named.exchanges[0]!.question).toContain('asked with @Benedikt Marlow');
    expect(named.exchanges[0]!.answer).toContain('Summary of `score`');
    const all = JSON.stringify(mine);
    expect(all).not.toContain("Ben's own question");

    // The anonymous activity: Ben has no pseudonym yet, then one.
    const hidden = () => mine.find((a) => a.activity_id === w.hidden)!.exchanges[0]!;
    expect(hidden().question).toContain('@someone thinks it is skewed');
    for (const secret of ['Benedikt', 'Marlow', ben.uid, ben.email])
      expect(JSON.stringify(mine.find((a) => a.activity_id === w.hidden))).not.toContain(secret);
    await server.database.db
      .insert(activityPseudonyms)
      .values({ activity_id: w.hidden, uid: ben.uid, number: 4 });
    const again = await callerFor(server.services, ann).activities.myExchanges({
      class_id: w.classId,
    });
    const anonymous = again.find((a) => a.activity_id === w.hidden)!;
    expect(anonymous.exchanges[0]!.question).toContain('@Participant 4 thinks it is skewed');
    expect(JSON.stringify(anonymous)).not.toContain(ben.uid);

    // The file: Markdown, each question quoted and the answer under it, nothing of Ben's.
    const file = myExchangesMarkdown('Class', again, Date.UTC(2026, 10, 29));
    expect(file).toContain('## Anonymous case');
    expect(file).toContain(
      '> @DataAnalystBot histogram of score, @Participant 4 thinks it is skewed',
    );
    expect(file).not.toContain("Ben's own question");

    // Ben sees his own only; the instructor has asked nothing.
    const bens = await callerFor(server.services, ben).activities.myExchanges({
      class_id: w.classId,
    });
    expect(bens.flatMap((a) => a.exchanges.map((e) => e.question))).toEqual([
      expect.stringContaining("Ben's own question"),
    ]);
    expect(
      await callerFor(server.services, teacher).activities.myExchanges({ class_id: w.classId }),
    ).toEqual([]);
  });

  it('refuses someone outside the class as it refuses an unknown class', async () => {
    const w = await world();
    const outside = callerFor(server.services, outsider).activities.myExchanges({
      class_id: w.classId,
    });
    await expect(outside).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const unknown = callerFor(server.services, ann).activities.myExchanges({
      class_id: 'class_nope',
    });
    await expect(unknown).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the three requests of one sentence in one reply, with the histogram drawn as asked', async () => {
    const w = await world();
    await ask(
      ann,
      w.classId,
      w.namedChannel,
      `@${BOT_NAME} summary of score, the correlation of hours and score, and a histogram of score\n${CSV}`,
    );
    await settled([w.named]);
    const replies = (
      await server.database.db
        .select()
        .from(messages)
        .where(eq(messages.channel_id, w.namedChannel))
    ).filter((m) => m.ai !== null);
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    expect(reply.body).toContain('Summary of `score`');
    expect(reply.body).toContain('Correlation of `hours` and `score`: **r = ');
    expect(reply.body).toContain('histogram of `score` is drawn');
    // hours and score correlate strongly: unasked, the chart would be their scatter.
    expect(reply.ai).toMatchObject({ chart: { kind: 'histogram', column: 'score' } });
  });
});
