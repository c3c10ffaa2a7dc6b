// Docs: docs/channels.md#notifications — a person's own settings for a channel (which messages
// raise a browser notification). Only the person's own row; anyone who can see the channel.
import { sql } from 'drizzle-orm';
import type { NotifyLevel } from '@seminar/shared';
import type { SessionUser } from '../auth/session';
import type { Db } from '../db/client';
import { channelSettings } from '../db/schema';
import { runCommand } from '../live/commands';
import { requireChannelAccess } from './access';
import { channelsTopic, viewerChannelsKey } from './live';

/**
 * Sets the viewer's notification level for a channel they can see (NOT_FOUND otherwise, as for a
 * channel that does not exist). Their channel lists, on every node, re-read it.
 */
export async function channelNotifySetter(
  db: Db,
  viewer: SessionUser,
  ref: { class_id: string; channel_id: string },
  notify: NotifyLevel,
): Promise<{ notify: NotifyLevel }> {
  await requireChannelAccess(db, viewer, ref.class_id, ref.channel_id);
  await runCommand(db, async ({ tx, announce }) => {
    await tx
      .insert(channelSettings)
      .values({ channel_id: ref.channel_id, uid: viewer.uid, notify })
      .onConflictDoUpdate({
        target: [channelSettings.channel_id, channelSettings.uid],
        set: { notify, updated_at: sql`now()` },
      });
    announce({ topic: channelsTopic, key: viewerChannelsKey(viewer.uid), ids: null });
  });
  return { notify };
}
