// Phases and agents (docs/phases.md#agents): an agent's answer in the case channel is seen by
// every student, so in a post-first phase the model reads what a student who has not posted sees
// — staff and agent posts, what came before the phase, and the asker's own posts — never
// classmates' hidden posts. On PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { channelContext } from '../src/ai/llm';
import type { ClaimedJob } from '../src/ai/jobs';
import { testDatabaseKind } from './database';
import { ann, ben, database, phase, setUp, teacher, usePhaseWorld } from './phaseFixtures';

usePhaseWorld();

describe(`phases: what an agent reads (${testDatabaseKind})`, () => {
  it('leaves classmates’ hidden posts out of the model’s context in a post-first phase', async () => {
    const { advance, send, ref, act } = await setUp([
      phase('a', 'individual_post_first'),
      phase('b', 'plenary'),
    ]);
    const before = await send(ben, 'said before the phase');
    await advance('start', null);
    const prompt = await send(teacher, 'Your first take?');
    const hidden = await send(ben, 'ben secret take');
    const question = await send(ann, '@DataAnalystBot what do others think?');
    const job: ClaimedJob = {
      job_id: 'job_1',
      class_id: ref.class_id,
      activity_id: act.activity_id,
      channel_id: ref.channel_id,
      message_id: question.id,
      agent: 'DataAnalystBot',
      product_id: 'p',
      author_uid: ann.uid,
      attempts: 1,
    };
    const read = async () =>
      (await channelContext(database.db, job)).map((message) => String(message.content));
    const context = await read();
    expect(context.some((text) => text.includes(before.body))).toBe(true);
    expect(context.some((text) => text.includes(prompt.body))).toBe(true);
    expect(context.some((text) => text.includes(question.body))).toBe(true);
    expect(context.some((text) => text.includes(hidden.body))).toBe(false);
    // In plenary everything is everyone's.
    await advance('next', 'a');
    expect((await read()).some((text) => text.includes(hidden.body))).toBe(true);
  });
});
