// Channels: SPEC §4 visibility live, channel members, unread counts, typing and online notices;
// on PGlite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  applyLiveEvent,
  emptyLiveState,
  makeRecordId,
  type ChannelNotificationView,
  type ChannelView,
  type LiveEvent,
} from '@seminar/shared';
import { channelNotifications, channels, channelUsers } from '../src/db/schema';
import { callerFor, collect } from './callers';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

const server = useTestServer();
let teacher: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  teacher = await signUpUser(server.made.app, server.made.config.publicUrl, 'Freire, Paulo');
  pupil = await signUpUser(server.made.app, server.made.config.publicUrl, 'Pupil, Pia');
});

const list = <Row extends { version: number }>(
  events: LiveEvent<Row>[],
  idOf: (row: Row) => string,
) => [
  ...events
    .reduce((state, event) => applyLiveEvent(state, event, idOf), emptyLiveState<Row>())
    .rows.values(),
];
const channelList = (events: LiveEvent<ChannelView>[]) => list(events, (row) => row.channel_id);
const names = (events: LiveEvent<ChannelView>[]) =>
  channelList(events)
    .map((row) => row.name)
    .sort();

async function classWithChannels() {
  return createClassFixture(server.database.db, {
    members: [
      { user: teacher, role: 'instructor' },
      { user: pupil, role: 'student' },
    ],
    channels: [
      { name: 'general', is_public: true },
      { name: 'staff room' },
      { name: 'team red', members: [pupil] },
      { name: 'archive', is_public: true, enabled: false },
    ],
  });
}

describe(`channel visibility (${testDatabaseKind})`, () => {
  it('shows instructors every channel not deleted, students public and enrolled enabled ones', async () => {
    const { classId } = await classWithChannels();
    const asTeacher = await collect(server.services, teacher, (caller) =>
      caller.channels.live({ class_id: classId }),
    );
    const asPupil = await collect(server.services, pupil, (caller) =>
      caller.channels.live({ class_id: classId }),
    );
    await asTeacher.until((events) => names(events).length === 4);
    await asPupil.until((events) => names(events).length === 2);
    expect(names(asPupil.events)).toEqual(['general', 'team red']);
    expect(channelList(asTeacher.events).find((row) => row.name === 'archive')?.enabled).toBe(
      false,
    );
    await Promise.all([asTeacher.stop(), asPupil.stop()]);
  });

  it('marks a channel whose group holds the viewer’s e-mail as their own, and shows it to them', async () => {
    const { classId } = await createClassFixture(server.database.db, {
      members: [
        { user: teacher, role: 'instructor' },
        { user: pupil, role: 'student' },
      ],
      channels: [{ name: 'general', is_public: true }],
    });
    const channelId = makeRecordId('channel', teacher.uid);
    await callerFor(server.services, teacher).channels.create({
      channel_id: channelId,
      class_id: classId,
      name: 'pair 1',
      channel_group: [pupil.email.toUpperCase()],
    });
    const asPupil = await collect(server.services, pupil, (caller) =>
      caller.channels.live({ class_id: classId }),
    );
    await asPupil.until((events) => names(events).includes('pair 1'));
    expect(channelList(asPupil.events).find((row) => row.name === 'pair 1')?.is_own).toBe(true);
    expect(channelList(asPupil.events).find((row) => row.name === 'general')?.is_own).toBe(false);
    await asPupil.stop();
  });

  it('shows a private channel to a student once added, and takes it and its stream away when removed', async () => {
    const { classId, channelIds } = await classWithChannels();
    const staffRoom = channelIds[1]!;
    const asPupil = await collect(server.services, pupil, (caller) =>
      caller.channels.live({ class_id: classId }),
    );
    await asPupil.until((events) => names(events).length === 2);
    await expect(
      callerFor(server.services, pupil).messages.page({
        class_id: classId,
        channel_id: staffRoom,
        beforeSeq: 10,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await callerFor(server.services, teacher).channels.setMember({
      class_id: classId,
      channel_id: staffRoom,
      uid: pupil.uid,
      member: true,
    });
    await asPupil.until((events) => names(events).includes('staff room'));
    const stream = await collect(server.services, pupil, (caller) =>
      caller.messages.live({ class_id: classId, channel_id: staffRoom }),
    );
    const notices = await collect(server.services, pupil, (caller) =>
      caller.channels.notifications({ class_id: classId, channel_id: staffRoom }),
    );
    await stream.until((events) => events.length > 0);
    await notices.until((events) => events.length > 0);
    // The teacher's view of the same channel: what reaches it has been handled by the hub.
    const teacherStream = await collect(server.services, teacher, (caller) =>
      caller.messages.live({ class_id: classId, channel_id: staffRoom }),
    );
    const teacherNotices = await collect(server.services, teacher, (caller) =>
      caller.channels.notifications({ class_id: classId, channel_id: staffRoom }),
    );
    await teacherStream.until((events) => events.length > 0);
    await teacherNotices.until((events) => events.length > 0);

    await callerFor(server.services, teacher).channels.setMember({
      class_id: classId,
      channel_id: staffRoom,
      uid: pupil.uid,
      member: false,
    });
    await asPupil.until((events) => !names(events).includes('staff room'));
    await stream.until((events) => events.some((event) => event.type === 'end'));
    await notices.until((events) => events.some((event) => event.type === 'end'));
    // Right after losing access, nothing more arrives.
    const counts = [stream.events.length, notices.events.length];
    await callerFor(server.services, teacher).messages.send({
      id: makeRecordId('msg', teacher.uid),
      class_id: classId,
      channel_id: staffRoom,
      body: 'staff only',
    });
    await callerFor(server.services, teacher).channels.notify({
      class_id: classId,
      channel_id: staffRoom,
      type: 'user_typing',
    });
    // Both changes have reached the teacher: had the pupil's ended queries still been served,
    // they would have had them by now too.
    await teacherStream.until((events) =>
      events.some(
        (event) => event.type === 'upsert' && event.rows.some((row) => row.body === 'staff only'),
      ),
    );
    await teacherNotices.until((events) =>
      events.some(
        (event) =>
          event.type === 'upsert' &&
          event.rows.some((row) => row.from === teacher.uid && row.type === 'user_typing'),
      ),
    );
    expect([stream.events.length, notices.events.length]).toEqual(counts);
    await Promise.all([
      asPupil.stop(),
      stream.stop(),
      notices.stop(),
      teacherStream.stop(),
      teacherNotices.stop(),
    ]);
  });

  it('refuses to remove someone who is not a member, saying so and changing nothing', async () => {
    const { classId, channelIds } = await classWithChannels();
    const [, staffRoom, teamRed] = channelIds as [string, string, string];
    const asTeacher = callerFor(server.services, teacher);
    const members = await collect(server.services, teacher, (caller) =>
      caller.channels.members({ class_id: classId, channel_id: teamRed }),
    );
    await members.until((events) => events.length > 0);
    const [before] = await server.database.db
      .select({ version: channels.version })
      .from(channels)
      .where(eq(channels.channel_id, staffRoom));

    // Never added.
    await expect(
      asTeacher.channels.setMember({
        class_id: classId,
        channel_id: staffRoom,
        uid: pupil.uid,
        member: false,
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Pia Pupil is not a member of this channel.',
    });
    const stored = await server.database.db
      .select()
      .from(channelUsers)
      .where(eq(channelUsers.channel_id, staffRoom));
    expect(stored).toEqual([]);

    // Removed already: the second removal is refused too, and announces nothing.
    await asTeacher.channels.setMember({
      class_id: classId,
      channel_id: teamRed,
      uid: pupil.uid,
      member: false,
    });
    await members.until((events) => list(events, (row) => row.uid).length === 0);
    const count = members.events.length;
    const [removed] = await server.database.db
      .select({ version: channelUsers.version })
      .from(channelUsers)
      .where(eq(channelUsers.channel_id, teamRed));
    await expect(
      asTeacher.channels.setMember({
        class_id: classId,
        channel_id: teamRed,
        uid: pupil.uid,
        member: false,
      }),
    ).rejects.toMatchObject({ message: 'Pia Pupil is not a member of this channel.' });
    const [after] = await server.database.db
      .select({ version: channelUsers.version })
      .from(channelUsers)
      .where(eq(channelUsers.channel_id, teamRed));
    expect(after?.version).toBe(removed?.version);
    // A real change after the refused one: its event comes after anything the refusal announced.
    await asTeacher.channels.setMember({
      class_id: classId,
      channel_id: teamRed,
      uid: pupil.uid,
      member: true,
    });
    await members.until((events) =>
      list(events, (row) => row.uid).some((row) => row.uid === pupil.uid),
    );
    expect(members.events.length).toBe(count + 1);
    const [staffAfter] = await server.database.db
      .select({ version: channels.version })
      .from(channels)
      .where(eq(channels.channel_id, staffRoom));
    expect(staffAfter?.version).toBe(before?.version);
    await members.stop();
  });

  it('says a member through the group e-mails is removed in Channel settings', async () => {
    const { classId } = await classWithChannels();
    const channelId = makeRecordId('channel', teacher.uid);
    const asTeacher = callerFor(server.services, teacher);
    await asTeacher.channels.create({
      channel_id: channelId,
      class_id: classId,
      name: 'pair 2',
      channel_group: [pupil.email],
    });
    await expect(
      asTeacher.channels.setMember({
        class_id: classId,
        channel_id: channelId,
        uid: pupil.uid,
        member: false,
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message:
        'Pia Pupil is in this channel through its group e-mails: remove their address in Channel settings.',
    });
  });

  it('shows students who is in a channel they see, by name without e-mail addresses', async () => {
    const { classId, channelIds } = await classWithChannels();
    const teamRed = channelIds[2]!;
    const asPupil = await collect(server.services, pupil, (caller) =>
      caller.channels.members({ class_id: classId, channel_id: teamRed }),
    );
    const asTeacher = await collect(server.services, teacher, (caller) =>
      caller.channels.members({ class_id: classId, channel_id: teamRed }),
    );
    await asPupil.until((events) => list(events, (row) => row.uid).length === 1);
    await asTeacher.until((events) => list(events, (row) => row.uid).length === 1);
    expect(list(asPupil.events, (row) => row.uid)[0]).toMatchObject({
      uid: pupil.uid,
      name: 'Pupil, Pia',
      email: null,
    });
    expect(list(asTeacher.events, (row) => row.uid)[0]?.email).toBe(pupil.email);
    // A channel the student cannot see stays hidden, members and all.
    const hidden = await collect(server.services, pupil, (caller) =>
      caller.channels.members({ class_id: classId, channel_id: channelIds[1]! }),
    );
    await expect(hidden.until((events) => events.length > 0)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await hidden.stop();
    await Promise.all([asPupil.stop(), asTeacher.stop()]);
  });

  it('hides a disabled or deleted channel from students live, and keeps deleted ones from instructors too', async () => {
    const { classId, channelIds } = await classWithChannels();
    const general = channelIds[0]!;
    const asPupil = await collect(server.services, pupil, (caller) =>
      caller.channels.live({ class_id: classId }),
    );
    const asTeacher = await collect(server.services, teacher, (caller) =>
      caller.channels.live({ class_id: classId }),
    );
    await asPupil.until((events) => names(events).includes('general'));
    await callerFor(server.services, teacher).channels.update({
      class_id: classId,
      channel_id: general,
      enabled: false,
    });
    await asPupil.until((events) => !names(events).includes('general'));
    await asTeacher.until(
      (events) => channelList(events).find((row) => row.channel_id === general)?.enabled === false,
    );
    await callerFor(server.services, teacher).channels.delete({
      class_id: classId,
      channel_id: general,
    });
    await asTeacher.until((events) => !names(events).includes('general'));
    const [row] = await server.database.db
      .select()
      .from(channels)
      .where(eq(channels.channel_id, general));
    expect(row).toMatchObject({
      deleted: true,
      updated_by: teacher.uid,
      updated_by_name: teacher.displayName,
    });
    await expect(
      callerFor(server.services, pupil).channels.update({
        class_id: classId,
        channel_id: channelIds[1]!,
        name: 'mine now',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await Promise.all([asPupil.stop(), asTeacher.stop()]);
  });
});

describe(`unread counts (${testDatabaseKind})`, () => {
  it('counts only what came after joining, live, and clears when read', async () => {
    const { classId, channelIds } = await classWithChannels();
    const general = channelIds[0]!;
    const say = (user: TestUser, body: string) =>
      callerFor(server.services, user).messages.send({
        id: makeRecordId('msg', user.uid),
        class_id: classId,
        channel_id: general,
        body,
      });
    await say(teacher, 'before the newcomer');
    await say(teacher, 'still before');
    // No pause for the clock: the newcomer's baseline counts messages stamped at or before the
    // membership, and both stamps are the database's now() of transactions run one after the other.
    const newcomer = await signUpUser(
      server.made.app,
      server.made.config.publicUrl,
      'Newcomer, Ned',
    );
    await callerFor(server.services, teacher).classes.addMembers({
      class_id: classId,
      role: 'student',
      people: [{ email: newcomer.email }],
    });
    const unread = (events: LiveEvent<ChannelView>[]) => {
      const row = channelList(events).find((channel) => channel.channel_id === general);
      return row ? row.last_seq - row.last_read_seq : -1;
    };
    const asNewcomer = await collect(server.services, newcomer, (caller) =>
      caller.channels.live({ class_id: classId }),
    );
    await asNewcomer.until((events) => unread(events) === 0);
    await say(teacher, 'welcome!');
    await say(pupil, 'hi');
    await asNewcomer.until((events) => unread(events) === 2);
    await callerFor(server.services, newcomer).channels.markRead({
      class_id: classId,
      channel_id: general,
      seq: 4,
    });
    await asNewcomer.until((events) => unread(events) === 0);
    // Never backwards.
    await callerFor(server.services, newcomer).channels.markRead({
      class_id: classId,
      channel_id: general,
      seq: 1,
    });
    await say(teacher, 'one more');
    await asNewcomer.until((events) => unread(events) === 1);
    await asNewcomer.stop();
  });
});

describe(`typing and online (${testDatabaseKind})`, () => {
  it('sends typing and online notices live with server time, clears typing, and throttles', async () => {
    const { classId, channelIds } = await classWithChannels();
    const general = channelIds[0]!;
    const ref = { class_id: classId, channel_id: general };
    const asTeacher = await collect(server.services, teacher, (caller) =>
      caller.channels.notifications(ref),
    );
    const notices = (events: LiveEvent<ChannelNotificationView>[]) => list(events, (row) => row.id);
    const before = Date.now();
    await callerFor(server.services, pupil).channels.notify({ ...ref, type: 'user_online' });
    await callerFor(server.services, pupil).channels.notify({ ...ref, type: 'user_typing' });
    await asTeacher.until((events) => notices(events).length === 2);
    const typing = notices(asTeacher.events).find((row) => row.type === 'user_typing');
    expect(typing).toMatchObject({ from: pupil.uid, from_name: 'Pia Pupil', deleted: false });
    expect(typing!.created_at).toBeGreaterThanOrEqual(before - 5_000);

    // A second typing notice within half the window writes nothing.
    const typingVersion = async () =>
      (
        await server.database.db
          .select()
          .from(channelNotifications)
          .where(eq(channelNotifications.channel_id, general))
      ).find((row) => row.type === 'user_typing')?.version;
    const versionBefore = await typingVersion();
    await callerFor(server.services, pupil).channels.notify({ ...ref, type: 'user_typing' });
    expect(await typingVersion()).toBe(versionBefore);

    await callerFor(server.services, pupil).channels.clearTyping(ref);
    await asTeacher.until((events) => !notices(events).some((row) => row.type === 'user_typing'));
    expect(notices(asTeacher.events).map((row) => row.type)).toEqual(['user_online']);
    await asTeacher.stop();
  });

  it('warms the send path of a channel the viewer can see, and refuses others alike', async () => {
    const { classId, channelIds } = await classWithChannels();
    expect(
      await callerFor(server.services, pupil).channels.prewarm({
        class_id: classId,
        channel_id: channelIds[0]!,
      }),
    ).toEqual({ ready: true });
    await expect(
      callerFor(server.services, pupil).channels.prewarm({
        class_id: classId,
        channel_id: channelIds[1]!,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
