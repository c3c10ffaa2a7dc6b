// Docs: docs/activities.md#case-brief-and-pins — `pins.live`: a channel's pinned messages, to whoever
// sees the channel (a private channel's pins only to its members and the staff).
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { documentIdSchema, pseudonymKey, pseudonymLabel, type Pin } from '@seminar/shared';
import { anonymousActivityOfChannel } from '../activities/anonymity';
import { isStaffRole } from '../messages/phaseAccess';
import type { ChannelAccess } from '../channels/access';
import type { Db } from '../db/client';
import { messagePins, messages } from '../db/schema';
import type { CollectionTopic } from '../live/topic';
import { presentPin } from './presenters';
import { channelScoped } from '../channels/topicScopes';

/**
 * The pins of a channel (those of `ids` when given) with their messages; a deleted message's pin is
 * never read (its delete drops the pin too), so a notice for it removes it from every bar.
 */
export async function loadPins(db: Db, channelId: string, ids?: string[]): Promise<LoadedPin[]> {
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
  // In an anonymous activity's case channel a pin keeps its author's pseudonym for the students'
  // shape (docs/activities.md#anonymity); read once per change, not per delivery.
  const anonymous = rows.some(({ message }) => message.pseudonym !== null)
    ? await anonymousActivityOfChannel(db, channelId)
    : null;
  return rows.map(({ pin, message }) => ({
    ...presentPin(pin, message),
    anon:
      anonymous !== null && message.pseudonym !== null
        ? { activityId: anonymous, number: message.pseudonym }
        : null,
  }));
}

/** A pin with what its shape for students needs (never sent as is: `present` drops it). */
export type LoadedPin = Pin & { anon: { activityId: string; number: number } | null };

/** A pin as this viewer may see it: a student gets a pseudonymous author's pseudonym. */
function pinFor(row: LoadedPin, access: ChannelAccess): Pin {
  const { anon, ...pin } = row;
  if (anon === null || isStaffRole(access.role)) return pin;
  return {
    ...pin,
    author_uid: pseudonymKey(anon.activityId, anon.number),
    author_name: pseudonymLabel(anon.number),
  };
}

type PinsInput = { class_id: string; channel_id: string };

export const pinsTopic: CollectionTopic<PinsInput, LoadedPin, ChannelAccess, PinsInput, Pin> = {
  name: 'pins.live',
  kind: 'collection',
  input: z.object({ class_id: documentIdSchema, channel_id: documentIdSchema }),
  // The channel's own rule (SPEC §4): channel changes re-check it like the channel's messages.
  ...channelScoped,
  snapshot: (services, _viewer, input) => loadPins(services.database.db, input.channel_id),
  load: (services, key, ids) => loadPins(services.database.db, key, ids),
  visible: () => true,
  present: (row, _viewer, access) => pinFor(row, access),
  id: (row) => row.message_id,
};
