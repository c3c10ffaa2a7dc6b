import { describe, expect, it } from 'vitest';
import {
  activeMentionQuery,
  decodeMentions,
  encodeMentions,
  matchMentionable,
  mentionsPerson,
  mentionToken,
  parseMentions,
  splitMentions,
} from './mentions';
import { messageBodySchema } from './schemas/message';

const people = [
  { uid: 'u_ada', name: 'Ada' },
  { uid: 'u_ada_l', name: 'Ada Lovelace' },
  { uid: 'u_alan', name: 'Alan Turing' },
];

describe('parseMentions', () => {
  it.each<[string, string[], boolean]>([
    ['plain text', [], false],
    ['hi <@u1> and <@u2> and <@u1>', ['u1', 'u2'], false],
    ['@channel look', [], true],
    ['look, @channel!', [], true],
    ['(@channel)', [], true],
    ['@channels', [], false],
    ['me@channel.org', [], false],
    ['@channel-x', [], false],
    ['@@channel', [], false],
    ['<@u1><@u2>', ['u1', 'u2'], false],
    ['<@with space>', [], false],
    ['<@>', [], false],
    ['<@a/b>', [], false],
  ])('%j', (body, uids, channel) => {
    expect(parseMentions(body)).toEqual({ uids, channel });
  });

  it('is not fooled by a repeated test of @channel (no regex state kept)', () => {
    expect(parseMentions('@channel').channel).toBe(true);
    expect(parseMentions('@channel').channel).toBe(true);
  });

  it('tells whether a person is mentioned', () => {
    expect(mentionsPerson(`hey ${mentionToken('u1')}`, 'u1')).toBe(true);
    expect(mentionsPerson(`hey ${mentionToken('u1')}`, 'u2')).toBe(false);
    expect(mentionsPerson('hey @channel', 'u2')).toBe(true);
  });
});

describe('splitMentions', () => {
  it('cuts text into parts in order', () => {
    expect(splitMentions('a <@u1> b @channel c')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'user', uid: 'u1' },
      { kind: 'text', text: ' b ' },
      { kind: 'channel' },
      { kind: 'text', text: ' c' },
    ]);
    expect(splitMentions('')).toEqual([]);
    expect(splitMentions('no mentions')).toEqual([{ kind: 'text', text: 'no mentions' }]);
    expect(splitMentions('@channel')).toEqual([{ kind: 'channel' }]);
  });

  /** Steps of both passes over `text` (MentionStepCounter). */
  const steps = (text: string) => {
    const counter = { steps: 0 };
    splitMentions(text, counter);
    parseMentions(text, counter);
    return counter.steps;
  };
  // Each builds a text of about n characters of one hostile pattern.
  const HOSTILE: Array<[string, (n: number) => string]> = [
    ['reference openers', (n) => '<@'.repeat(n / 2)],
    ['@channel words run together', (n) => '@channel'.repeat(n / 8)],
    ['openers then @channel', (n) => '<@'.repeat(n / 4) + '@channel'.repeat(n / 16)],
    ['many references', (n) => '<@u_ada> '.repeat(n / 9)],
    ['references and @channel', (n) => '<@u1> @channel '.repeat(n / 15)],
  ];

  it.each(HOSTILE)('%s: steps grow linearly with the length', (_name, make) => {
    const small = make(8000);
    const large = make(16000);
    const perChar = (text: string) => steps(text) / text.length;
    // At most a constant per character, and the same constant at twice the length.
    expect(perChar(small)).toBeLessThanOrEqual(8);
    expect(perChar(large)).toBeLessThanOrEqual(8);
    expect(perChar(large) / perChar(small)).toBeLessThan(1.25);
  });

  it('the step counter is not blind: each pass counts the text', () => {
    const text = '<@u1> and @channel '.repeat(200);
    expect(steps(text)).toBeGreaterThanOrEqual(4 * text.length);
  });
});

describe('encodeMentions / decodeMentions', () => {
  it.each<[string, string]>([
    ['hi @Ada Lovelace!', 'hi <@u_ada_l>!'],
    ['hi @Ada, and @Alan Turing', 'hi <@u_ada>, and <@u_alan>'],
    ['@Adam is nobody', '@Adam is nobody'],
    ['mail ada@Ada', 'mail ada@Ada'],
    ['@Alan', '@Alan'],
    ['@channel stays', '@channel stays'],
    ['no at sign', 'no at sign'],
  ])('%j → %j', (text, body) => {
    expect(encodeMentions(text, people)).toBe(body);
  });

  it('shows references by the current name, unknown ones as they are', () => {
    const names = new Map(people.map((person) => [person.uid, person.name]));
    expect(decodeMentions('hi <@u_ada_l> and <@gone>', (uid) => names.get(uid))).toBe(
      'hi @Ada Lovelace and <@gone>',
    );
    const text = 'hi @Ada Lovelace and @Alan Turing';
    expect(decodeMentions(encodeMentions(text, people), (uid) => names.get(uid))).toBe(text);
  });
});

describe('activeMentionQuery', () => {
  it.each<[string, number | undefined, { start: number; query: string } | null]>([
    ['@', undefined, { start: 0, query: '' }],
    ['hi @Al', undefined, { start: 3, query: 'Al' }],
    ['hi @Ada Lo', undefined, { start: 3, query: 'Ada Lo' }],
    ['mail me@Al', undefined, null],
    ['hi @Ada  x', undefined, null],
    ['hi @\nAl', undefined, null],
    ['hi @ Al', undefined, null],
    ['hi @Al and more', 6, { start: 3, query: 'Al' }],
    [`@${'x'.repeat(41)}`, undefined, null],
  ])('%j at %j', (text, caret, expected) => {
    expect(activeMentionQuery(text, caret ?? text.length)).toEqual(expected);
  });
});

describe('matchMentionable', () => {
  it('puts names starting with the query first, then any word, ignoring case', () => {
    expect(matchMentionable(people, 'tur').map((p) => p.uid)).toEqual(['u_alan']);
    expect(matchMentionable(people, 'a').map((p) => p.uid)).toEqual(['u_ada', 'u_ada_l', 'u_alan']);
    expect(matchMentionable(people, 'LOVE').map((p) => p.uid)).toEqual(['u_ada_l']);
    expect(matchMentionable(people, '', 2)).toHaveLength(2);
  });
});

describe('messageBodySchema and mentions', () => {
  it('takes at most 20 people mentioned', () => {
    const body = (count: number) =>
      Array.from({ length: count }, (_, index) => mentionToken(`u${index}`)).join(' ');
    expect(messageBodySchema.safeParse(body(20)).success).toBe(true);
    expect(messageBodySchema.safeParse(body(21)).success).toBe(false);
  });
});
