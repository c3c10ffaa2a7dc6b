// Activities, live, under SPEC §5's listing rules; on PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  applyLiveEvent,
  emptyLiveState,
  makeRecordId,
  type Activity,
  type LiveEvent,
} from '@seminar/shared';
import { activities } from '../src/db/schema';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let teacher: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Dewey, John');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Paz');
});

const titles = (events: LiveEvent<Activity>[]) =>
  [
    ...events
      .reduce(
        (state, event) => applyLiveEvent(state, event, (row) => row.activity_id),
        emptyLiveState<Activity>(),
      )
      .rows.values(),
  ]
    .map((row) => row.title)
    .sort();

describe(`activities (${testDatabaseKind})`, () => {
  it('shows a new activity to students, hides it when disabled (not from instructors), and deletes it', async () => {
    const { classId, channelIds } = await createClassFixture(server.database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: pupil, role: 'student' },
      ],
    });
    const asPupil = await collect(server.services, pupil, (caller) =>
      caller.activities.live({ class_id: classId }),
    );
    const asTeacher = await collect(server.services, teacher, (caller) =>
      caller.activities.live({ class_id: classId }),
    );
    const activityId = makeRecordId('activity', teacher.uid);
    const saved = await callerFor(server.services, teacher).activities.save({
      activity_id: activityId,
      class_id: classId,
      title: 'Pricing case',
      activity_qualified_name: 'cases.pricing',
      channel_id: channelIds[0]!,
      start_date: '2026-10-01',
      due_date: '2026-10-08',
    });
    expect(saved).toMatchObject({
      enabled: true,
      updated_by: teacher.uid,
      updated_by_name: teacher.displayName,
    });
    await asPupil.until((events) => titles(events).includes('Pricing case'));

    await callerFor(server.services, teacher).activities.save({
      activity_id: activityId,
      class_id: classId,
      title: 'Pricing case (v2)',
    });
    await asPupil.until((events) => titles(events).join() === 'Pricing case (v2)');

    await callerFor(server.services, teacher).activities.setEnabled({
      class_id: classId,
      activity_id: activityId,
      enabled: false,
    });
    await asPupil.until((events) => titles(events).length === 0);
    await asTeacher.until((events) => titles(events).join() === 'Pricing case (v2)');

    await callerFor(server.services, teacher).activities.delete({
      class_id: classId,
      activity_id: activityId,
    });
    await asTeacher.until((events) => titles(events).length === 0);
    const [row] = await server.database.db
      .select()
      .from(activities)
      .where(eq(activities.activity_id, activityId));
    expect(row).toMatchObject({ pending_deleted: true, deleted: true });
    await Promise.all([asPupil.stop(), asTeacher.stop()]);
  });

  it.each([
    ['a blank title', { title: ' ' }],
    ['a due date before the start', { start_date: '2026-10-08', due_date: '2026-10-01' }],
    ['a product not in the catalogue', { product_id: 'no_such_product' }],
    ['a channel of another class', { channel_id: 'elsewhere' }],
  ])('refuses %s and writes nothing', async (_label, change) => {
    const { classId } = await createClassFixture(server.database.db, {
      members: [{ user: teacher, role: 'instructor' }],
    });
    const activityId = makeRecordId('activity', teacher.uid);
    await expect(
      callerFor(server.services, teacher).activities.save({
        activity_id: activityId,
        class_id: classId,
        title: 'Fine',
        ...change,
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await server.database.db
        .select()
        .from(activities)
        .where(eq(activities.activity_id, activityId)),
    ).toHaveLength(0);
  });
});
