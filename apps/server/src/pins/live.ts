// Docs: docs/activities.md#case-brief-and-pins — `pins.live`: a channel's pinned messages, to whoever
// sees the channel (a private channel's pins only to its members and the staff).
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { documentIdSchema, type Pin } from '@seminar/shared';
import { requireChannelAccess, type ChannelAccess } from '../channels/access';
import type { Db } from '../db/client';
import { messagePins, messages } from '../db/schema';
import type { CollectionTopic } from '../live/topic';
import { presentPin } from './presenters';

/**
 * The pins of a channel (those of `ids` when given) with their messages; a deleted message's pin is
 * never read (its delete drops the pin too), so a notice for it removes it from every bar.
 */
export async function loadPins(db: Db, channelId: string, ids?: string[]): Promise<Pin[]> {
  const rows = await db
    .select({ pin: messagePins, message: messages })
    .from(messagePins)
    .innerJoin(messages, eq(messages.id, messagePins.message_id))
    .where(
      and(
        eq(messagePins.channel_id, channelId),
        eq(messages.deleted, false),
        ids ? inArray(messagePins.message_id, ids) : undefined,
      ),
    );
  return rows.map(({ pin, message }) => presentPin(pin, message));
}

export const pinsTopic: CollectionTopic<
  { class_id: string; channel_id: string },
  Pin,
  ChannelAccess
> = {
  name: 'pins.live',
  kind: 'collection',
  input: z.object({ class_id: documentIdSchema, channel_id: documentIdSchema }),
  key: (input) => input.channel_id,
  // The channel's own rule (SPEC §4): channel changes re-check it like the channel's messages.
  access: (services, viewer, input) =>
    requireChannelAccess(services.database.db, viewer, input.class_id, input.channel_id),
  classOf: (access) => access.classId,
  snapshot: (services, _viewer, input) => loadPins(services.database.db, input.channel_id),
  load: (services, key, ids) => loadPins(services.database.db, key, ids),
  visible: () => true,
  id: (row) => row.message_id,
};
