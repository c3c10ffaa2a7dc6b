// Docs: SPEC §4 "Channel visibility", SPEC §5 listing rules, DESIGN §2 (class admins have instructor
// powers). The server filters live-query fan-out with these same functions, so the web and the
// server can never disagree about who sees what.
import type { Role } from './constants';
import { normalizeEmail } from './emailAddress';
import { hasInstructorPowers } from './roles';

/** The fields the listing rule reads (channels, activities and profiles all have them). */
export interface ListableLike {
  enabled: boolean;
  deleted: boolean;
}

/**
 * Whether an item is listed for a viewer with `viewerRole` in its class (SPEC §5):
 * deleted items never are; students see enabled items only; instructors and class admins also
 * see disabled ones. A viewer with no role in the class sees nothing (fail closed).
 */
export function isListed(item: ListableLike, viewerRole: Role | null): boolean {
  if (item.deleted || viewerRole === null) return false;
  return hasInstructorPowers(viewerRole) || item.enabled;
}

/** The items {@link isListed} keeps, in their input order. */
export function listVisible<T extends ListableLike>(items: readonly T[], role: Role | null): T[] {
  return items.filter((item) => isListed(item, role));
}

/** The channel fields the visibility rules read. */
export interface ChannelLike extends ListableLike {
  channel_id: string;
  is_public: boolean;
  /** Absent, undefined or null all mean "no group". */
  channel_group?: readonly string[] | null | undefined;
}

/** Who is looking at a class's channels. */
export interface ChannelViewer {
  role: Role | null;
  /** Not read by the rules; allowed so a session user object can be passed as it is. */
  uid?: string;
  /**
   * The viewer's e-mail, matched against channel_group (any case and spacing). Pass it through
   * {@link channelGroupEmail}: an unverified address must match nothing.
   */
  email?: string | null;
  /** Channels with an active channel user record for the viewer (see {@link enrolledChannelIds}). */
  enrolledChannelIds: ReadonlySet<string>;
}

/**
 * The e-mail a user's channel_group membership rests on: their address once they have proved it is
 * theirs (the code mailed at sign-up), none before. Anyone can sign up with any address, so an
 * unverified address matches no group (docs/accounts.md#verification). Every check — canSeeChannel,
 * is_own, the server's access query and send statement — takes the viewer's e-mail through this.
 */
export function channelGroupEmail(user: {
  email?: string | null;
  emailVerified?: boolean | null;
}): string | null {
  return user.emailVerified === true && typeof user.email === 'string' ? user.email : null;
}

/**
 * True when the viewer's e-mail is in the channel's channel_group, both sides normalized
 * (trimmed, lower-cased), which makes it the viewer's own (team) channel (SPEC §3, DESIGN §2).
 * A missing or blank e-mail owns nothing, even if the group holds a blank entry.
 */
export function isOwnChannel(
  channel: Pick<ChannelLike, 'channel_group'>,
  email: string | null | undefined,
): boolean {
  if (typeof email !== 'string') return false;
  const own = normalizeEmail(email);
  if (own === '') return false;
  return (channel.channel_group ?? []).some(
    (member) => typeof member === 'string' && normalizeEmail(member) === own,
  );
}

/**
 * The channel_group a viewer is shown (issue 29.5): instructors and class admins, who manage the
 * group, see it whole; anyone else sees at most their own address (the entries matching their
 * `channelGroupEmail`), so a student learns whether they are in the group and never who else is.
 */
export function shownChannelGroup(
  channel: Pick<ChannelLike, 'channel_group'>,
  viewer: { role: Role | null; email?: string | null | undefined },
): string[] {
  const group = (channel.channel_group ?? []).filter(
    (member): member is string => typeof member === 'string',
  );
  if (viewer.role === null) return [];
  if (hasInstructorPowers(viewer.role)) return group;
  if (typeof viewer.email !== 'string') return [];
  const own = normalizeEmail(viewer.email);
  if (own === '') return [];
  return group.filter((member) => normalizeEmail(member) === own);
}

/**
 * Whether `viewer` sees `channel` (SPEC §4):
 * - instructors and class admins see every channel that is not deleted, enabled or not;
 * - students see enabled, not deleted channels that are public, that they are enrolled in, or
 *   whose channel_group holds their e-mail (their own team channel counts as enrolment);
 * - a viewer with no role in the class sees none.
 */
export function canSeeChannel(channel: ChannelLike, viewer: ChannelViewer): boolean {
  if (channel.deleted || viewer.role === null) return false;
  if (hasInstructorPowers(viewer.role)) return true;
  if (!channel.enabled) return false;
  return (
    channel.is_public ||
    viewer.enrolledChannelIds.has(channel.channel_id) ||
    isOwnChannel(channel, viewer.email)
  );
}

/** The channels {@link canSeeChannel} lets `viewer` see, in their input order. */
export function visibleChannels<T extends ChannelLike>(
  channels: readonly T[],
  viewer: ChannelViewer,
): T[] {
  return channels.filter((channel) => canSeeChannel(channel, viewer));
}

/** The channel user fields the membership rules read. */
export interface ChannelUserLike extends ListableLike {
  uid: string;
}

/**
 * A student's own channel memberships (SPEC §5): the records whose uid is theirs, enabled and not
 * deleted. Records of other users are never returned, whatever the caller passes in.
 */
export function studentChannelMemberships<T extends ChannelUserLike>(
  channelUsers: readonly T[],
  uid: string,
): T[] {
  return channelUsers.filter((record) => record.uid === uid && record.enabled && !record.deleted);
}

/** The ids of the channels `uid` is enrolled in, for {@link ChannelViewer.enrolledChannelIds}. */
export function enrolledChannelIds(
  channelUsers: readonly (ChannelUserLike & { channel_id: string })[],
  uid: string,
): Set<string> {
  return new Set(studentChannelMemberships(channelUsers, uid).map((record) => record.channel_id));
}
