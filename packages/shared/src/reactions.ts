// Docs: docs/channels.md#reactions — emoji reactions on a message: what an emoji is, the limits, and
// the one pure rule that adds or removes a person's reaction (the server applies it under the
// channel's lock; the web applies it optimistically).
import { countOf } from './plural';
import type { Reaction } from './schemas/reaction';

export type { MessageReactInput, Reaction } from './schemas/reaction';

/** At most this many different emoji on one message (a flood of distinct reactions is refused). */
export const MAX_REACTIONS_PER_MESSAGE = 20;
/** At most this many different emoji one person puts on one message. */
export const MAX_REACTIONS_PER_USER = 10;
/** An emoji is at most this many UTF-16 units (family and flag sequences are long). */
export const REACTION_EMOJI_MAX_LENGTH = 32;

/** The picker's emoji, in order (any other single emoji is accepted too). */
export const COMMON_REACTIONS = ['👍', '❤️', '😂', '🎉', '😮', '🙏', '👀', '✅'] as const;

// One emoji: pictographs, regional indicators (flags), keycaps, joined by ZWJ or varied by
// selectors and skin tones — and at least one pictograph or regional indicator, so digits or
// text never pass as an emoji.
const EMOJI_CHARS =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3|[#*0-9]|[\u{e0020}-\u{e007f}])+$/u;
const EMOJI_CORE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** Whether `value` is one emoji as a reaction may carry. */
export function isReactionEmoji(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= REACTION_EMOJI_MAX_LENGTH &&
    EMOJI_CHARS.test(value) &&
    EMOJI_CORE.test(value)
  );
}

/** Why a reaction change is refused, or the reactions after it. */
export type ReactionOutcome =
  | { ok: true; reactions: Reaction[]; changed: boolean }
  | { ok: false; reason: 'too_many_on_message' | 'too_many_by_user' };

/**
 * The reactions after `uid` adds (`on`) or removes `emoji`. Adding twice or removing what is not
 * there changes nothing (`changed: false`); an emoji nobody has any more goes away. A new emoji on
 * a message that has MAX_REACTIONS_PER_MESSAGE, or a person's reaction past
 * MAX_REACTIONS_PER_USER on one message, is refused.
 */
export function applyReaction(
  reactions: readonly Reaction[],
  uid: string,
  emoji: string,
  on: boolean,
): ReactionOutcome {
  const existing = reactions.find((reaction) => reaction.emoji === emoji);
  const has = existing?.uids.includes(uid) ?? false;
  if (on === has) return { ok: true, reactions: [...reactions], changed: false };
  if (!on) {
    const next = reactions
      .map((reaction) =>
        reaction.emoji === emoji
          ? { emoji, uids: reaction.uids.filter((other) => other !== uid) }
          : reaction,
      )
      .filter((reaction) => reaction.uids.length > 0);
    return { ok: true, reactions: next, changed: true };
  }
  if (!existing && reactions.length >= MAX_REACTIONS_PER_MESSAGE)
    return { ok: false, reason: 'too_many_on_message' };
  const mine = reactions.filter((reaction) => reaction.uids.includes(uid)).length;
  if (mine >= MAX_REACTIONS_PER_USER) return { ok: false, reason: 'too_many_by_user' };
  const next = existing
    ? reactions.map((reaction) =>
        reaction.emoji === emoji ? { emoji, uids: [...reaction.uids, uid] } : reaction,
      )
    : [...reactions, { emoji, uids: [uid] }];
  return { ok: true, reactions: next, changed: true };
}

/** The words of a refusal. */
export function reactionRefusalMessage(
  reason: Extract<ReactionOutcome, { ok: false }>['reason'],
): string {
  return reason === 'too_many_on_message'
    ? `A message can have at most ${MAX_REACTIONS_PER_MESSAGE} different reactions.`
    : `You can add at most ${MAX_REACTIONS_PER_USER} reactions to one message.`;
}

/**
 * The accessible name of a reaction chip: the emoji, how many, and whether the viewer is one of
 * them ("👍 3 reactions, including you" / "👍 1 reaction").
 */
export function reactionLabel(reaction: Reaction, viewerUid: string): string {
  const count = reaction.uids.length;
  const mine = reaction.uids.includes(viewerUid);
  return `${reaction.emoji} ${countOf(count, { one: 'reaction', other: 'reactions' })}${mine ? ', including you' : ''}`;
}
