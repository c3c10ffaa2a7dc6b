// Unread counts in a post-first phase (docs/phases.md#unread-counts): a student who has not posted
// gets no unread count for classmates' posts they cannot see — live, over a real socket — and the
// count becomes right without a reload when they post and when the phase moves on; staff count
// everything; an anonymous activity the same. On PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { ChannelView, LiveEvent } from '@seminar/shared';
import { callerFor } from './callers';
import { testDatabaseKind } from './database';
import type { TestUser } from './fixtures';
import { EventLog } from './liveClient';
import {
  ann,
  ben,
  cat,
  live,
  phase,
  services,
  setUp,
  teacher,
  usePhaseWorld,
} from './phaseFixtures';

usePhaseWorld();

/** A live channel list of `user`: the case channel's row as it is now. */
async function listOf(user: TestUser, ref: { class_id: string; channel_id: string }) {
  let row: ChannelView | undefined;
  const log = new EventLog<LiveEvent<ChannelView>>();
  live(user).trpc.channels.live.subscribe(
    { class_id: ref.class_id },
    {
      onData: (event) => {
        if (event.type === 'snapshot' || event.type === 'upsert')
          for (const next of event.rows) if (next.channel_id === ref.channel_id) row = next;
        log.push(event);
      },
      onError: (error) => log.fail(error),
    },
  );
  await log.until((events) => events.some((event) => event.type === 'snapshot'));
  const now = () => row!;
  /** The row once it shows the channel's messages up to `seq`. */
  const at = async (seq: number) => {
    await expect.poll(() => now().last_seq, { timeout: 5_000 }).toBe(seq);
    return now();
  };
  return { now, at };
}

/** What the web shows as unread (apps/web/src/features/chat/unread.ts). */
const unread = (row: ChannelView) => row.last_seq - row.last_read_seq - row.hidden_count;

async function countsThroughAPhase(anonymous: boolean) {
  const { advance, send, ref, act } = await setUp([
    phase('a', 'individual_post_first'),
    phase('b', 'plenary'),
  ]);
  if (anonymous) await callerFor(services, teacher).activities.setAnonymous(act);
  await send(ben, 'before the phase');
  await advance('start', null);
  const annList = await listOf(ann, ref);
  const catList = await listOf(cat, ref);
  const staffList = await listOf(teacher, ref);
  expect(unread(annList.now())).toBe(1);

  // A classmate's post of the phase is hidden from Ann and Cat: it moves no unread count of theirs.
  await send(ben, 'my take');
  expect(unread(await annList.at(2))).toBe(1);
  expect((await catList.at(2)).hidden_count).toBe(1);
  expect(unread(await staffList.at(2))).toBe(2);
  // The instructor's is seen by everyone.
  await send(teacher, 'remember the numbers');
  expect(unread(await annList.at(3))).toBe(2);
  expect(unread(await catList.at(3))).toBe(2);

  // Ann posts: Ben's post is hers to see, and so counts (her own too, as in every channel).
  await send(ann, 'my answer');
  await expect.poll(() => annList.now().hidden_count, { timeout: 5_000 }).toBe(0);
  expect(unread(await annList.at(4))).toBe(4);
  // Cat still has not posted: Ann's post is hidden from her as well.
  const catNow = await catList.at(4);
  expect(catNow.hidden_count).toBe(2);
  expect(unread(catNow)).toBe(2);

  // Reading moves the baseline: what is hidden and still unread stays left out.
  await callerFor(services, cat).channels.markRead({ ...ref, seq: 4 });
  await expect.poll(() => unread(catList.now()), { timeout: 5_000 }).toBe(0);
  expect(catList.now().hidden_count).toBe(0);
  await send(ben, 'one more');
  expect(unread(await catList.at(5))).toBe(0);
  expect(unread(await staffList.at(5))).toBe(5);

  // Plenary: Cat sees everything, and her count says so without a reload.
  await advance('next', 'a');
  await expect.poll(() => unread(catList.now()), { timeout: 5_000 }).toBe(1);
  expect(catList.now().hidden_count).toBe(0);
}

describe(`phases: unread counts (${testDatabaseKind})`, () => {
  it('leave out what a post-first phase hides, live through posting and moving on', async () => {
    await countsThroughAPhase(false);
  });

  it('do the same in an anonymous activity', async () => {
    await countsThroughAPhase(true);
  });
});
