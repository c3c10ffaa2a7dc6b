// The 80 % warning of an activity's AI budget on two server processes on one PostgreSQL (issue 32.5,
// docs/ai.md#the-spend-as-it-happens): 20 triggers sent through both nodes at once, each node
// answering several at a time, against a budget of 10 answers. The warning's mark is set under the
// activity row's lock when a job ends, so it is set once: an instructor watching on node B sees one
// warning time, never a second, and the spend follows the answers there live.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOT_NAME, makeRecordId, type AiWatchRow, type LiveEvent } from '@seminar/shared';
import { activities, aiJobs, products } from '../../src/db/schema';
import { createClassFixture } from '../fixtures';
import { EventLog } from '../liveClient';
import { useTwoNodes } from './twoNodes';

const nodes = useTwoNodes({
  AI_TRIGGERS_PER_MINUTE: '100',
  AI_JOB_CONCURRENCY: '4',
  SEED_DEMO: '0',
});
const CSV = ['```csv', 'x,y', '1,2', '2,4', '3,7', '```'].join('\n');

const rowsOf = (events: LiveEvent<AiWatchRow>[]) =>
  events.flatMap((event) =>
    event.type === 'snapshot' || event.type === 'upsert' ? event.rows : [],
  );

describe('the spend warning on two nodes', () => {
  it('20 racing answers against a budget of 10: the warning is given once, seen live on the other node', async () => {
    const { database, nodeA, nodeB, signUp, live } = nodes;
    const tara = await signUp(nodeB, 'Teach, Tara');
    const pia = await signUp(nodeA, 'Pupil, Pia');
    const db = database.db;
    const { classId, channelIds } = await createClassFixture(db, {
      members: [
        { user: tara, role: 'instructor' },
        { user: pia, role: 'student' },
      ],
      channels: [{ name: 'case', is_public: true }],
    });
    const channelId = channelIds[0]!;
    const productId = makeRecordId('product', 'test');
    await db.insert(products).values({
      product_id: productId,
      title: 'Analyst',
      name: 'analyst',
      ai_agent_refs: [BOT_NAME],
      price_per_user: 3,
    });
    const activityId = makeRecordId('activity', 'test');
    await db.insert(activities).values({
      activity_id: activityId,
      class_id: classId,
      title: 'Case',
      product_id: productId,
      channel_id: channelId,
      ai_budget_answers: 10,
    });

    const watch = new EventLog<LiveEvent<AiWatchRow>>();
    live(nodeB, tara).trpc.moderation.watch.subscribe(
      { class_id: classId },
      { onData: (event) => watch.push(event), onError: (error) => watch.fail(error) },
    );
    await watch.until((events) => events.some((event) => event.type === 'snapshot'));

    const senders = [nodeA, nodeB].map((node) => live(node, pia));
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        senders[index % 2]!.trpc.messages.send.mutate({
          id: makeRecordId('msg', pia.uid),
          class_id: classId,
          channel_id: channelId,
          body: `@${BOT_NAME} question ${index}\n${CSV}`,
        }),
      ),
    );
    const jobs = () => db.select().from(aiJobs).where(eq(aiJobs.activity_id, activityId));
    await expect
      .poll(
        async () =>
          (await jobs()).filter((job) => job.status === 'done' || job.status === 'refused').length,
        { timeout: 60_000 },
      )
      .toBe(20);
    expect((await jobs()).filter((job) => job.status === 'done')).toHaveLength(10);
    await watch.until((events) =>
      rowsOf(events).some((row) => row.activity_id === activityId && row.answers === 10),
    );
    const seen = rowsOf(watch.events).filter((row) => row.activity_id === activityId);
    // The answers counted up live on node B, and the warning came with the 8th answer.
    expect(new Set(seen.map((row) => row.answers)).size).toBeGreaterThan(2);
    const warnings = new Set(
      seen.flatMap((row) => (row.warned_at === null ? [] : [row.warned_at])),
    );
    expect(warnings.size).toBe(1);
    expect(seen.every((row) => (row.warned_at === null) === row.answers < 8)).toBe(true);
    const [stored] = await db
      .select({ warned: activities.ai_spend_warned_at })
      .from(activities)
      .where(eq(activities.activity_id, activityId));
    expect(stored?.warned?.getTime()).toBe([...warnings][0]);
    // Per-seat billing: the spend is the seat price × the one student.
    expect(seen.at(-1)).toMatchObject({ spend_basis: 'seats', spend: 3, budget_share: 1 });
  }, 120_000);
});
