// Docs: docs/channels.md — the write path of channels, channel members, reads and notices.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  channelNameClashMessage,
  displayName,
  findChannelNameClash,
  ONLINE_WINDOW_MS,
  TYPING_WINDOW_MS,
  type ChannelCreateInput,
  type ChannelUpdateInput,
  type NotificationType,
} from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { requireAllowed } from '../classes/policies';
import { queryRows, type Db } from '../db/client';
import {
  channelNotifications,
  channelReads,
  channels,
  channelUsers,
  classMemberships,
  users,
} from '../db/schema';
import { auditFields, nextVersion, runCommand, type CommandScope, type Tx } from '../live/commands';

import { requireChannelAccess } from './access';
import { accessSignal } from '../live/signals';
import { channelMembersTopic, channelsTopic, notificationsTopic, viewerChannelsKey } from './live';
import { notificationId } from './presenters';
import { DomainError, idTaken, notFound } from '../errors';

/** Refuses anyone whose role may not manage the class's channels (`can`, packages/shared). */
async function requireManager(db: Db, viewer: SessionUser, classId: string): Promise<void> {
  await requireAllowed(db, viewer, classId, 'channels.manage');
}

/**
 * A channel changed: every channel list of the class gets the row (each filtered by who may see
 * it). When the change can change who sees it, the live queries of that channel re-check access (a
 * student who loses the channel gets its stream ended); nothing else in the class needs to.
 */
function announceChannel(
  announce: CommandScope['announce'],
  classId: string,
  channelId: string,
  visibilityChanged: boolean,
): void {
  announce({ topic: channelsTopic, key: classId, ids: [channelId] });
  if (visibilityChanged) announce({ topic: accessSignal, key: classId, ids: [channelId] });
}

/** The unique index that keeps channel names apart in a class (schema/channels.ts). */
const NAME_INDEX = 'channels_class_name_unique';

/** Refuses a name another live channel of the class has (case and surrounding spaces ignored). */
async function requireFreeName(
  tx: Tx,
  classId: string,
  name: string,
  exceptChannelId?: string,
): Promise<void> {
  const rows = await tx
    .select({ channel_id: channels.channel_id, name: channels.name })
    .from(channels)
    .where(and(eq(channels.class_id, classId), eq(channels.deleted, false)));
  const clash = findChannelNameClash(name, rows, exceptChannelId);
  if (clash)
    throw new DomainError({ code: 'CONFLICT', message: channelNameClashMessage(clash.name) });
}

/** True when `error` (or what it wraps) is a unique violation of the channel name index. */
export function isNameIndexViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === NAME_INDEX) return true;
  }
  return false;
}

/**
 * Runs a write that may give a channel a name: two such writes racing past `requireFreeName` meet
 * the unique index, and the loser gets the same refusal as if it had come second.
 */
async function withNameIndex<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isNameIndexViolation(error))
      throw new DomainError({ code: 'CONFLICT', message: channelNameClashMessage(name) });
    throw error;
  }
}

/** The channel fields SPEC §4's visibility reads. */
const VISIBILITY_FIELDS = ['is_public', 'enabled', 'deleted', 'channel_group'] as const;

/** Creates a channel (name, public or not, group e-mails). */
export async function channelCreator(
  db: Db,
  viewer: SessionUser,
  input: ChannelCreateInput,
): Promise<{ channel_id: string }> {
  await requireManager(db, viewer, input.class_id);
  return withNameIndex(input.name, () =>
    runCommand(db, async ({ tx, announce }) => {
      const [existing] = await tx
        .select({ class_id: channels.class_id, deleted: channels.deleted })
        .from(channels)
        .where(eq(channels.channel_id, input.channel_id));
      if (existing) {
        // A retried create in this class: done already. Any other holder, same answer.
        if (existing.class_id === input.class_id && !existing.deleted)
          return { channel_id: input.channel_id };
        throw idTaken('channel');
      }
      await requireFreeName(tx, input.class_id, input.name);
      await tx
        .insert(channels)
        .values({ ...input, created_by: viewer.uid, ...auditFields(viewer), version: nextVersion });
      // A new channel changes no live query's access.
      announceChannel(announce, input.class_id, input.channel_id, false);
      return { channel_id: input.channel_id };
    }),
  );
}

/** Renames, enables/disables, makes public/private or changes the group e-mails of a channel. */
export async function channelUpdater(
  db: Db,
  viewer: SessionUser,
  input: ChannelUpdateInput,
): Promise<void> {
  await requireManager(db, viewer, input.class_id);
  const { channel_id, class_id, ...changes } = input;
  const name = changes.name;
  const write = () =>
    runCommand(db, async ({ tx, announce }) => {
      if (name !== undefined) await requireFreeName(tx, class_id, name, channel_id);
      const updated = await tx
        .update(channels)
        .set({ ...changes, ...auditFields(viewer), version: nextVersion })
        .where(
          and(
            eq(channels.channel_id, channel_id),
            eq(channels.class_id, class_id),
            eq(channels.deleted, false),
          ),
        )
        .returning({ id: channels.channel_id });
      if (updated.length === 0) throw notFound('Channel');
      announceChannel(
        announce,
        class_id,
        channel_id,
        VISIBILITY_FIELDS.some((field) => field in changes),
      );
    });
  await (name === undefined ? write() : withNameIndex(name, write));
}

/** Soft-deletes a channel: deleted plus the audit fields (SPEC §4). */
export async function channelDeleter(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; channel_id: string },
): Promise<void> {
  await requireManager(db, viewer, ref.class_id);
  await runCommand(db, async ({ tx, announce }) => {
    const updated = await tx
      .update(channels)
      .set({ deleted: true, ...auditFields(viewer), version: nextVersion })
      .where(
        and(
          eq(channels.channel_id, ref.channel_id),
          eq(channels.class_id, ref.class_id),
          eq(channels.deleted, false),
        ),
      )
      .returning({ id: channels.channel_id });
    if (updated.length === 0) throw notFound('Channel');
    announceChannel(announce, ref.class_id, ref.channel_id, true);
  });
}

/**
 * Refuses to remove someone who is not enrolled in the channel (changing nothing), saying who and
 * why: they were never added, were removed already, or are in only through the group e-mails.
 */
async function requireEnrolled(
  tx: Tx,
  channel: { channel_id: string; channel_group: string[] },
  uid: string,
): Promise<void> {
  const [enrolled] = await tx
    .select({ uid: channelUsers.uid })
    .from(channelUsers)
    .where(
      and(
        eq(channelUsers.channel_id, channel.channel_id),
        eq(channelUsers.uid, uid),
        eq(channelUsers.deleted, false),
      ),
    );
  if (enrolled) return;
  const [person] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, uid));
  const who = displayName(person?.name ?? '') || 'That person';
  const inGroup =
    person !== undefined && channel.channel_group.includes(person.email.toLowerCase());
  throw new DomainError({
    code: 'BAD_REQUEST',
    message: inGroup
      ? `${who} is in this channel through its group e-mails: remove their address in Channel settings.`
      : `${who} is not a member of this channel.`,
  });
}

/** Adds (or re-adds) a class member to a channel, or removes them. */
export async function channelMemberSetter(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; channel_id: string; uid: string },
  member: boolean,
): Promise<void> {
  await requireManager(db, viewer, ref.class_id);
  const [channel] = await db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.channel_id, ref.channel_id),
        eq(channels.class_id, ref.class_id),
        eq(channels.deleted, false),
      ),
    );
  if (!channel) throw notFound('Channel');
  const [inClass] = await db
    .select({ uid: classMemberships.uid })
    .from(classMemberships)
    .where(
      and(
        eq(classMemberships.class_id, ref.class_id),
        eq(classMemberships.uid, ref.uid),
        eq(classMemberships.deleted, false),
      ),
    );
  if (!inClass)
    throw new DomainError({
      code: 'BAD_REQUEST',
      message: 'Only members of the class can be added to its channels.',
    });
  await runCommand(db, async ({ tx, announce }) => {
    if (!member) await requireEnrolled(tx, channel, ref.uid);
    await tx
      .insert(channelUsers)
      .values({
        ...ref,
        enabled: true,
        deleted: !member,
        created_by: viewer.uid,
        ...auditFields(viewer),
        version: nextVersion,
      })
      .onConflictDoUpdate({
        target: [channelUsers.channel_id, channelUsers.uid],
        set: { deleted: !member, enabled: true, ...auditFields(viewer), version: nextVersion },
      });
    announce({ topic: channelMembersTopic, key: ref.channel_id, ids: [ref.uid] });
    announce({ topic: channelsTopic, key: viewerChannelsKey(ref.uid), ids: null });
    announce({ topic: accessSignal, key: ref.class_id, ids: [ref.channel_id], uid: ref.uid });
  });
}

/** Marks a channel read up to `seq` (never backwards). */
export async function channelReadMarker(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; channel_id: string },
  seq: number,
): Promise<void> {
  await requireChannelAccess(db, viewer, ref.class_id, ref.channel_id);
  await runCommand(db, async ({ tx, announce }) => {
    const [channel] = await tx
      .select({ last_seq: channels.last_seq })
      .from(channels)
      .where(eq(channels.channel_id, ref.channel_id));
    const upTo = Math.min(seq, channel?.last_seq ?? 0);
    await tx
      .insert(channelReads)
      .values({ channel_id: ref.channel_id, uid: viewer.uid, last_read_seq: upTo })
      .onConflictDoUpdate({
        target: [channelReads.channel_id, channelReads.uid],
        set: {
          last_read_seq: sql`greatest(${channelReads.last_read_seq}, ${upTo})`,
          updated_at: sql`now()`,
        },
      });
    announce({ topic: channelsTopic, key: viewerChannelsKey(viewer.uid), ids: null });
  });
}

/**
 * Records a typing or online notice with the server's time (one row per channel, user and type).
 * A notice is rewritten at most once per half window, whatever the client sends: the row stays
 * recent (newer than twice the window) and a misbehaving client cannot flood the channel.
 */
export async function channelNotifier(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; channel_id: string },
  type: NotificationType,
): Promise<void> {
  await requireChannelAccess(db, viewer, ref.class_id, ref.channel_id);
  const halfWindowMs = (type === 'user_typing' ? TYPING_WINDOW_MS : ONLINE_WINDOW_MS) / 2;
  await runCommand(db, async ({ tx, announce }) => {
    const written = await queryRows<{ from_uid: string }>(
      tx,
      sql`insert into channel_notifications (class_id, channel_id, from_uid, type, created_at, deleted, version)
        values (${ref.class_id}, ${ref.channel_id}, ${viewer.uid}, ${type}, now(), false, nextval('live_version'))
        on conflict (channel_id, from_uid, type) do update
          set created_at = now(), deleted = false, version = nextval('live_version')
          where ${channelNotifications.deleted} or ${channelNotifications.created_at} < now() - ${halfWindowMs} * interval '1 millisecond'
        returning from_uid`,
    );
    if (written.length > 0)
      announce({
        topic: notificationsTopic,
        key: ref.channel_id,
        ids: [notificationId(viewer.uid, type)],
      });
  });
}

/**
 * Ends a user's own notices of the given types in a channel (no access check: it only ever clears
 * the user's own rows, e.g. when their socket closes after they lost access).
 */
export async function channelNoticesClearer(
  db: Db,
  uid: string,
  ref: { class_id: string; channel_id: string },
  types: readonly NotificationType[],
): Promise<void> {
  await runCommand(db, async ({ tx, announce }) => {
    const cleared = await tx
      .update(channelNotifications)
      .set({ deleted: true, version: nextVersion })
      .where(
        and(
          eq(channelNotifications.channel_id, ref.channel_id),
          eq(channelNotifications.from_uid, uid),
          inArray(channelNotifications.type, [...types]),
          eq(channelNotifications.deleted, false),
        ),
      )
      .returning({ type: channelNotifications.type });
    if (cleared.length > 0)
      announce({
        topic: notificationsTopic,
        key: ref.channel_id,
        ids: cleared.map((row) => notificationId(uid, row.type as NotificationType)),
      });
  });
}

/** Clears the viewer's typing notice (on send, on an emptied composer, on leaving the channel). */
export async function typingClearer(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; channel_id: string },
): Promise<void> {
  await requireChannelAccess(db, viewer, ref.class_id, ref.channel_id);
  await channelNoticesClearer(db, viewer.uid, ref, ['user_typing']);
}

/**
 * The viewer left the channel (the page was hidden or closed, they signed out, or their socket
 * closed): their online and typing notices end for everyone at once.
 */
export async function channelLeaver(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; channel_id: string },
): Promise<void> {
  await requireChannelAccess(db, viewer, ref.class_id, ref.channel_id);
  await channelNoticesClearer(db, viewer.uid, ref, ['user_online', 'user_typing']);
}
