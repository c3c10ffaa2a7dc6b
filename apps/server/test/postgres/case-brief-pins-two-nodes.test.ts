// Issue 30.1 on several nodes (docs/activities.md#case-brief-and-pins): a brief written and a
// message pinned and unpinned through node A reach a student subscribed on node B, through the
// NOTIFY bus like every other live change. PostgreSQL only (two server processes).
import { describe, it } from 'vitest';
import { makeRecordId, type Activity, type LiveEvent, type Pin } from '@seminar/shared';
import { activities } from '../../src/db/schema';
import { createClassFixture } from '../fixtures';
import { EventLog } from '../liveClient';
import { useTwoNodes } from './twoNodes';

const nodes = useTwoNodes();

describe('case brief and pins on two nodes', () => {
  it('reach a student on node B when the instructor writes through node A', async () => {
    const { database, nodeA, nodeB, signUp, live } = nodes;
    const tara = await signUp(nodeA, 'Teach, Tara');
    const pia = await signUp(nodeA, 'Pupil, Pia');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: tara, role: 'instructor' },
        { user: pia, role: 'student' },
      ],
      channels: [{ name: 'case', is_public: true }],
    });
    const ref = { class_id: classId, channel_id: channelIds[0]! };
    const activityId = makeRecordId('activity', tara.uid);
    await database.db.insert(activities).values({
      activity_id: activityId,
      class_id: classId,
      title: 'Case',
      channel_id: ref.channel_id,
    });

    const student = live(nodeB, pia);
    const briefs = new EventLog<LiveEvent<Activity>>();
    student.trpc.activities.live.subscribe(
      { class_id: classId },
      { onData: (event) => briefs.push(event), onError: (error) => briefs.fail(error) },
    );
    const pins = new EventLog<LiveEvent<Pin>>();
    student.trpc.pins.live.subscribe(ref, {
      onData: (event) => pins.push(event),
      onError: (error) => pins.fail(error),
    });
    await briefs.until((events) => events.some((event) => event.type === 'snapshot'));
    await pins.until((events) => events.some((event) => event.type === 'snapshot'));

    const teacher = live(nodeA, tara);
    await teacher.trpc.activities.setBrief.mutate({
      class_id: classId,
      activity_id: activityId,
      body: 'Across nodes: read the case.',
    });
    await briefs.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' &&
          event.rows.some((row) => row.brief === 'Across nodes: read the case.'),
      ),
    );

    const message = await teacher.trpc.messages.send.mutate({
      id: makeRecordId('msg', tara.uid),
      ...ref,
      body: 'Pinned across nodes',
    });
    await teacher.trpc.pins.set.mutate({ id: message.id, on: true });
    await pins.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' &&
          event.rows.some((row) => row.excerpt === 'Pinned across nodes'),
      ),
    );
    await teacher.trpc.pins.set.mutate({ id: message.id, on: false });
    await pins.until((events) =>
      events.some((event) => event.type === 'remove' && event.ids.includes(message.id)),
    );
  });
});
