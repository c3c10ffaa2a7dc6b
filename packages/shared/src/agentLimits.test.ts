import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AGENT_LIMITS,
  admissionRefusal,
  admissionReply,
  describeAgentLimits,
  zonedDay,
  zonedInstant,
  zonedParts,
  type AdmissionQuestion,
  type AgentLimits,
} from './agentLimits';
import { activityAgentLimitsInputSchema, agentLimitsSchema } from './schemas/agentLimits';

const at = (iso: string) => Date.parse(iso);

describe('zoned time', () => {
  it.each([
    // instant, zone, wall clock
    ['2026-11-27T12:30:00Z', 'UTC', [2026, 11, 27, 12, 30]],
    ['2026-11-27T23:30:00Z', 'Europe/Paris', [2026, 11, 28, 0, 30]],
    ['2026-07-01T06:59:00Z', 'America/New_York', [2026, 7, 1, 2, 59]],
    ['2026-03-01T10:00:00Z', 'Asia/Kolkata', [2026, 3, 1, 15, 30]],
  ])('%s in %s is %j', (iso, zone, [year, month, day, hour, minute]) => {
    expect(zonedParts(at(iso), zone)).toEqual({ year, month, day, hour, minute });
  });

  it.each<[[number, number, number], number, string, string]>([
    // date, minutes, zone, instant
    [[2026, 11, 28], 9 * 60, 'Europe/Paris', '2026-11-28T08:00:00Z'],
    [[2026, 7, 1], 9 * 60, 'Europe/Paris', '2026-07-01T07:00:00Z'],
    [[2026, 3, 29], 0, 'Europe/Paris', '2026-03-28T23:00:00Z'],
    // 02:30 does not exist on the spring-forward night: taken after the change.
    [[2026, 3, 29], 2 * 60 + 30, 'Europe/Paris', '2026-03-29T01:30:00Z'],
    [[2026, 11, 1], 0, 'America/New_York', '2026-11-01T04:00:00Z'],
    [[2026, 3, 1], 0, 'Asia/Kolkata', '2026-02-28T18:30:00Z'],
  ])('%j %i min in %s is %s', ([year, month, day], minutes, zone, iso) => {
    expect(new Date(zonedInstant({ year, month, day }, minutes, zone)).toISOString()).toBe(
      new Date(at(iso)).toISOString(),
    );
  });

  it.each([
    ['2026-11-27T12:00:00Z', 'UTC', '2026-11-27T00:00:00Z', '2026-11-28T00:00:00Z'],
    ['2026-11-27T23:30:00Z', 'Europe/Paris', '2026-11-27T23:00:00Z', '2026-11-28T23:00:00Z'],
    // A 23-hour day (spring forward) and a 25-hour day (fall back).
    ['2026-03-29T12:00:00Z', 'Europe/Paris', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'],
    ['2026-10-25T12:00:00Z', 'Europe/Paris', '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'],
  ])('the day of %s in %s runs %s to %s', (iso, zone, start, end) => {
    expect(zonedDay(at(iso), zone)).toEqual({ start: at(start), end: at(end) });
  });
});

const NOON_PARIS = at('2026-11-27T11:00:00Z'); // 12:00 in Paris

function ask(overrides: Partial<AdmissionQuestion> = {}): AdmissionQuestion {
  return {
    now: NOON_PARIS,
    phaseKind: null,
    phaseStartedAt: null,
    student: true,
    personAnswers: 0,
    personAnswersToday: 0,
    activityAnswers: 0,
    activityTokens: 0,
    budgetAnswers: null,
    budgetTokens: null,
    ...overrides,
  };
}

const limits = (overrides: Partial<AgentLimits>): AgentLimits => ({
  ...DEFAULT_AGENT_LIMITS,
  time_zone: 'Europe/Paris',
  ...overrides,
});

describe('admissionRefusal', () => {
  const hours = { from: '09:00', to: '17:00' };
  it.each<[string, Partial<AgentLimits>, Partial<AdmissionQuestion>, string | null]>([
    ['no limits', {}, {}, null],
    [
      'a phase off, in it',
      { phases_off: ['individual_post_first'] },
      { phaseKind: 'individual_post_first', phaseStartedAt: 42 },
      'phase:42',
    ],
    [
      'a phase off, in another',
      { phases_off: ['individual_post_first'] },
      { phaseKind: 'plenary' },
      null,
    ],
    [
      'a phase off, staff',
      { phases_off: ['groups'] },
      { phaseKind: 'groups', student: false },
      null,
    ],
    ['within the hours', { hours }, {}, null],
    ['at the opening minute', { hours }, { now: at('2026-11-27T08:00:00Z') }, null],
    ['at the closing minute', { hours }, { now: at('2026-11-27T16:00:00Z') }, 'hours:2026-11-28'],
    ['before the hours', { hours }, { now: at('2026-11-27T07:59:00Z') }, 'hours:2026-11-27'],
    [
      'after the hours, staff',
      { hours },
      { now: at('2026-11-27T20:00:00Z'), student: false },
      null,
    ],
    [
      'under the daily limit',
      { per_student_day: 3 },
      { personAnswersToday: 2, personAnswers: 9 },
      null,
    ],
    ['at the daily limit', { per_student_day: 3 }, { personAnswersToday: 3 }, 'day:2026-11-27'],
    ['a daily limit of 0', { per_student_day: 0 }, {}, 'day:2026-11-27'],
    ['at the activity limit', { per_student_activity: 5 }, { personAnswers: 5 }, 'activity'],
    ['under the activity limit', { per_student_activity: 5 }, { personAnswers: 4 }, null],
    [
      'the daily limit, staff',
      { per_student_day: 1 },
      { personAnswersToday: 4, student: false },
      null,
    ],
    [
      'the budget, staff too',
      {},
      { student: false, activityAnswers: 2, budgetAnswers: 2 },
      'budget',
    ],
    ['the token budget', {}, { activityTokens: 100, budgetTokens: 100 }, 'budget'],
    [
      'the phase before the limits',
      { phases_off: ['groups'], per_student_day: 0 },
      { phaseKind: 'groups', phaseStartedAt: 1 },
      'phase:1',
    ],
    [
      'the hours before the limits',
      { hours, per_student_day: 0 },
      { now: at('2026-11-27T18:00:00Z') },
      'hours:2026-11-28',
    ],
    [
      'the day before the activity',
      { per_student_day: 1, per_student_activity: 1 },
      { personAnswers: 1, personAnswersToday: 1 },
      'day:2026-11-27',
    ],
  ])('%s', (_, set, question, key) => {
    expect(admissionRefusal(limits(set), ask(question))?.key ?? null).toBe(key);
  });
});

describe('admissionReply', () => {
  it.each<[Partial<AgentLimits>, Partial<AdmissionQuestion>, string]>([
    [
      { per_student_day: 3 },
      { personAnswersToday: 3 },
      'You have had the 3 answers Bot gives each student per day. Ask again tomorrow at 00:00 (Europe/Paris).',
    ],
    [
      { per_student_activity: 1 },
      { personAnswers: 1 },
      'You have had the 1 answer Bot gives each student in this activity. Your instructor can raise the limit.',
    ],
    [
      { hours: { from: '09:00', to: '17:00' } },
      { now: at('2026-11-27T06:00:00Z') },
      'Bot answers from 09:00 to 17:00 (Europe/Paris). Ask again today at 09:00 (Europe/Paris).',
    ],
    [
      { hours: { from: '09:00', to: '17:00' } },
      { now: at('2026-11-27T17:00:00Z') },
      'Bot answers from 09:00 to 17:00 (Europe/Paris). Ask again tomorrow at 09:00 (Europe/Paris).',
    ],
    [
      { phases_off: ['individual_post_first'] },
      { phaseKind: 'individual_post_first' },
      'Bot does not answer during the "Individual, post first" phase. Ask again when your instructor moves the activity to the next phase.',
    ],
    [
      {},
      { activityAnswers: 2, budgetAnswers: 2 },
      "Bot has used this activity's budget (2 answers) and stops answering here. Your instructor can raise the budget.",
    ],
  ])('%j %j', (set, question, reply) => {
    const refusal = admissionRefusal(limits(set), ask(question))!;
    expect(admissionReply('Bot', refusal, ask(question).now)).toBe(reply);
  });
});

describe('describeAgentLimits', () => {
  it.each<[Partial<AgentLimits>, string]>([
    [{}, 'No limits for students'],
    [{ per_student_day: 1 }, '1 answer per student per day'],
    [
      {
        per_student_day: 3,
        per_student_activity: 10,
        hours: { from: '09:00', to: '17:00' },
        phases_off: ['individual_post_first', 'groups'],
      },
      '3 answers per student per day · 10 answers per student in this activity · answers 09:00–17:00 (Europe/Paris) · not during Individual, post first, Groups',
    ],
  ])('%j', (set, words) => {
    expect(describeAgentLimits(limits(set))).toBe(words);
  });
});

describe('agentLimitsSchema', () => {
  it('fills the defaults', () => {
    expect(agentLimitsSchema.parse({})).toEqual(DEFAULT_AGENT_LIMITS);
  });

  it.each<[string, unknown, string]>([
    ['a negative limit', { per_student_day: -1 }, 'A limit cannot be negative'],
    ['a fraction', { per_student_activity: 1.5 }, 'A limit is a whole number of answers'],
    ['too high', { per_student_activity: 100_001 }, 'A limit is at most 100,000'],
    [
      'hours ending before they start',
      { hours: { from: '17:00', to: '09:00' } },
      'The hours must end after they start',
    ],
    [
      'hours ending as they start',
      { hours: { from: '09:00', to: '09:00' } },
      'The hours must end after they start',
    ],
    [
      'an hour past 23:59',
      { hours: { from: '09:00', to: '24:00' } },
      'An hour is written HH:MM (00:00 to 23:59)',
    ],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'Not a time zone'],
    ['an unknown phase kind', { phases_off: ['lunch'] }, 'Choose a kind of phase'],
    ['a phase kind twice', { phases_off: ['groups', 'groups'] }, 'Each kind of phase once'],
  ])('refuses %s', (_, limits, message) => {
    const result = activityAgentLimitsInputSchema.safeParse({
      class_id: 'class_1',
      activity_id: 'activity_1',
      limits,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it.each([
    [{ per_student_day: 0, per_student_activity: 100_000 }],
    [{ hours: { from: '00:00', to: '23:59' }, time_zone: 'America/New_York' }],
    [{ phases_off: ['individual_post_first', 'groups', 'plenary', 'closed'] }],
  ])('accepts %j', (limits) => {
    expect(agentLimitsSchema.safeParse(limits).success).toBe(true);
  });
});
