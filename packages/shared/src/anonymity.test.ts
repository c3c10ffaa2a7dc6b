import { describe, expect, it } from 'vitest';
import {
  anonymityRefusal,
  anonymityRefusalMessage,
  authorLabel,
  isPseudonymKey,
  newMessageId,
  noticeShown,
  pseudonymAvatar,
  pseudonymKey,
  pseudonymLabel,
  pseudonymizeMessage,
  seesPseudonyms,
  shownAuthor,
} from './anonymity';
import type { PhaseState } from './phases';
import { activityAnonymousInputSchema } from './schemas/activity';
import { messageSchema } from './schemas/message';

describe('pseudonymLabel and pseudonymKey', () => {
  it.each([
    [1, 'Participant 1', 'anon:act1:1'],
    [7, 'Participant 7', 'anon:act1:7'],
    [120, 'Participant 120', 'anon:act1:120'],
  ])('%i → %s, %s', (number, label, key) => {
    expect(pseudonymLabel(number)).toBe(label);
    expect(pseudonymKey('act1', number)).toBe(key);
    expect(isPseudonymKey(key)).toBe(true);
  });
  it.each([
    ['uid-7', false],
    ['anon:act1:x', false],
    ['anon:someone', false],
    ['anon:a:b:3', false],
    ['anon:other:3', true],
  ])('isPseudonymKey(%s) → %s', (key, expected) => {
    expect(isPseudonymKey(key)).toBe(expected);
  });
  it('another activity gives another key for the same number', () => {
    expect(pseudonymKey('a', 3)).not.toBe(pseudonymKey('b', 3));
  });
});

describe('pseudonymAvatar: from the number alone, the same every time', () => {
  it.each([1, 2, 3, 7, 50, 999])('%i', (number) => {
    const avatar = pseudonymAvatar(number);
    expect(avatar).toEqual(pseudonymAvatar(number));
    expect(avatar.initials).toBe(`P${number}`);
    expect(avatar.background).toMatch(/^hsl\(\d+ 65% (28|40)%\)$/);
  });
  it('neighbouring numbers get different colours', () => {
    const colours = new Set([1, 2, 3, 4, 5, 6].map((n) => pseudonymAvatar(n).background));
    expect(colours.size).toBe(6);
  });
});

describe('shownAuthor: viewer × author', () => {
  const student = { uid: 'me', staff: false };
  const staff = { uid: 'prof', staff: true };
  const rows: Array<
    [string, { uid: string; staff: boolean }, number | null, string, string, string | null]
  > = [
    ['student sees a classmate', student, 7, 'anon:act:7', 'Participant 7', null],
    ['student sees themself', { uid: 'ada', staff: false }, 7, 'anon:act:7', 'Participant 7', null],
    ['staff sees a student', staff, 7, 'ada', 'Ada Lovelace', 'Participant 7'],
    ['student sees a post without pseudonym', student, null, 'ada', 'Ada Lovelace', null],
    ['staff sees a post without pseudonym', staff, null, 'ada', 'Ada Lovelace', null],
  ];
  it.each(rows)('%s', (_what, viewer, pseudonym, key, name, beside) => {
    expect(shownAuthor('act', viewer, { uid: 'ada', name: 'Ada Lovelace', pseudonym })).toEqual({
      key,
      name,
      pseudonym: beside,
    });
  });
});

describe('seesPseudonyms', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('anonymous %s, staff %s → %s', (anonymous, staff, expected) => {
    expect(seesPseudonyms(anonymous, { staff })).toBe(expected);
  });
});

describe('anonymityRefusal: only on, only before the first phase', () => {
  const rows: Array<[boolean, PhaseState, string | null]> = [
    [false, 'idle', null],
    [false, 'running', 'started'],
    [false, 'overtime', 'started'],
    [false, 'done', 'started'],
    [true, 'idle', 'already'],
    [true, 'running', 'already'],
  ];
  it.each(rows)('anonymous %s, %s → %s', (anonymous, phase_state, refusal) => {
    expect(anonymityRefusal({ anonymous, phase_state })).toBe(refusal);
  });
  it('says why in plain words', () => {
    expect(anonymityRefusalMessage('already')).toMatch(/cannot be switched off/);
    expect(anonymityRefusalMessage('started')).toMatch(/before the first phase starts/);
  });
});

describe('authorLabel', () => {
  it.each([
    [
      { key: 'anon:a:7', name: 'Participant 7', pseudonym: null },
      'anon:a:7',
      'You (Participant 7)',
    ],
    [{ key: 'anon:a:3', name: 'Participant 3', pseudonym: null }, 'anon:a:7', 'Participant 3'],
    [{ key: 'ada', name: 'Ada', pseudonym: 'Participant 3' }, null, 'Ada (Participant 3)'],
    [{ key: 'ada', name: 'Ada', pseudonym: null }, null, 'Ada'],
  ])('%o, self %s → %s', (shown, self, label) => {
    expect(authorLabel(shown, self)).toBe(label);
  });
});

describe('schemas', () => {
  it.each([
    [{ class_id: 'c', activity_id: 'a' }, true],
    [{ class_id: 'c' }, false],
    [{ class_id: 'c', activity_id: '' }, false],
    [{ class_id: 'c', activity_id: 7 }, false],
  ])('activityAnonymousInputSchema %o → %s', (input, ok) => {
    expect(activityAnonymousInputSchema.safeParse(input).success).toBe(ok);
  });
  it('a message defaults to no pseudonym, and refuses a zero one', () => {
    const base = {
      id: 'm',
      class_id: 'c',
      channel_id: 'ch',
      seq: 1,
      author_uid: 'anon:a:3',
      author_name: 'Participant 3',
      body: 'hi',
      created_at: 1,
    };
    expect(messageSchema.parse(base).pseudonym).toBeUndefined();
    expect(messageSchema.safeParse({ ...base, pseudonym: 0 }).success).toBe(false);
    expect(messageSchema.parse({ ...base, pseudonym: 3 }).pseudonym).toBe(3);
  });
});

describe('pseudonymizeMessage', () => {
  const base = messageSchema.parse({
    id: 'm',
    class_id: 'c',
    channel_id: 'ch',
    seq: 4,
    author_uid: 'ada',
    author_name: 'Ada Lovelace',
    body: 'hello',
    created_at: 1,
  });
  const rows: Array<[string, Partial<typeof base>, Partial<typeof base>]> = [
    [
      'a student post: key and label',
      { pseudonym: 7 },
      { author_uid: 'anon:act:7', author_name: 'Participant 7', pseudonym: 7 },
    ],
    [
      'a post without pseudonym (staff): as it is',
      {},
      { author_uid: 'ada', author_name: 'Ada Lovelace' },
    ],
    [
      'reactors with pseudonyms become keys; staff stay; the map goes',
      { reactions: [{ emoji: '👍', uids: ['bob', 'prof'] }], pseudonyms: { bob: 2 } },
      { reactions: [{ emoji: '👍', uids: ['anon:act:2', 'prof'] }] },
    ],
  ];
  it.each(rows)('%s', (_what, given, expected) => {
    const shaped = pseudonymizeMessage({ ...base, ...given }, 'act');
    expect(shaped).toMatchObject(expected);
    expect(shaped).not.toHaveProperty('pseudonyms');
    if (given.pseudonym) expect(JSON.stringify(shaped)).not.toMatch(/ada|Ada/);
    if (given.pseudonyms) expect(JSON.stringify(shaped)).not.toMatch(/bob/);
  });
});

describe('newMessageId', () => {
  it.each([1, 2, 3])('carries no uid, and differs every time (%i)', () => {
    const a = newMessageId();
    const b = newMessageId();
    expect(a).toMatch(/^msg_\d{17}_post_[0-9a-z]{6}$/);
    expect(a).not.toBe(b);
  });
});

describe('noticeShown: viewer × sender', () => {
  type Viewer = 'staff' | 'student' | 'hidden student';
  type From = 'self' | 'staff' | 'classmate';
  const rows: Array<[Viewer, boolean, From, string]> = [];
  for (const viewer of ['staff', 'student', 'hidden student'] as const)
    for (const anonymous of [false, true])
      for (const from of ['self', 'staff', 'classmate'] as const) {
        const expected =
          viewer === 'staff' || from !== 'classmate'
            ? 'as_is'
            : viewer === 'hidden student'
              ? 'hidden'
              : anonymous
                ? 'someone'
                : 'as_is';
        rows.push([viewer, anonymous, from, expected]);
      }
  it.each(rows)('%s (anonymous %s), notice from %s → %s', (viewer, anonymous, from, expected) => {
    expect(
      noticeShown(
        {
          uid: 'me',
          staff: viewer === 'staff',
          hiddenByPhase: viewer === 'hidden student',
          anonymous,
        },
        {
          from: from === 'self' ? 'me' : from === 'staff' ? 'prof' : 'bob',
          fromStaff: from === 'staff',
        },
      ),
    ).toBe(expected);
  });
});
