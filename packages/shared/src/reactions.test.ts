import { describe, expect, it } from 'vitest';
import {
  applyReaction,
  COMMON_REACTIONS,
  isReactionEmoji,
  MAX_REACTIONS_PER_MESSAGE,
  MAX_REACTIONS_PER_USER,
  reactionLabel,
  type Reaction,
} from './reactions';
import { shouldNotify } from './notifyLevels';

describe('isReactionEmoji', () => {
  it.each(COMMON_REACTIONS)('takes the picker’s %s', (emoji) => {
    expect(isReactionEmoji(emoji)).toBe(true);
  });
  it.each(['👨‍👩‍👧', '👍🏽', '🇫🇷', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'])('takes %s', (emoji) => {
    expect(isReactionEmoji(emoji)).toBe(true);
  });
  it.each(['', 'a', '1', '#', '👍 ', ':+1:', '<b>', '👍'.repeat(17)])('refuses %j', (value) => {
    expect(isReactionEmoji(value)).toBe(false);
  });
});

describe('applyReaction', () => {
  const start: Reaction[] = [{ emoji: '👍', uids: ['a'] }];

  it('adds a person to an emoji, or a new emoji at the end', () => {
    expect(applyReaction(start, 'b', '👍', true)).toEqual({
      ok: true,
      changed: true,
      reactions: [{ emoji: '👍', uids: ['a', 'b'] }],
    });
    expect(applyReaction(start, 'b', '🎉', true)).toEqual({
      ok: true,
      changed: true,
      reactions: [...start, { emoji: '🎉', uids: ['b'] }],
    });
  });

  it('removes a person, and the emoji with its last person', () => {
    expect(applyReaction(start, 'a', '👍', false)).toEqual({
      ok: true,
      changed: true,
      reactions: [],
    });
  });

  it('changes nothing adding twice or removing what is not there', () => {
    expect(applyReaction(start, 'a', '👍', true)).toMatchObject({ ok: true, changed: false });
    expect(applyReaction(start, 'b', '👍', false)).toMatchObject({ ok: true, changed: false });
    expect(applyReaction(start, 'b', '🎉', false)).toMatchObject({ ok: true, changed: false });
  });

  it('bounds different emoji per message and per person', () => {
    const full = Array.from({ length: MAX_REACTIONS_PER_MESSAGE }, (_, index) => ({
      emoji: String.fromCodePoint(0x1f600 + index),
      uids: ['x'],
    }));
    expect(applyReaction(full, 'b', '🦄', true)).toEqual({
      ok: false,
      reason: 'too_many_on_message',
    });
    expect(applyReaction(full, 'b', full[0]!.emoji, true)).toMatchObject({ ok: true });
    const mine = full.slice(0, MAX_REACTIONS_PER_USER).map((r) => ({ ...r, uids: ['b'] }));
    expect(applyReaction(mine, 'b', '🦄', true)).toEqual({ ok: false, reason: 'too_many_by_user' });
    // Removing is always allowed.
    expect(applyReaction(mine, 'b', mine[0]!.emoji, false)).toMatchObject({
      ok: true,
      changed: true,
    });
  });
});

describe('reactionLabel', () => {
  it('says the emoji, the count and whether the viewer reacted', () => {
    expect(reactionLabel({ emoji: '👍', uids: ['a'] }, 'b')).toBe('👍 1 reaction');
    expect(reactionLabel({ emoji: '👍', uids: ['a', 'b'] }, 'b')).toBe(
      '👍 2 reactions, including you',
    );
  });
});

describe('shouldNotify', () => {
  it.each<[Parameters<typeof shouldNotify>[0], boolean]>([
    [{ level: 'all', ownMessage: false, mentionsViewer: false, pageVisible: false }, true],
    [{ level: 'all', ownMessage: false, mentionsViewer: false, pageVisible: true }, false],
    [{ level: 'all', ownMessage: true, mentionsViewer: true, pageVisible: false }, false],
    [{ level: 'mentions', ownMessage: false, mentionsViewer: false, pageVisible: false }, false],
    [{ level: 'mentions', ownMessage: false, mentionsViewer: true, pageVisible: false }, true],
    [{ level: 'none', ownMessage: false, mentionsViewer: true, pageVisible: false }, false],
  ])('%j → %s', (input, expected) => {
    expect(shouldNotify(input)).toBe(expected);
  });
});
