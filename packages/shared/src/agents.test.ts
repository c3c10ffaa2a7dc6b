import { describe, expect, it } from 'vitest';
import {
  agentCooperationMode,
  agentReplyId,
  agentCanAnswer,
  cannotAnswerNote,
  agentUid,
  budgetReached,
  budgetReply,
  channelAgents,
  exchangesCsv,
  rateLimitReply,
  effectiveAgentMode,
  isAgentName,
  isAgentUid,
  mentionsAgent,
  agentRateLimited,
  type AgentExchange,
} from './agents';

describe('mentionsAgent', () => {
  it.each([
    ['@DataAnalystBot please', true],
    ['please @dataanalystbot', true],
    ['hi @DataAnalystBot, mean of x', true],
    ['(@DataAnalystBot)', true],
    ['@DataAnalystBot\n```csv', true],
    ['DataAnalystBot without the at', false],
    ['@DataAnalystBotX', false],
    ['@DataAnalystBot_2', false],
    ['me@DataAnalystBot', false],
    ['a_@DataAnalystBot', false],
    ['@Data AnalystBot', false],
    ['me@DataAnalystBot and @DataAnalystBot', true],
    ['', false],
    // Only ASCII letters fold: the Kelvin sign and a dotted İ are not k and i (nor word characters).
    ['@DataAnalystBot\u212A', true],
    ['@DataAnalystBo\u0130', false],
    ['@DataAnalystBoté', true],
  ])('%j → %s', (body, expected) => {
    expect(mentionsAgent(body, 'DataAnalystBot')).toBe(expected);
  });

  it('does not read the Kelvin sign as the k of a name', () => {
    expect(mentionsAgent('@\u212Aai', 'Kai')).toBe(false);
    expect(mentionsAgent('@kAI', 'Kai')).toBe(true);
  });

  it('never matches a name that is not an agent name (it would not be safe in the SQL rule)', () => {
    expect(mentionsAgent('@a.b', 'a.b')).toBe(false);
    expect(isAgentName('a.b')).toBe(false);
    expect(isAgentName('1abc')).toBe(false);
    expect(isAgentName('Tutor_2')).toBe(true);
  });
});

describe('agentRateLimited', () => {
  it('limits students and former members, not instructors or class admins', () => {
    expect(agentRateLimited(['student'])).toBe(true);
    expect(agentRateLimited([])).toBe(true);
    expect(agentRateLimited(['instructor'])).toBe(false);
    expect(agentRateLimited(['admin'])).toBe(false);
    expect(agentRateLimited(['student', 'admin'])).toBe(false);
  });
});

describe('cooperation modes', () => {
  it.each([
    ['mention', 'mention'],
    ['every_message', 'every_message'],
    ['paused', 'paused'],
    ['co-analyst', 'mention'],
    [null, 'mention'],
    [undefined, 'mention'],
  ] as const)('%j means %s', (stored, mode) => {
    expect(agentCooperationMode(stored)).toBe(mode);
  });

  it("takes the activity's own setting first, else the product's", () => {
    expect(effectiveAgentMode({}, 'every_message', 'Bot')).toBe('every_message');
    expect(effectiveAgentMode({ Bot: 'paused' }, 'every_message', 'Bot')).toBe('paused');
    expect(effectiveAgentMode({ Other: 'paused' }, 'every_message', 'Bot')).toBe('every_message');
    expect(effectiveAgentMode({ Bot: 'nonsense' }, 'paused', 'Bot')).toBe('mention');
    expect(effectiveAgentMode({ toString: 'paused' }, null, 'constructor')).toBe('mention');
  });
});

describe('agent identity', () => {
  it('marks agent authors so they cannot pass for people, and derives reply ids from jobs', () => {
    expect(agentUid('DataAnalystBot')).toBe('agent:DataAnalystBot');
    expect(isAgentUid('agent:DataAnalystBot')).toBe(true);
    expect(isAgentUid('k2J8cFv0aQ')).toBe(false);
    expect(agentReplyId('job_1')).toBe('ai_job_1');
  });
});

describe('channelAgents', () => {
  const activity = {
    activity_id: 'a1',
    title: 'Pricing',
    channel_id: 'case',
    product_id: 'p1',
    enabled: true,
    deleted: false,
    ai_agent_modes: {},
  };
  const product = {
    product_id: 'p1',
    title: 'Analyst',
    ai_agent_refs: ['DataAnalystBot', 'DataAnalystBot', 'bad name'],
    ai_agent_cooperation_mode: 'co-analyst',
  };

  it("lists the agents of the channel's activities, once each, with their modes", () => {
    expect(channelAgents('case', [activity], [product])).toEqual([
      {
        agent: 'DataAnalystBot',
        productTitle: 'Analyst',
        activityId: 'a1',
        activityTitle: 'Pricing',
        mode: 'mention',
      },
    ]);
    expect(
      channelAgents(
        'case',
        [{ ...activity, ai_agent_modes: { DataAnalystBot: 'paused' } }],
        [product],
      )[0]?.mode,
    ).toBe('paused');
  });

  it.each([
    ['another channel', { channel_id: 'general' }],
    ['a disabled activity', { enabled: false }],
    ['a deleted activity', { deleted: true }],
    ['no product', { product_id: null }],
    ['a product not in the catalogue', { product_id: 'gone' }],
  ])('has none for %s', (_name, change) => {
    expect(channelAgents('case', [{ ...activity, ...change }], [product])).toEqual([]);
  });
});

describe('budgets', () => {
  it.each([
    [{ answers: 0, tokens: 0 }, { answers: null, tokens: null }, null],
    [{ answers: 4, tokens: 0 }, { answers: 5, tokens: null }, null],
    [{ answers: 5, tokens: 0 }, { answers: 5, tokens: null }, 'answers'],
    [{ answers: 0, tokens: 0 }, { answers: 0, tokens: null }, 'answers'],
    [{ answers: 1, tokens: 999 }, { answers: null, tokens: 1000 }, null],
    [{ answers: 1, tokens: 1000 }, { answers: null, tokens: 1000 }, 'tokens'],
    [{ answers: 9, tokens: 5000 }, { answers: 10, tokens: 1000 }, 'tokens'],
  ] as const)('%j under %j → %s', (use, budget, reached) => {
    expect(budgetReached(use, budget)).toBe(reached);
  });

  it('words the refusals', () => {
    expect(budgetReply('Bot', 'answers', { answers: 3, tokens: null })).toContain('(3 answers)');
    expect(rateLimitReply('Bot', 1)).toContain('at most 1 question per person per minute');
    expect(rateLimitReply('Bot', 5)).toContain('5 questions');
  });
});

describe('agentCanAnswer', () => {
  it('lets DataAnalystBot answer anywhere and other agents only with a model', () => {
    expect(agentCanAnswer('DataAnalystBot', false)).toBe(true);
    expect(agentCanAnswer('SocraticTutor', false)).toBe(false);
    expect(agentCanAnswer('SocraticTutor', true)).toBe(true);
  });
});

describe('exchangesCsv', () => {
  const exchange = (over: Partial<AgentExchange>): AgentExchange => ({
    job_id: 'j1',
    agent: 'DataAnalystBot',
    author_uid: 'u1',
    author_name: 'Lovelace, Ada',
    question: 'plain',
    answer: 'ok',
    status: 'done',
    asked_at: Date.UTC(2026, 10, 23, 15, 0, 0),
    analyses: 1,
    tokens: 70,
    flag: null,
    flag_detail: null,
    held_answer: null,
    flag_handled_at: null,
    flag_handled_by_name: null,
    chart: null,
    ...over,
  });
  const HEADER =
    'time,student,agent,question,answer,status,analyses,tokens,' +
    'flagged,flag_category,flag_found,held_answer,flag_handled_at,flag_handled_by\r\n';

  it('quotes what needs quoting and defuses formulas', () => {
    const csv = exchangesCsv([
      exchange({
        question: '@DataAnalystBot mean of "x"\na,b',
        answer: null,
        status: 'skipped',
        analyses: 0,
        tokens: 0,
      }),
      exchange({
        job_id: 'j2',
        author_uid: 'u2',
        author_name: '=HYPERLINK("x")',
        asked_at: Date.UTC(2026, 10, 23, 15, 1, 0),
      }),
    ]);
    expect(csv).toBe(
      HEADER +
        `2026-11-23T15:00:00.000Z,"Lovelace, Ada",DataAnalystBot,"'@DataAnalystBot mean of ""x""\na,b",,skipped,0,0,no,,,,,\r\n` +
        `2026-11-23T15:01:00.000Z,"'=HYPERLINK(""x"")",DataAnalystBot,plain,ok,done,1,70,no,,,,,\r\n`,
    );
  });

  it('has the flag: its category as the review names it, what was found, the held answer, who handled it', () => {
    const csv = exchangesCsv([
      // A flagged question, not yet handled: the neutral reply is the answer, nothing held.
      exchange({
        status: 'refused',
        answer: 'SocraticTutor can’t respond to that message.',
        flag: 'personal_data',
        flag_detail: 'a phone number',
      }),
      // A held-back answer that starts like a formula, handled by someone whose name does too.
      exchange({
        job_id: 'j2',
        flag: 'profanity',
        flag_detail: 'offensive language',
        held_answer: '=1+1 and worse',
        flag_handled_at: Date.UTC(2026, 10, 23, 16, 30, 0),
        flag_handled_by_name: '+Mallory, Eve',
      }),
      exchange({ job_id: 'j3', flag: 'external', flag_detail: 'violence' }),
    ]);
    const rows = csv.split('\r\n');
    expect(rows[0] + '\r\n').toBe(HEADER);
    expect(rows[1]).toBe(
      `2026-11-23T15:00:00.000Z,"Lovelace, Ada",DataAnalystBot,plain,SocraticTutor can’t respond to that message.,refused,1,70,yes,Personal data,a phone number,,,`,
    );
    expect(rows[2]).toBe(
      `2026-11-23T15:00:00.000Z,"Lovelace, Ada",DataAnalystBot,plain,ok,done,1,70,yes,Offensive language,offensive language,'=1+1 and worse,2026-11-23T16:30:00.000Z,"'+Mallory, Eve"`,
    );
    expect(rows[3]).toContain(',yes,Moderation service,violence,,,');
  });
});

describe('cannotAnswerNote', () => {
  it.each<[string[], boolean | null, string | null]>([
    [
      ['SocraticTutor'],
      false,
      'SocraticTutor cannot answer on this server: no language model is configured here, so it stays silent.',
    ],
    [
      ['DataAnalystBot', 'SocraticTutor', 'Coach', 'Coach'],
      false,
      'SocraticTutor, Coach cannot answer on this server: no language model is configured here, so they stay silent.',
    ],
    [['DataAnalystBot'], false, null],
    [[], false, null],
    [['SocraticTutor'], true, null],
    [['SocraticTutor'], null, null],
  ])('%j with a model %s', (refs, llm, note) => {
    expect(cannotAnswerNote(refs, llm)).toBe(note);
  });
});
