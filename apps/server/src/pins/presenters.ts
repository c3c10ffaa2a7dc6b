// Docs: docs/activities.md#case-brief-and-pins — a pin and its message → what the pinned bar shows.
import { pinExcerpt, type Pin } from '@seminar/shared';
import type { messagePins, messages } from '../db/schema';

/**
 * A pin as clients receive it. Its version is the later of the pin's and the message's, so an edit
 * of the message reaches the bars as a newer version of the pin.
 */
export function presentPin(
  pin: typeof messagePins.$inferSelect,
  message: typeof messages.$inferSelect,
): Pin {
  return {
    message_id: pin.message_id,
    class_id: pin.class_id,
    channel_id: pin.channel_id,
    seq: pin.seq,
    author_uid: message.author_uid,
    author_name: message.author_name,
    excerpt: pinExcerpt(message.body, message.deleted),
    files: message.deleted ? 0 : message.attachments.length,
    pinned_by: pin.pinned_by,
    pinned_by_name: pin.pinned_by_name,
    pinned_at: pin.pinned_at.getTime(),
    version: Math.max(pin.version, message.version),
  };
}
