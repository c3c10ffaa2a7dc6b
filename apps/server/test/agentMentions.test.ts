// The mention rule lives twice: in TypeScript (mentionsAgent, packages/shared/src/agents.ts, which
// the worker applies) and in SQL (the enqueue trigger of the messages table, migrations 0008 and
// 0009, which decides which jobs exist). This test runs one table of cases through both — inserting
// the messages and reading the jobs the trigger made — so the two cannot drift. On PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isAgentName, makeRecordId, mentionsAgent } from '@seminar/shared';
import type { Database } from '../src/db/client';
import { activities, aiJobs, channels, messages, products } from '../src/db/schema';
import { createTestDatabase, testDatabaseKind } from './database';
import { createClassFixture } from './fixtures';

/** The product's agents: ordinary names, short ones, `_` and digits, the longest allowed. */
const VALID = ['DataAnalystBot', 'Kai', 'Tutor_2', 'x', 'A'.repeat(64)];
/** Names the rule must never match (the trigger drops them; mentionsAgent refuses them). */
const INVALID = ['a.b', '1abc', 'bot-x', 'A'.repeat(65), 'Ka i', ''];
const AGENTS = [...VALID, ...INVALID];

/** Message bodies: plain mentions, word boundaries, case, punctuation, lines, non-ASCII letters. */
const BODIES = [
  '@DataAnalystBot please',
  'please @dataanalystbot',
  '@DATAANALYSTBOT',
  'hi @DataAnalystBot, mean of x',
  '(@DataAnalystBot)',
  '@DataAnalystBot\n```csv\na,b\n1,2\n```',
  'line one\n@Kai',
  '@Kai\nline two',
  'DataAnalystBot without the at',
  '@DataAnalystBotX',
  '@DataAnalystBot_2',
  '@DataAnalystBot2',
  'me@DataAnalystBot',
  'a_@DataAnalystBot',
  '9@Kai',
  '@@Kai',
  '#@Kai!',
  '@Kai.',
  '@Kai-san',
  '@Data AnalystBot',
  'me@DataAnalystBot and @DataAnalystBot',
  '@Kaix @kai',
  '@tutor_2 and @Tutor_',
  '@tutor_22',
  '@x',
  '@xy',
  'x@x',
  '@X: is this right?',
  `@${'a'.repeat(64)}`,
  `@${'A'.repeat(65)}`,
  '@a.b',
  '@1abc',
  '@bot-x',
  '@Ka i',
  '@',
  '',
  // Non-ASCII: accented letters and other scripts are not word characters of the rule, so they end
  // a name; and letters whose lower case is ASCII (the Kelvin sign K, dotted İ) are not the name.
  'é@Kai',
  '@Kaié',
  'Грамота@Kai',
  '@Kai日本',
  '@\u212Aai',
  '@Ka\u0130',
  '@kai\u212A',
  '\u0130@Kai',
  '@KAI\u0307',
  '\u{1F600}@Kai\u{1F600}',
  'ß@DataAnalystBot',
  '＠Kai',
  '@Kai\u200B',
  '\t@Kai\r\n',
];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => database?.close());

describe(`the mention rule in TypeScript and in the enqueue trigger agree (${testDatabaseKind})`, () => {
  it('makes a job exactly for the (message, agent) pairs mentionsAgent accepts', async () => {
    const db = database.db;
    const { classId, channelIds } = await createClassFixture(db, {
      members: [{ user: { uid: 'student-1' }, role: 'student' }],
      channels: [{ name: 'case', is_public: true }],
    });
    const channelId = channelIds[0]!;
    const productId = makeRecordId('product', 'mentions');
    await db.insert(products).values({
      product_id: productId,
      title: 'Mentions',
      name: 'mentions',
      ai_agent_refs: AGENTS,
      ai_agent_cooperation_mode: 'mention',
    });
    const activityId = makeRecordId('activity', 'mentions');
    await db.insert(activities).values({
      activity_id: activityId,
      class_id: classId,
      title: 'Mentions',
      product_id: productId,
      channel_id: channelId,
    });
    const ids = BODIES.map(() => makeRecordId('msg', 'student-1'));
    // One statement: the trigger is statement-level and sees every row at once, as a send batch.
    await db.insert(messages).values(
      BODIES.map((body, index) => ({
        id: ids[index]!,
        class_id: classId,
        channel_id: channelId,
        seq: index + 1,
        author_uid: 'student-1',
        author_name: 'Student One',
        body,
      })),
    );
    await db
      .update(channels)
      .set({ last_seq: BODIES.length })
      .where(eq(channels.channel_id, channelId));

    const jobs = await db
      .select({ message_id: aiJobs.message_id, agent: aiJobs.agent })
      .from(aiJobs)
      .where(eq(aiJobs.activity_id, activityId));
    const bySql = new Set(jobs.map((job) => `${job.message_id} ${job.agent}`));
    const disagreements: string[] = [];
    let mentions = 0;
    BODIES.forEach((body, index) => {
      for (const agent of AGENTS) {
        const typescript = mentionsAgent(body, agent);
        if (typescript) mentions += 1;
        const sql = bySql.has(`${ids[index]} ${agent}`);
        if (typescript !== sql)
          disagreements.push(
            `${JSON.stringify(body)} / ${agent}: TypeScript ${typescript}, SQL ${sql}`,
          );
      }
    });
    expect(disagreements).toEqual([]);
    // The table is not trivial: both answers occur, and invalid names never match.
    expect(mentions).toBeGreaterThanOrEqual(20);
    expect(mentions).toBeLessThan(BODIES.length * VALID.length);
    expect(jobs.every((job) => isAgentName(job.agent))).toBe(true);
    // A few cases pinned, so a rule changed on both sides at once is still noticed.
    const pinned = (body: string, agent: string) =>
      bySql.has(`${ids[BODIES.indexOf(body)]} ${agent}`);
    expect(pinned('please @dataanalystbot', 'DataAnalystBot')).toBe(true);
    expect(pinned('me@DataAnalystBot', 'DataAnalystBot')).toBe(false);
    expect(pinned('@DataAnalystBotX', 'DataAnalystBot')).toBe(false);
    expect(pinned('@Kai-san', 'Kai')).toBe(true);
    expect(pinned('@\u212Aai', 'Kai')).toBe(false);
    expect(pinned('@Kaié', 'Kai')).toBe(true);
  });
});
