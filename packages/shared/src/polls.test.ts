import { describe, expect, it } from 'vitest';
import {
  checkVote,
  pollCounts,
  pollCsv,
  pollOptionId,
  pollOptionsProblem,
  pollSight,
  voteRefusalMessage,
  type VoteRefusal,
} from './polls';
import type { Role } from './constants';
import { makeRecordId } from './recordId';
import { pollCreateInputSchema, pollVoteInputSchema } from './schemas/poll';

describe('pollOptionsProblem', () => {
  it.each<[string, string[], string | null]>([
    ['two options', ['Yes', 'No'], null],
    ['ten options', Array.from({ length: 10 }, (_, i) => `Option ${i}`), null],
    ['one option', ['Yes'], 'A poll needs at least 2 options'],
    ['no options', [], 'A poll needs at least 2 options'],
    [
      'eleven options',
      Array.from({ length: 11 }, (_, i) => `Option ${i}`),
      'A poll can have at most 10 options',
    ],
    ['a blank option', ['Yes', '  '], 'An option cannot be empty'],
    ['a long option', ['Yes', 'x'.repeat(201)], 'An option can be at most 200 characters'],
    ['an option of 200', ['Yes', 'x'.repeat(200)], null],
    ['the same option twice', ['Yes', ' yes '], 'The option "yes" is there twice'],
  ])('%s', (_name, options, problem) => {
    expect(pollOptionsProblem(options)).toBe(problem);
  });
});

describe('checkVote', () => {
  const options = [0, 1, 2].map((i) => ({ id: pollOptionId(i) }));
  const single = { options, multiple: false, closed: false };
  const multiple = { options, multiple: true, closed: false };
  it.each<[string, typeof single, string[], { choice: string[] } | VoteRefusal]>([
    ['one option of a single-choice poll', single, ['o2'], { choice: ['o2'] }],
    ['two options of a single-choice poll', single, ['o1', 'o2'], 'single'],
    ['two options of a multiple-choice poll', multiple, ['o3', 'o1'], { choice: ['o1', 'o3'] }],
    [
      'every option of a multiple-choice poll',
      multiple,
      ['o1', 'o2', 'o3'],
      { choice: ['o1', 'o2', 'o3'] },
    ],
    ['an option that does not exist', single, ['o9'], 'unknownOption'],
    ['a known and an unknown option', multiple, ['o1', 'nope'], 'unknownOption'],
    ['nothing', single, [], 'empty'],
    ['the same option twice', multiple, ['o1', 'o1'], 'duplicate'],
    ['a closed poll', { ...single, closed: true }, ['o1'], 'closed'],
  ])('%s', (_name, poll, ids, expected) => {
    const outcome = checkVote(poll, ids);
    if (typeof expected === 'string') expect(outcome).toEqual({ ok: false, reason: expected });
    else expect(outcome).toEqual({ ok: true, ...expected });
  });

  it.each<VoteRefusal>(['closed', 'empty', 'unknownOption', 'duplicate', 'single'])(
    'words %s',
    (reason) => {
      expect(voteRefusalMessage(reason)).toMatch(/\.$/);
    },
  );
});

describe('pollSight', () => {
  type Case = [Role, boolean, 'live' | 'closed', boolean, { counts: boolean; voters: boolean }];
  it.each<Case>([
    // role, anonymous, results, closed → what they see
    ['instructor', false, 'live', false, { counts: true, voters: true }],
    ['admin', false, 'closed', false, { counts: true, voters: true }],
    ['instructor', true, 'live', false, { counts: true, voters: false }],
    ['instructor', true, 'closed', true, { counts: true, voters: false }],
    ['admin', true, 'live', true, { counts: true, voters: false }],
    ['student', false, 'live', false, { counts: true, voters: false }],
    ['student', false, 'closed', false, { counts: false, voters: false }],
    ['student', false, 'closed', true, { counts: true, voters: false }],
    ['student', true, 'closed', false, { counts: false, voters: false }],
    ['student', true, 'live', true, { counts: true, voters: false }],
  ])('%s, anonymous %s, results %s, closed %s', (role, anonymous, results, closed, sight) => {
    expect(pollSight({ anonymous, results, closed }, role)).toEqual(sight);
  });
});

describe('pollCounts', () => {
  it('counts each choice per option, in option order, ignoring unknown ids', () => {
    const options = [{ id: 'o1' }, { id: 'o2' }, { id: 'o3' }];
    expect(pollCounts(options, [['o1'], ['o1', 'o3'], ['x'], []])).toEqual([2, 0, 1]);
  });
});

describe('pollCsv', () => {
  const options = [
    { id: 'o1', text: '=HYPERLINK("x")', count: 2 },
    { id: 'o2', text: 'Plain, with comma', count: 0 },
  ];
  it('lists the counts, formula-guarded', () => {
    expect(pollCsv({ question: '@question', options, voters: null })).toBe(
      'question,option,votes\r\n' +
        `'@question,"'=HYPERLINK(""x"")",2\r\n` +
        `'@question,"Plain, with comma",0\r\n`,
    );
  });
  it('adds who chose what only when given', () => {
    const csv = pollCsv({
      question: 'Q',
      options,
      voters: [{ name: 'Ada Lovelace', option_ids: ['o1', 'o2'] }],
    });
    expect(csv.split('\r\n').slice(3)).toEqual([
      '',
      'voter,option',
      `Ada Lovelace,"'=HYPERLINK(""x"")"`,
      'Ada Lovelace,"Plain, with comma"',
      '',
    ]);
  });
  it('leaves hidden counts empty', () => {
    expect(
      pollCsv({ question: 'Q', options: [{ id: 'o1', text: 'A', count: null }], voters: null }),
    ).toBe('question,option,votes\r\nQ,A,\r\n');
  });
});

describe('pollCreateInputSchema', () => {
  const base = {
    id: makeRecordId('msg', 'u1'),
    class_id: 'class_1',
    channel_id: 'channel_1',
    question: ' Which? ',
    options: [' A ', 'B'],
  };
  it('takes a poll, trims it, and fills the defaults', () => {
    const parsed = pollCreateInputSchema.safeParse(base);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      question: 'Which?',
      options: ['A', 'B'],
      multiple: false,
      anonymous: false,
      results: 'live',
    });
  });
  it.each<[string, Record<string, unknown>, string]>([
    ['one option', { options: ['A'] }, 'A poll needs at least 2 options'],
    [
      'eleven options',
      { options: Array.from({ length: 11 }, (_, i) => `O${i}`) },
      'A poll can have at most 10 options',
    ],
    ['a blank question', { question: '   ' }, 'Write the question'],
    ['a long question', { question: 'q'.repeat(301) }, 'A question can be at most 300 characters'],
    ['results of another kind', { results: 'never' }, ''],
  ])('refuses %s', (_name, change, message) => {
    const parsed = pollCreateInputSchema.safeParse({ ...base, ...change });
    expect(parsed.success).toBe(false);
    if (message) expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('pollVoteInputSchema', () => {
  it.each<[unknown, boolean]>([
    [{ id: 'msg_1', option_ids: ['o1'] }, true],
    [{ id: 'msg_1', option_ids: [] }, true], // refused by checkVote, with its words
    [{ id: 'msg_1', option_ids: Array.from({ length: 11 }, (_, i) => `o${i}`) }, false],
    [{ id: 'msg_1', option_ids: ['o1'.repeat(9)] }, false],
    [{ id: 'msg/1', option_ids: ['o1'] }, false],
  ])('%j → %s', (input, ok) => {
    expect(pollVoteInputSchema.safeParse(input).success).toBe(ok);
  });
});
