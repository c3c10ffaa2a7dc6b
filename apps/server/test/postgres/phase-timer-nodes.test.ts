// A phase timer on two server processes on one PostgreSQL (docs/phases.md#the-timer): both nodes'
// sweeps race for the deadline stored in the activity row; it is applied exactly once, and a
// student on the other node sees the phase move on live and can no longer post in the closed phase.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, type Activity, type LiveEvent, type Phase } from '@seminar/shared';
import { activities } from '../../src/db/schema';
import { createClassFixture } from '../fixtures';
import { EventLog } from '../liveClient';
import { useTwoNodes } from './twoNodes';
import { afterPasses } from '../workerPasses';

const nodes = useTwoNodes();

const phases: Phase[] = [
  { id: 'talk', kind: 'plenary', title: 'Talk', timer_seconds: 60, at_zero: 'end' },
  { id: 'done', kind: 'closed', title: 'Closed', timer_seconds: null, at_zero: 'end' },
];

describe('the phase timer on two nodes', () => {
  it('ends the phase once, seen live on the other node', async () => {
    const { database, nodeA, nodeB, signUp, live } = nodes;
    const student = await signUp(nodeA, 'Pupil, Pat');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: student, role: 'student' }],
      channels: [{ name: 'case', is_public: true }],
    });
    const activityId = makeRecordId('act', student.uid);
    await database.db.insert(activities).values({
      activity_id: activityId,
      class_id: classId,
      title: 'Timed case',
      channel_id: channelIds[0]!,
      phases,
      phase_state: 'running',
      phase_index: 0,
      phase_started_at: new Date(),
      // Both nodes' sweeps (every second) find it due in about two seconds.
      phase_deadline: sql`now() + interval '2 seconds'`,
    });
    const client = live(nodeB, student);
    const log = new EventLog<LiveEvent<Activity>>();
    client.trpc.activities.live.subscribe(
      { class_id: classId },
      { onData: (event) => log.push(event), onError: (error) => log.fail(error) },
    );
    await log.until((events) => events.some((event) => event.type === 'snapshot'));
    const moved = (events: LiveEvent<Activity>[]) =>
      events.flatMap((event) =>
        event.type === 'upsert'
          ? event.rows.filter((row) => row.activity_id === activityId && row.phase_index === 1)
          : [],
      );
    await log.until((events) => moved(events).length > 0);
    // Two more sweeps of each node (the second began after the move was seen): nothing more happens.
    await afterPasses([nodeA.url, nodeB.url], 'phase_timer');
    const upserts = log.events.filter((event) => event.type === 'upsert');
    expect(upserts).toHaveLength(1);
    const [row] = await database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, activityId));
    expect(row).toMatchObject({ phase_state: 'running', phase_index: 1, updated_by: 'system' });
    expect(row?.version).toBe(moved(log.events)[0]?.version);
    // The closed phase holds on node B too.
    await expect(
      client.trpc.messages.send.mutate({
        id: makeRecordId('msg', student.uid),
        class_id: classId,
        channel_id: channelIds[0]!,
        body: 'too late',
      }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/read-only/) });
  });
});
