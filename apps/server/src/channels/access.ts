// Docs: docs/realtime.md#access — may a viewer see a channel (SPEC §4 visibility)?
import { sql } from 'drizzle-orm';
import { canSeeChannel, channelGroupEmail, highestRole, type Role } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import { queryRows, type Db } from '../db/client';
import { activeRolesArraySql, requireClassRole } from '../classes/access';
import { notFound } from '../errors';

/** The SQL expressions {@link channelVisibleSql} reads, in the surrounding statement's names. */
export interface ChannelVisibleColumns {
  deleted: string;
  enabled: string;
  isPublic: string;
  channelGroup: string;
  /** The viewer's active roles in the channel's class, an array (null: none). */
  roles: string;
  /** True when the viewer has an active channel_users record for the channel. */
  enrolled: string;
  /** The viewer's `channelGroupEmail`: null until verified, and null matches no group. */
  email: string;
}

/**
 * SPEC §4's channel visibility as one SQL condition — `canSeeChannel` (packages/shared) in SQL, for
 * statements that filter many channels at once (message search) or decide in the database (the send
 * statement): instructors and class admins see every channel not deleted; students see enabled ones
 * that are public, that they are enrolled in, or whose channel_group holds their e-mail (any case,
 * spaces around ignored; a blank or missing e-mail owns nothing). A viewer with no role sees none.
 */
export function channelVisibleSql(c: ChannelVisibleColumns): string {
  return `(not ${c.deleted} and ${c.roles} is not null and (
    'instructor' = any(${c.roles}) or 'admin' = any(${c.roles})
    or (${c.enabled} and (${c.isPublic} or ${c.enrolled} or (btrim(coalesce(${c.email}, '')) <> ''
      and exists (select 1 from unnest(${c.channelGroup}) g
        where lower(btrim(g)) = lower(btrim(${c.email}))))))))`;
}

/** What a viewer's access to one channel rests on. */
export interface ChannelAccess {
  classId: string;
  channelId: string;
  role: Role;
}

interface AccessRow {
  is_public: boolean;
  enabled: boolean;
  deleted: boolean;
  channel_group: string[];
  roles: Role[] | null;
  enrolled: boolean;
}

/**
 * The viewer's access to a channel of a class, or NOT_FOUND (missing and forbidden alike). One
 * query: it runs before every send, so it is on the hot path.
 */
export async function requireChannelAccess(
  db: Db,
  viewer: SessionUser,
  classId: string,
  channelId: string,
): Promise<ChannelAccess> {
  const [row] = await queryRows<AccessRow>(
    db,
    sql`select c.is_public, c.enabled, c.deleted, c.channel_group,
      ${sql.raw(activeRolesArraySql('c.class_id', 'v.uid'))} as roles,
      exists(select 1 from channel_users u where u.channel_id = c.channel_id and u.uid = ${viewer.uid}
        and u.enabled and not u.deleted) as enrolled
    from channels c, (select ${viewer.uid}::text as uid) v where c.channel_id = ${channelId} and c.class_id = ${classId}`,
  );
  if (!row) {
    // No such channel: say "Class not found" to outsiders, "Channel not found" to members.
    await requireClassRole(db, viewer.uid, classId);
    throw notFound('Channel');
  }
  const role = highestRole(row.roles ?? []);
  if (!role) throw notFound('Class');
  const visible = canSeeChannel(
    { channel_id: channelId, ...row },
    {
      role,
      uid: viewer.uid,
      email: channelGroupEmail(viewer),
      enrolledChannelIds: new Set(row.enrolled ? [channelId] : []),
    },
  );
  if (!visible) throw notFound('Channel');
  return { classId, channelId, role };
}
