import { describe, expect, it } from 'vitest';
import { citedIds, dropCitations, withoutPartialCitation, wordCount } from './debrief';
import {
  answers,
  asksQuestion,
  quotesOf,
  unansweredQuestions,
  type DebriefMessage,
} from './debriefQuestions';
import {
  computedMark,
  effectiveMarks,
  gradebookCsv,
  marksProblem,
  rubricProblem,
  rubricTotal,
  type Rubric,
  type RubricCriterion,
} from './debriefRubric';
import { gradeSetInputSchema, rubricSetInputSchema } from './schemas/debrief';

describe('asksQuestion', () => {
  it.each<[string, string, boolean]>([
    ['a plain question', 'Why did they pick Brazil?', true],
    ['a question then more text', 'Why Brazil? I would pick India.', true],
    ['a question mark mid-word (a URL)', 'See https://x.org/page?id=3 for it', false],
    ['no question mark', 'I would pick India.', false],
    ['doubled and surprised', 'Really?!', true],
    ['in closing quotes', 'She asked "why now?"', true],
    ['in brackets', '(is that the margin?)', true],
    ['the full-width mark', '为什么？', true],
    ['only inside a code span', 'Use `a ? b : c` here.', false],
    ['a code span then a question', 'Is `x?` right?', true],
    ['only inside a code block', '```\nwhat?\n```\nDone.', false],
    ['an unclosed code block', '```\nwhat?', false],
    ['a tilde code block', '~~~ts\nok?\n~~~', false],
    ['only in a quoted line', '> Why Brazil?\nBecause of the market.', false],
    ['a quote then a question of ones own', '> Why Brazil?\nAnd why not Chile?', true],
    ['an empty message', '', false],
    ['just a question mark', '?', true],
  ])('%s', (_name, body, expected) => {
    expect(asksQuestion(body)).toBe(expected);
  });
});

describe('quotesOf', () => {
  it.each<[string, string, string[]]>([
    ['none', 'plain', []],
    ['one line', '> Why Brazil?\nok', ['why brazil?']],
    ['a block over two lines', '>  Why\n> Brazil?\nok', ['why brazil?']],
    ['two blocks', '> a b\nx\n> c', ['a b', 'c']],
    ['an empty quote', '>\nx', []],
  ])('%s', (_name, body, expected) => {
    expect(quotesOf(body)).toEqual(expected);
  });
});

const msg = (
  seq: number,
  author: string,
  body: string,
  mentions: string[] = [],
): DebriefMessage => ({ id: `m${seq}`, seq, author_uid: author, body, mentions });

describe('answers', () => {
  const question = msg(1, 'ada', 'Why did they choose Brazil first?');
  it.each<[string, DebriefMessage, boolean]>([
    ['a mention of the asker', msg(2, 'bob', 'Because of size', ['ada']), true],
    ['a mention of someone else', msg(2, 'bob', 'Because', ['cy']), false],
    ['a quote of the question', msg(2, 'bob', '> Why did they choose Brazil first?\nSize'), true],
    ['a quote of a long part of it', msg(2, 'bob', '> choose Brazil first\nSize'), true],
    ['a quote too short to tell', msg(2, 'bob', '> Brazil\nSize'), false],
    ['a quote of something else', msg(2, 'bob', '> Why did they leave Chile?\nNo'), false],
    ['the asker mentioning themself', msg(2, 'ada', 'me', ['ada']), false],
    ['a plain later message', msg(2, 'bob', 'Brazil is big.'), false],
  ])('%s', (_name, later, expected) => {
    expect(answers(question, later)).toBe(expected);
  });
  it('a short question quoted whole', () => {
    expect(answers(msg(1, 'ada', 'Why?'), msg(2, 'bob', '> Why?\nBecause'))).toBe(true);
  });
});

describe('unansweredQuestions', () => {
  const students = new Set(['ada', 'bob']);
  it.each<[string, DebriefMessage[], string[]]>([
    ['no messages', [], []],
    ['an open question', [msg(1, 'ada', 'Why?')], ['m1']],
    ['answered by a mention', [msg(1, 'ada', 'Why?'), msg(2, 'tara', 'See', ['ada'])], []],
    [
      'a reply before the question does not count',
      [msg(1, 'tara', 'See', ['ada']), msg(2, 'ada', 'Why?')],
      ['m2'],
    ],
    ['staff questions are not listed', [msg(1, 'tara', 'Who agrees?')], []],
    [
      'one mention answers every open question of the asker',
      [msg(1, 'ada', 'Why?'), msg(2, 'ada', 'And how?'), msg(3, 'bob', 'x', ['ada'])],
      [],
    ],
    [
      'two askers, one answered',
      [msg(1, 'ada', 'Why?'), msg(2, 'bob', 'How?'), msg(3, 'ada', 'Like this', ['bob'])],
      ['m1'],
    ],
  ])('%s', (_name, messages, expected) => {
    expect(unansweredQuestions(messages, (uid) => students.has(uid)).map((m) => m.id)).toEqual(
      expected,
    );
  });
});

describe('wordCount', () => {
  it.each<[string, number]>([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    [' two  words\n', 2],
    ['a\tb\nc', 3],
  ])('%j', (body, expected) => {
    expect(wordCount(body)).toBe(expected);
  });
});

const criterion = (over: Partial<RubricCriterion>): RubricCriterion => ({
  id: 'c1',
  name: 'Contributions',
  weight: 100,
  source: 'manual',
  target: null,
  ...over,
});
const threeWay: Rubric = {
  scale: 10,
  criteria: [
    criterion({ id: 'c1', name: 'Contributions', weight: 40, source: 'messages', target: 10 }),
    criterion({ id: 'c2', name: 'Quality', weight: 40 }),
    criterion({ id: 'c3', name: 'Peer engagement', weight: 20, source: 'replies', target: 4 }),
  ],
};

describe('rubricProblem', () => {
  it.each<[string, Rubric, string | null]>([
    ['40/40/20', threeWay, null],
    ['one criterion at 100', { scale: 100, criteria: [criterion({})] }, null],
    ['no criteria', { scale: 10, criteria: [] }, 'A rubric needs at least one criterion'],
    [
      'weights short of 100',
      { scale: 10, criteria: [criterion({ weight: 90 })] },
      'The weights add up to 90 %; they must add up to 100 %',
    ],
    [
      'weights over 100',
      {
        scale: 10,
        criteria: [criterion({ weight: 60 }), criterion({ id: 'c2', name: 'B', weight: 60 })],
      },
      'The weights add up to 120 %; they must add up to 100 %',
    ],
    [
      'a fractional weight',
      { scale: 10, criteria: [criterion({ weight: 99.5 })] },
      'The weight of "Contributions" must be a whole percent from 1 to 100',
    ],
    [
      'a zero scale',
      { scale: 0, criteria: [criterion({})] },
      'The scale must be a whole number from 1 to 1000',
    ],
    [
      'a blank name',
      { scale: 10, criteria: [criterion({ name: '  ' })] },
      'A criterion needs a name',
    ],
    [
      'a name of 10 KB',
      { scale: 10, criteria: [criterion({ name: 'x'.repeat(10_240) })] },
      "A criterion's name can be at most 80 characters",
    ],
    [
      'the same name twice',
      {
        scale: 10,
        criteria: [
          criterion({ weight: 50 }),
          criterion({ id: 'c2', name: ' contributions', weight: 50 }),
        ],
      },
      'The criterion "contributions" is there twice',
    ],
    [
      'a computed criterion without a target',
      { scale: 10, criteria: [criterion({ source: 'words' })] },
      '"Contributions" is computed: give the figure that earns the full mark (a whole number from 1)',
    ],
    [
      'a manual criterion with a target',
      { scale: 10, criteria: [criterion({ target: 5 })] },
      '"Contributions" is marked by hand: it has no target',
    ],
    [
      'thirteen criteria',
      {
        scale: 10,
        criteria: Array.from({ length: 13 }, (_, i) =>
          criterion({ id: `c${i + 1}`, name: `C${i}`, weight: 1 }),
        ),
      },
      'A rubric can have at most 12 criteria',
    ],
  ])('%s', (_name, rubric, expected) => {
    expect(rubricProblem(rubric)).toBe(expected);
  });
});

describe('marksProblem', () => {
  it.each<[string, Record<string, number>, string | null]>([
    ['none', {}, null],
    ['within the scale', { c1: 0, c2: 10, c3: 7.5 }, null],
    ['above the scale', { c2: 11 }, 'The mark for "Quality" must be from 0 to 10'],
    ['below zero', { c2: -1 }, 'The mark for "Quality" must be from 0 to 10'],
    ['three decimals', { c2: 1.125 }, 'The mark for "Quality" can have at most two decimals'],
    ['an unknown criterion', { c9: 1 }, 'A mark is for a criterion the rubric does not have'],
  ])('%s', (_name, marks, expected) => {
    expect(marksProblem(threeWay, marks)).toBe(expected);
  });
});

describe('computed marks and totals', () => {
  it.each<[string, number, number]>([
    ['nothing', 0, 0],
    ['half the target', 5, 5],
    ['the target', 10, 10],
    ['over the target is capped', 25, 10],
    ['a third rounds to two decimals', 10 / 3, 3.33],
  ])('messages: %s', (_name, figure, expected) => {
    expect(computedMark(threeWay.criteria[0]!, 10, figure)).toBe(expected);
  });

  it.each<[string, Record<string, number>, Record<string, number>, number | null]>([
    ['all computed, quality missing', {}, { messages: 10, replies: 4 }, null],
    ['quality given, figures full', { c2: 10 }, { messages: 10, replies: 4 }, 100],
    ['figures half', { c2: 5 }, { messages: 5, replies: 2 }, 50],
    ['an override beats the figure', { c1: 0, c2: 10 }, { messages: 10, replies: 4 }, 60],
    ['no figures at all', { c2: 10 }, {}, 40],
  ])('total: %s', (_name, marks, figures, expected) => {
    expect(rubricTotal(threeWay, effectiveMarks(threeWay, marks, figures))).toBe(expected);
  });

  it('an override is flagged as such', () => {
    const marks = effectiveMarks(threeWay, { c1: 3 }, { messages: 10 });
    expect(marks.c1).toEqual({ mark: 3, computed: false, overridden: true });
    expect(marks.c2).toEqual({ mark: null, computed: false, overridden: false });
    expect(marks.c3).toEqual({ mark: 0, computed: true, overridden: false });
  });
});

describe('gradebookCsv', () => {
  it('one row per student: e-mail, name, total, each criterion, comment; formulas guarded', () => {
    const csv = gradebookCsv(threeWay, [
      {
        email: 'ada@example.org',
        name: 'Lovelace, Ada',
        marks: effectiveMarks(threeWay, { c2: 8 }, { messages: 10, replies: 2 }),
        comment: '=HYPERLINK("x")',
      },
      {
        email: 'bob@example.org',
        name: 'Bob',
        marks: effectiveMarks(threeWay, {}, {}),
        comment: '',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Email,Name,Total (%),Contributions (40 %),Quality (40 %),Peer engagement (20 %),Comment',
      'ada@example.org,"Lovelace, Ada",82,10,8,5,"\'=HYPERLINK(""x"")"',
      'bob@example.org,Bob,,0,,0,',
      '',
    ]);
  });
});

describe('citations', () => {
  it.each<[string, string, string[]]>([
    ['none', 'Themes: price.', []],
    ['two, one twice', 'A [m:msg_1] and [m:msg_2], again [m:msg_1].', ['msg_1', 'msg_2']],
    ['a malformed one', 'A [m:bad id] [m:]', []],
  ])('citedIds: %s', (_name, text, expected) => {
    expect(citedIds(text)).toEqual(expected);
  });
  it.each<[string, string]>([
    ['A point [m:abc', 'A point '],
    ['A point [m:', 'A point '],
    ['A point [m', 'A point '],
    ['A point [', 'A point '],
    ['A point [m:abc] done', 'A point [m:abc] done'],
    ['A [link](x)', 'A [link](x)'],
  ])('withoutPartialCitation(%j)', (text, expected) => {
    expect(withoutPartialCitation(text)).toBe(expected);
  });
  it('dropCitations keeps known ids and drops the rest', () => {
    expect(dropCitations('A [m:ok] [m:made_up].', (id) => id === 'ok')).toBe('A [m:ok] .');
  });
});

describe('schemas', () => {
  const ref = { class_id: 'class_1', activity_id: 'activity_1' };
  it.each<[string, unknown, string | null]>([
    ['a good rubric', { ...ref, scale: 10, criteria: threeWay.criteria }, null],
    [
      'weights not 100',
      { ...ref, scale: 10, criteria: [{ id: 'c1', name: 'A', weight: 50, source: 'manual' }] },
      'The weights add up to 50 %; they must add up to 100 %',
    ],
    [
      'a 10 KB name',
      {
        ...ref,
        scale: 10,
        criteria: [{ id: 'c1', name: 'x'.repeat(10_240), weight: 100, source: 'manual' }],
      },
      "A criterion's name can be at most 80 characters",
    ],
    [
      'an unknown source',
      { ...ref, scale: 10, criteria: [{ id: 'c1', name: 'A', weight: 100, source: 'vibes' }] },
      'Invalid option',
    ],
  ])('rubricSetInputSchema: %s', (_name, input, problem) => {
    const parsed = rubricSetInputSchema.safeParse(input);
    if (problem === null) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues.map((issue) => issue.message).join(' | ')).toContain(problem);
  });

  it.each<[string, unknown, boolean]>([
    ['marks and a comment', { ...ref, uid: 'u1', marks: { c1: 3 }, comment: 'Good' }, true],
    ['no comment', { ...ref, uid: 'u1', marks: {} }, true],
    ['a text mark', { ...ref, uid: 'u1', marks: { c1: 'ten' } }, false],
    ['a long comment', { ...ref, uid: 'u1', marks: {}, comment: 'x'.repeat(2001) }, false],
  ])('gradeSetInputSchema: %s', (_name, input, ok) => {
    expect(gradeSetInputSchema.safeParse(input).success).toBe(ok);
  });
});
