// What a channel tells a student about its people (issue 29.5): a channel_group's addresses only to
// staff (a student sees at most their own, snapshot and live), and a members panel without people
// disabled or removed in the class. On PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { applyLiveEvent, emptyLiveState, type ChannelView, type LiveEvent } from '@seminar/shared';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let teacher: TestUser;
let admin: TestUser;
let inGroup: TestUser;
let outside: TestUser;

beforeAll(async () => {
  const { app, config } = server.made;
  teacher = await signUpUser(app, config.publicUrl, 'Freire, Paulo');
  admin = await signUpUser(app, config.publicUrl, 'Admin, Ada');
  inGroup = await signUpUser(app, config.publicUrl, 'Pupil, Pia');
  outside = await signUpUser(app, config.publicUrl, 'Other, Olga');
});

const rowsOf = <Row extends { version: number }>(
  events: LiveEvent<Row>[],
  idOf: (row: Row) => string,
) => [
  ...events
    .reduce((state, event) => applyLiveEvent(state, event, idOf), emptyLiveState<Row>())
    .rows.values(),
];
const channelNamed = (events: LiveEvent<ChannelView>[], name: string) =>
  rowsOf(events, (row) => row.channel_id).find((row) => row.name === name);

describe(`channel groups (${testDatabaseKind})`, () => {
  it('shows the group’s addresses to staff only; a student sees at most their own, live too', async () => {
    const { classId, channelIds } = await createClassFixture(server.database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: admin, role: 'admin' },
        { user: inGroup, role: 'student' },
        { user: outside, role: 'student' },
      ],
      channels: [{ name: 'general', is_public: true }],
    });
    const general = channelIds[0]!;
    const group = [inGroup.email, 'someone.else@example.edu'];
    await callerFor(server.services, teacher).channels.update({
      class_id: classId,
      channel_id: general,
      channel_group: group,
    });
    const watch = (viewer: TestUser) =>
      collect<ChannelView>(server.services, viewer, (caller) =>
        caller.channels.live({ class_id: classId }),
      );
    const asTeacher = await watch(teacher);
    const asAdmin = await watch(admin);
    const asMember = await watch(inGroup);
    const asOutside = await watch(outside);
    const all = [asTeacher, asAdmin, asMember, asOutside];
    await Promise.all(all.map((live) => live.until((events) => !!channelNamed(events, 'general'))));
    expect(channelNamed(asTeacher.events, 'general')?.channel_group).toEqual(group);
    expect(channelNamed(asAdmin.events, 'general')?.channel_group).toEqual(group);
    expect(channelNamed(asMember.events, 'general')).toMatchObject({
      channel_group: [inGroup.email],
      is_own: true,
    });
    expect(channelNamed(asOutside.events, 'general')).toMatchObject({
      channel_group: [],
      is_own: false,
    });

    // A change reaches everyone as an upsert, shaped the same way.
    const changed = [...group, 'third@example.edu'];
    await callerFor(server.services, teacher).channels.update({
      class_id: classId,
      channel_id: general,
      name: 'renamed',
      channel_group: changed,
    });
    await Promise.all(all.map((live) => live.until((events) => !!channelNamed(events, 'renamed'))));
    expect(channelNamed(asTeacher.events, 'renamed')?.channel_group).toEqual(changed);
    expect(channelNamed(asMember.events, 'renamed')?.channel_group).toEqual([inGroup.email]);
    expect(channelNamed(asOutside.events, 'renamed')?.channel_group).toEqual([]);
    // No frame a student got, snapshot or change, ever held another address.
    for (const live of [asMember, asOutside]) {
      const frames = JSON.stringify(live.events);
      expect(frames).not.toContain('someone.else@example.edu');
      expect(frames).not.toContain('third@example.edu');
    }
    expect(JSON.stringify(asOutside.events)).not.toContain(inGroup.email);
    await Promise.all(all.map((live) => live.stop()));
  });
});

describe(`channel members panel (${testDatabaseKind})`, () => {
  it('leaves out people disabled or removed in the class, and shows them again once enabled', async () => {
    const { classId, channelIds } = await createClassFixture(server.database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: inGroup, role: 'student' },
        { user: outside, role: 'student' },
        { user: admin, role: 'student' },
      ],
      channels: [{ name: 'team', members: [teacher, inGroup, outside, admin] }],
    });
    const team = channelIds[0]!;
    const instructor = callerFor(server.services, teacher);
    await instructor.classes.setMemberEnabled({
      class_id: classId,
      uid: outside.uid,
      role: 'student',
      enabled: false,
    });
    await instructor.classes.removeMember({ class_id: classId, uid: admin.uid, role: 'student' });
    const members = async (viewer: TestUser) => {
      const live = await collect<{ uid: string; version: number }>(
        server.services,
        viewer,
        (caller) => caller.channels.members({ class_id: classId, channel_id: team }),
      );
      await live.until((events) => events.length > 0);
      await live.stop();
      return rowsOf(live.events, (row) => row.uid)
        .map((row) => row.uid)
        .sort();
    };
    const active = [teacher.uid, inGroup.uid].sort();
    expect(await members(inGroup)).toEqual(active);
    expect(await members(teacher)).toEqual(active);

    // Enabled again: listed again (their channel record was kept).
    await instructor.classes.setMemberEnabled({
      class_id: classId,
      uid: outside.uid,
      role: 'student',
      enabled: true,
    });
    expect(await members(inGroup)).toEqual([...active, outside.uid].sort());
  });
});
