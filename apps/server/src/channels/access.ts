// Docs: docs/realtime.md#access — may a viewer see a channel (SPEC §4 visibility)?
import { and, eq } from 'drizzle-orm';
import { canSeeChannel, enrolledChannelIds, type Role } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { channels, channelUsers } from '../db/schema';
import { requireClassRole } from '../classes/access';
import { notFound } from '../live/trpc';

/** What a viewer's access to one channel rests on. */
export interface ChannelAccess {
  classId: string;
  channelId: string;
  role: Role;
}

/** The viewer's access to a channel of a class, or NOT_FOUND (missing and forbidden alike). */
export async function requireChannelAccess(
  db: Db,
  viewer: SessionUser,
  classId: string,
  channelId: string,
): Promise<ChannelAccess> {
  const role = await requireClassRole(db, viewer.uid, classId);
  const [channel] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.channel_id, channelId), eq(channels.class_id, classId)));
  if (!channel) throw notFound('Channel');
  const memberships = await db
    .select()
    .from(channelUsers)
    .where(and(eq(channelUsers.channel_id, channelId), eq(channelUsers.uid, viewer.uid)));
  const visible = canSeeChannel(channel, {
    role,
    uid: viewer.uid,
    email: viewer.email,
    enrolledChannelIds: enrolledChannelIds(memberships, viewer.uid),
  });
  if (!visible) throw notFound('Channel');
  return { classId, channelId, role };
}
