// A student's first need of a pseudonym racing on two server processes (docs/activities.md#
// pseudonyms): in an anonymous activity's case channel, during a post-first phase, the student's
// first post through node A, a second post, their first reaction and the instructor's cold-call of
// them through node B all hand out a number for the same (activity, student) — the key of
// activity_pseudonyms. The send statement took its snapshot before waiting for the channel's lock,
// so it did not see the number the reaction had just handed out and inserted a second one: the
// primary key refused it and the whole send batch failed. Each round uses a fresh activity, so
// every round is a first time. PostgreSQL only (two server processes).
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeRecordId, type Phase } from '@seminar/shared';
import { activities } from '../../src/db/schema';
import { createClassFixture } from '../fixtures';
import { useTwoNodes } from './twoNodes';

// 80 rounds of racing writes by the same few people: the per-user rate limit is not under test.
const nodes = useTwoNodes({ LIVE_MUTATIONS_PER_SECOND: '100000', LIVE_MUTATION_BURST: '100000' });

const ROUNDS = 80;

const postFirst: Phase = {
  id: 'p1',
  kind: 'individual_post_first',
  title: 'On your own',
  timer_seconds: null,
  at_zero: 'end',
};

describe('pseudonyms on two nodes', () => {
  it('a first post, a first reaction and a cold-call racing never fail nor disagree', async () => {
    const { database, nodeA, nodeB, signUp, live } = nodes;
    const tara = await signUp(nodeA, 'Teach, Tara');
    const ada = await signUp(nodeA, 'Lovelace, Ada');
    const bob = await signUp(nodeA, 'Builder, Bob');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: tara, role: 'instructor' },
        { user: ada, role: 'student' },
        { user: bob, role: 'student' },
      ],
      channels: Array.from({ length: ROUNDS }, (_, index) => ({
        name: `case-${index}`,
        is_public: true,
      })),
    });
    // One anonymous activity per channel, its post-first phase in force.
    await database.db.insert(activities).values(
      channelIds.map((channelId, index) => ({
        activity_id: makeRecordId('activity', `${tara.uid}${index}`),
        class_id: classId,
        title: `Case ${index}`,
        channel_id: channelId,
        anonymous: true,
        phases: [postFirst],
        phase_state: 'running' as const,
        phase_index: 0,
        phase_started_at: new Date(),
      })),
    );
    const adaOnA = live(nodeA, ada).trpc;
    const adaOnB = live(nodeB, ada).trpc;
    const bobOnA = live(nodeA, bob).trpc;
    const taraOnA = live(nodeA, tara).trpc;
    const taraOnB = live(nodeB, tara).trpc;

    const failures: string[] = [];
    for (const channelId of channelIds) {
      const ref = { class_id: classId, channel_id: channelId };
      const question = await taraOnA.messages.send.mutate({
        id: makeRecordId('msg', tara.uid),
        ...ref,
        body: 'What would you do?',
      });
      const racers = {
        'first post on A': adaOnA.messages.send.mutate({
          id: makeRecordId('msg', ada.uid),
          ...ref,
          body: 'I would',
        }),
        // Her second post, on the other node (another tab): it needs the number too.
        'second post on B': adaOnB.messages.send.mutate({
          id: makeRecordId('msg', ada.uid),
          ...ref,
          body: 'And then',
        }),
        // Another student's first post, maybe in the same batch: it must not fail with hers.
        'classmate post on A': bobOnA.messages.send.mutate({
          id: makeRecordId('msg', bob.uid),
          ...ref,
          body: 'Me too',
        }),
        'reaction on B': adaOnB.messages.react.mutate({ id: question.id, emoji: '👍', on: true }),
        'cold-call on B': taraOnB.coldCall.spotlight.mutate({ ...ref, uid: ada.uid }),
      };
      const outcomes = await Promise.allSettled(Object.values(racers));
      Object.keys(racers).forEach((name, index) => {
        const outcome = outcomes[index]!;
        if (outcome.status === 'rejected') failures.push(`${name}: ${String(outcome.reason)}`);
      });
    }
    expect(failures).toEqual([]);

    // Every post carries the number its author holds, and numbers are one per student.
    const rows = await database.db.execute(sql`
      select m.channel_id, m.author_uid, m.pseudonym, p.number
      from messages m
      join activities a on a.channel_id = m.channel_id
      left join activity_pseudonyms p on p.activity_id = a.activity_id and p.uid = m.author_uid
      where m.class_id = ${classId} and m.author_uid <> ${tara.uid}`);
    const posts = (
      rows as unknown as {
        rows: Array<{ pseudonym: number | null; number: number | null }>;
      }
    ).rows;
    expect(posts).toHaveLength(ROUNDS * 3);
    for (const post of posts) {
      expect(post.number).not.toBeNull();
      expect(Number(post.pseudonym)).toBe(Number(post.number));
    }
  });
});
