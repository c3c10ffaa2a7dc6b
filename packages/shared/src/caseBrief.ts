// Docs: docs/activities.md#case-brief-and-pins — the pure rules of an activity's case brief and of a
// channel's pins: their bounds, whether one more pin fits, and what a pin shows of its message.
// zod-free (the web's first load may use it); the schemas are in schemas/caseBrief.ts.
import { cutText } from './cutText';

/** A case brief is at most this many characters (UTF-16 units, as the text box counts them). */
export const BRIEF_MAX_LENGTH = 20_000;
/** A brief carries at most this many files (as many as a message). */
export const BRIEF_MAX_ATTACHMENTS = 10;
/** A channel holds at most this many pinned messages. */
export const MAX_PINS_PER_CHANNEL = 20;
/** What a pin sends of its message's text (the web cuts it further, at a word). */
export const PIN_EXCERPT_MAX_LENGTH = 300;

/** The refusal of one pin too many. */
export const PIN_LIMIT_MESSAGE = `A channel can have at most ${MAX_PINS_PER_CHANNEL} pinned messages. Unpin one first.`;

/** Why pinning a message is refused, or null when it may be pinned. */
export type PinRefusal = 'limit' | null;

/**
 * May one more message be pinned in a channel that has `pinned` pins (of messages not deleted)?
 * Pinning a message that is pinned already is always allowed: it changes nothing.
 */
export function pinRefusal(pinned: number, alreadyPinned: boolean): PinRefusal {
  if (alreadyPinned) return null;
  return pinned >= MAX_PINS_PER_CHANNEL ? 'limit' : null;
}

/**
 * What a pin shows of its message: its text cut at PIN_EXCERPT_MAX_LENGTH (whole characters), or
 * nothing for a deleted message (which drops out of the pins anyway).
 */
export function pinExcerpt(body: string, deleted: boolean): string {
  return deleted ? '' : cutText(body, PIN_EXCERPT_MAX_LENGTH);
}

/** The localStorage key remembering that a person folded an activity's brief away. */
export function briefCollapsedKey(uid: string, activityId: string): string {
  return `seminar.briefCollapsed.${uid}.${activityId}`;
}
