// Docs: docs/channels.md#visibility-spec-4 — a viewer's channel list (SPEC §4 visibility, unread counts)
// and a channel's typing and online notices.
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  noticeShown,
  SOMEONE_KEY,
  SOMEONE_NAME,
  canSeeChannel,
  channelGroupEmail,
  isOwnChannel,
  displayName,
  shownChannelGroup,
  documentIdSchema,
  enrolledChannelIds,
  can,
  ONLINE_WINDOW_MS,
  type ChannelMember,
  type ChannelNotificationView,
  type ChannelView,
  type NotifyLevel,
  type Role,
} from '@seminar/shared';
import { activeMembershipsSql, requireClassRole } from '../classes/access';
import type { Db } from '../db/client';
import { channelNotifications, channels, channelUsers, users } from '../db/schema';
import type { CollectionTopic } from '../live/topic';
import type { ChannelAccess } from './access';
import { presentChannel, presentNotification } from './presenters';
import {
  hiddenByPhaseSql,
  isStaffRole,
  messageColumns,
  postFirstPhaseSql,
  type MessageAccess,
} from '../messages/phaseAccess';
import { anonymousActivityOfChannel } from '../activities/anonymity';
import {
  hiddenUnread,
  postFirstCounts,
  type HiddenAtRead,
  type PostFirstCount,
} from './unreadHidden';
import { channelScoped, messageScoped } from './topicScopes';

interface ChannelListAccess {
  classId: string;
  uid: string;
  /** The e-mail channel_group membership rests on: none until verified (channelGroupEmail). */
  email: string | null;
  role: Role;
  enrolled: Set<string>;
  /** Per channel: what the viewer has read (or, never opened, what came before they joined). */
  lastRead: Map<string, number>;
  /** Per channel: unread messages of others that mention the viewer (or `@channel`). */
  mentions: Map<string, number>;
  /** Per channel: the viewer's notification level, when not `all`. */
  notify: Map<string, NotifyLevel>;
  /**
   * Per case channel whose post-first phase hides classmates' posts from the viewer (a student who
   * has not posted in it): what was hidden when this was read (unreadHidden.ts).
   */
  hidden: Map<string, HiddenAtRead>;
}

/** A channel row as read for the lists: with its post-first phase's count (not sent). */
type LoadedChannel = ChannelView & { postFirst?: PostFirstCount };

/** The channels' rows with their post-first phases' counts (docs/phases.md#unread-counts). */
async function loadChannels(db: Db, where: SQL | undefined): Promise<LoadedChannel[]> {
  const rows = await db.select().from(channels).where(where);
  const counts = await postFirstCounts(
    db,
    rows.map((row) => row.channel_id),
  );
  return rows.map((row) => {
    const view = presentChannel(row, { email: null, lastReadSeq: 0 });
    const postFirst = counts.get(row.channel_id);
    return postFirst ? { ...view, postFirst } : view;
  });
}

/** The notice key of one viewer's channel lists (reads and enrolment changes). */
export const viewerChannelsKey = (uid: string) => `viewer:${uid}`;

async function channelListAccess(
  db: Db,
  viewer: { uid: string; email: string; emailVerified: boolean },
  classId: string,
): Promise<ChannelListAccess> {
  const role = await requireClassRole(db, viewer.uid, classId);
  const enrolment = await db
    .select()
    .from(channelUsers)
    .where(and(eq(channelUsers.class_id, classId), eq(channelUsers.uid, viewer.uid)));
  // A channel never opened counts only what came after the viewer joined the class or the channel.
  const baselines = await db.execute(sql`
    select b.channel_id, b.last_read, s.notify, p.start_seq, p.posts,
      exists (select 1 from messages pm where pm.channel_id = b.channel_id
        and pm.author_uid = ${viewer.uid} and pm.seq > p.start_seq) as posted,
      case when p.start_seq is null then 0 else (select count(*) from messages m
        where m.channel_id = b.channel_id and m.seq > b.last_read
          and ${hiddenByPhaseSql(messageColumns('m'), viewer.uid, isStaffRole(role))}) end as hidden,
      (select count(*) from messages m
        where m.channel_id = b.channel_id and m.seq > b.last_read and not m.deleted
          and m.author_uid <> ${viewer.uid}
          and (m.mentions <> '{}'::text[] or m.mentions_channel)
          and (m.mentions_channel or ${viewer.uid} = any(m.mentions))
          and not ${hiddenByPhaseSql(messageColumns('m'), viewer.uid, isStaffRole(role))}) as mentions
    from (select c.channel_id, c.class_id,
      coalesce(r.last_read_seq,
        (select max(m.seq) from messages m
          where m.channel_id = c.channel_id
            and m.created_at <= greatest(
              (select min(cm.created_at) from class_memberships cm where cm.class_id = c.class_id and cm.uid = ${viewer.uid}),
              coalesce((select cu.created_at from channel_users cu where cu.channel_id = c.channel_id and cu.uid = ${viewer.uid}), 'epoch'::timestamptz))),
        0) as last_read
    from channels c
    left join channel_reads r on r.channel_id = c.channel_id and r.uid = ${viewer.uid}
    where c.class_id = ${classId} and c.deleted = false) b
    left join channel_settings s on s.channel_id = b.channel_id and s.uid = ${viewer.uid}
    left join lateral (${postFirstPhaseSql('b.channel_id', 'b.class_id')}) p
      on ${sql.raw(isStaffRole(role) ? 'false' : 'true')}`);
  const rows = (
    baselines as unknown as {
      rows: Array<{
        channel_id: string;
        last_read: string | number;
        notify: NotifyLevel | null;
        mentions: string | number;
        start_seq: string | number | null;
        posts: string | number | null;
        posted: boolean;
        hidden: string | number;
      }>;
    }
  ).rows;
  return {
    classId,
    uid: viewer.uid,
    email: channelGroupEmail(viewer),
    role,
    enrolled: enrolledChannelIds(enrolment, viewer.uid),
    lastRead: new Map(rows.map((row) => [row.channel_id, Number(row.last_read)])),
    mentions: new Map(rows.map((row) => [row.channel_id, Number(row.mentions)])),
    notify: new Map(
      rows.flatMap((row) =>
        row.notify && row.notify !== 'all' ? [[row.channel_id, row.notify] as const] : [],
      ),
    ),
    hidden: new Map(
      rows.flatMap((row) =>
        row.start_seq !== null && !row.posted
          ? [
              [
                row.channel_id,
                {
                  startSeq: Number(row.start_seq),
                  posts: Number(row.posts),
                  hidden: Number(row.hidden),
                },
              ] as const,
            ]
          : [],
      ),
    ),
  };
}

const classRef = z.object({ class_id: documentIdSchema });
const channelRef = classRef.extend({ channel_id: documentIdSchema });

/** SPEC §7 "Channels" and §4 visibility: the channels this viewer may see, with unread counts. */
export const channelsTopic: CollectionTopic<
  { class_id: string },
  LoadedChannel,
  ChannelListAccess,
  { class_id: string },
  ChannelView
> = {
  name: 'channels.live',
  kind: 'collection',
  input: classRef,
  key: (input) => input.class_id,
  extraKeys: (access) => [viewerChannelsKey(access.uid)],
  access: (services, viewer, input) =>
    channelListAccess(services.database.db, viewer, input.class_id),
  classOf: (access) => access.classId,
  async snapshot(services, viewer, input, access) {
    const rows = await loadChannels(
      services.database.db,
      and(eq(channels.class_id, input.class_id), eq(channels.deleted, false)),
    );
    return rows.filter((row) => channelsTopic.visible(row, viewer, access));
  },
  // One read per change of channels, shared by every list of the class on this node.
  load: (services, _key, ids) =>
    loadChannels(services.database.db, inArray(channels.channel_id, ids)),
  visible: (row, _viewer, access) =>
    row.class_id === access.classId &&
    canSeeChannel(row, {
      role: access.role,
      email: access.email,
      enrolledChannelIds: access.enrolled,
    }),
  // Per viewer: unread, hidden and mention counts, and the group's addresses only for staff (a
  // student sees at most their own: shownChannelGroup).
  present: ({ postFirst, ...row }, _viewer, access) => {
    const lastRead = Math.min(
      access.lastRead.get(row.channel_id) ?? row.last_read_seq,
      row.last_seq,
    );
    return {
      ...row,
      channel_group: shownChannelGroup(row, access),
      last_read_seq: lastRead,
      hidden_count: Math.min(
        hiddenUnread(access.hidden.get(row.channel_id), postFirst),
        row.last_seq - lastRead,
      ),
      is_own: isOwnChannel(row, access.email),
      mention_count: access.mentions.get(row.channel_id) ?? 0,
      notify: access.notify.get(row.channel_id) ?? 'all',
    };
  },
  id: (row) => row.channel_id,
  // Every message bumps its channel's last_seq (unread counts): a class's lists are updated at
  // most four times a second, not once per message per member.
  coalesceMs: 250,
};

/**
 * Ids of notices in an anonymous activity's case channel: the hub sends a notice's id to whoever
 * had it (a removal too), so there the id is a keyed hash of the sender's uid — this process's
 * key, never sent; ids differ between nodes, and a client moving nodes gets a fresh snapshot.
 */
const noticeIdKey = randomBytes(32);
const opaqueNoticeId = (uid: string, type: string) =>
  `${createHmac('sha256', noticeIdKey).update(uid).digest('base64url').slice(0, 22)}:${type}`;

async function loadNotifications(
  db: Db,
  channelId: string,
  filter: { ids?: string[]; recentOnly: boolean },
): Promise<ChannelNotificationView[]> {
  const anonymous = (await anonymousActivityOfChannel(db, channelId)) !== null;
  const since = new Date(Date.now() - 2 * ONLINE_WINDOW_MS);
  const rows = await db
    .select({ notification: channelNotifications, name: users.name })
    .from(channelNotifications)
    .leftJoin(users, eq(users.id, channelNotifications.from_uid))
    .where(
      and(
        eq(channelNotifications.channel_id, channelId),
        filter.recentOnly
          ? and(eq(channelNotifications.deleted, false), gt(channelNotifications.created_at, since))
          : undefined,
        filter.ids
          ? inArray(
              sql`${channelNotifications.from_uid} || ':' || ${channelNotifications.type}`,
              filter.ids,
            )
          : undefined,
      ),
    );
  return rows.map((row) => {
    const notice = presentNotification(row.notification, displayName(row.name ?? '') || 'Someone');
    return anonymous ? { ...notice, id: opaqueNoticeId(notice.from, notice.type) } : notice;
  });
}

/** How this viewer gets this notice (docs/activities.md#anonymity, docs/phases.md). */
const noticeFor = (access: MessageAccess, row: ChannelNotificationView) =>
  noticeShown(
    {
      uid: access.uid,
      staff: access.staff,
      hiddenByPhase: access.phase?.kind === 'individual_post_first' && !access.posted,
      anonymous: access.anonymousActivityId !== null,
    },
    { from: row.from, fromStaff: access.staffUids.has(row.from) },
  );

/** SPEC §7 "Notifications": typing and online notices of a channel the viewer can see. */
export const notificationsTopic: CollectionTopic<
  { class_id: string; channel_id: string },
  ChannelNotificationView,
  MessageAccess
> = {
  name: 'channels.notifications',
  kind: 'collection',
  input: channelRef,
  // The message access: in a case channel, the phase and anonymity decide who sees whose notices.
  ...messageScoped,
  snapshot: async (services, _viewer, input, access) =>
    (await loadNotifications(services.database.db, input.channel_id, { recentOnly: true })).filter(
      (row) => noticeFor(access, row) !== 'hidden',
    ),
  load: (services, key, ids) =>
    loadNotifications(services.database.db, key, { ids, recentOnly: false }),
  // Recency is judged by the client with its server time offset (SPEC §9); deleted ones go away.
  // A classmate's notice a post-first phase hides never reaches the viewer.
  visible: (row, _viewer, access) => !row.deleted && noticeFor(access, row) !== 'hidden',
  // In an anonymous case channel a classmate is "Someone" (the id is opaque there already).
  present: (row, _viewer, access) =>
    noticeFor(access, row) === 'someone'
      ? { ...row, from: SOMEONE_KEY, from_name: SOMEONE_NAME }
      : row,
  id: (row) => row.id,
};

/**
 * Read with each record: whether its person is an active member of the class (SPEC §6); not sent
 * (present drops it).
 */
type LoadedChannelMember = ChannelMember & { inClass?: boolean };

async function loadChannelMembers(
  db: Db,
  channelId: string,
  uids?: string[],
): Promise<LoadedChannelMember[]> {
  const rows = await db
    .select({
      member: channelUsers,
      name: users.name,
      email: users.email,
      inClass: sql<boolean>`exists (${activeMembershipsSql(
        '1',
        sql`m.class_id = ${channelUsers.class_id} and m.uid = ${channelUsers.uid}`,
      )})`,
    })
    .from(channelUsers)
    .leftJoin(users, eq(users.id, channelUsers.uid))
    .where(
      and(
        eq(channelUsers.channel_id, channelId),
        uids ? inArray(channelUsers.uid, uids) : undefined,
      ),
    );
  return rows.map(({ member, name, email, inClass }) => ({
    uid: member.uid,
    class_id: member.class_id,
    channel_id: member.channel_id,
    name: name ?? '',
    email,
    enabled: member.enabled,
    deleted: member.deleted,
    version: member.version,
    inClass: inClass === true || String(inClass) === 't',
  }));
}

/**
 * Who the members panel lists: records not removed, of people still active in the class — one
 * disabled or removed in the class keeps their channel record (it returns if they are enabled
 * again) but is not shown as a member (issue 29.5).
 */
const listedMember = (row: LoadedChannelMember) =>
  !row.deleted && row.enabled && row.inClass === true;

/** The wire shape: without the class check it was read with. */
const withoutClassCheck = ({ inClass: _inClass, ...row }: LoadedChannelMember): ChannelMember =>
  row;

/** SPEC §7 "Channel users": a channel's enrolled members (settings dialog and members panel). */
export const channelMembersTopic: CollectionTopic<
  { class_id: string; channel_id: string },
  LoadedChannelMember,
  ChannelAccess,
  { class_id: string; channel_id: string },
  ChannelMember
> = {
  name: 'channels.members',
  kind: 'collection',
  input: channelRef,
  // Whoever sees the channel sees who is in it (the members panel); e-mail addresses only go to
  // instructors and class admins, as on the roster.
  ...channelScoped,
  async snapshot(services, _viewer, input) {
    return (await loadChannelMembers(services.database.db, input.channel_id)).filter(listedMember);
  },
  load: (services, key, ids) => loadChannelMembers(services.database.db, key, ids),
  visible: listedMember,
  present: (row, _viewer, access) =>
    withoutClassCheck(can(access.role, 'channels.manage') ? row : { ...row, email: null }),
  id: (row) => row.uid,
};
