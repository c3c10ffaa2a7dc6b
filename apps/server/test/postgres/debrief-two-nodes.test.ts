// Issue 31.3 on several nodes (docs/debrief.md#the-rubric): a grade saved through node A reaches an
// instructor grading on node B, through the NOTIFY bus. PostgreSQL only (two server processes).
import { describe, it } from 'vitest';
import { makeRecordId, type GradingRow, type LiveEvent } from '@seminar/shared';
import { activities } from '../../src/db/schema';
import { createClassFixture } from '../fixtures';
import { EventLog } from '../liveClient';
import { useTwoNodes } from './twoNodes';

const nodes = useTwoNodes();

describe('grading on two nodes', () => {
  it('a mark saved on node A appears to the other instructor on node B', async () => {
    const { database, nodeA, nodeB, signUp, live } = nodes;
    const tara = await signUp(nodeA, 'Teach, Tara');
    const theo = await signUp(nodeB, 'Tutor, Theo');
    const pia = await signUp(nodeA, 'Pupil, Pia');
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: tara, role: 'instructor' },
        { user: theo, role: 'instructor' },
        { user: pia, role: 'student' },
      ],
      channels: [{ name: 'case', is_public: true }],
    });
    const act = { class_id: classId, activity_id: makeRecordId('activity', tara.uid) };
    await database.db.insert(activities).values({
      ...act,
      title: 'Case',
      channel_id: channelIds[0]!,
    });

    const other = live(nodeB, theo);
    const grading = new EventLog<LiveEvent<GradingRow>>();
    other.trpc.debrief.grading.subscribe(act, {
      onData: (event) => grading.push(event),
      onError: (error) => grading.fail(error),
    });
    await grading.until((events) => events.some((event) => event.type === 'snapshot'));

    const teacher = live(nodeA, tara);
    await teacher.trpc.debrief.setRubric.mutate({
      ...act,
      scale: 10,
      criteria: [{ id: 'c1', name: 'Quality', weight: 100, source: 'manual' }],
    });
    await teacher.trpc.debrief.setGrade.mutate({
      ...act,
      uid: pia.uid,
      marks: { c1: 7 },
      comment: 'Across nodes',
    });
    await grading.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' &&
          event.rows.some(
            (row) =>
              row.kind === 'grade' &&
              row.id === pia.uid &&
              row.marks.c1 === 7 &&
              row.comment === 'Across nodes' &&
              row.updated_by_name === 'Teach, Tara',
          ),
      ),
    );
  });
});
