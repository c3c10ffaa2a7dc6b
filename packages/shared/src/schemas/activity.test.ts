import { describe, expect, it } from 'vitest';
import { NO_PHASES } from '../phases';
import { DUE_BEFORE_START_MESSAGE, activityInputSchema, activitySchema } from './activity';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('activitySchema', () => {
  const minimal = {
    activity_id: 'a1',
    class_id: 'c1',
    title: 'Case 1',
    enabled: true,
    deleted: false,
  };

  it('applies defaults', () => {
    expect(activitySchema.parse(minimal)).toEqual({
      ...minimal,
      version: 0,
      description: '',
      activity_qualified_name: '',
      brief: '',
      brief_attachments: [],
      product_id: null,
      channel_id: null,
      ai_agent_modes: {},
      ai_budget_answers: null,
      ai_budget_tokens: null,
      ai_limits: {
        per_student_day: null,
        per_student_activity: null,
        hours: null,
        time_zone: 'UTC',
        phases_off: [],
      },
      ai_tutor: null,
      anonymous: false,
      start_date: null,
      due_date: null,
      pending_deleted: false,
      ...NO_PHASES,
      updated_at: null,
      updated_by: null,
      updated_by_name: null,
    });
  });

  it.each([
    ['activity_id', { activity_id: 'x/y' }],
    ['title', { title: 5 }],
    ['product_id', { product_id: '' }],
    ['due_date', { due_date: '2026-13-01' }],
    ['pending_deleted', { pending_deleted: 'no' }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(activitySchema.safeParse({ ...minimal, ...overrides }).error?.issues[0]?.path).toEqual([
      path,
    ]);
  });
});

describe('activityInputSchema', () => {
  const base = { activity_id: 'a1', class_id: 'c1', title: ' Case 1 ' };

  it('trims and fills defaults; new activities are enabled', () => {
    expect(activityInputSchema.parse({ ...base, start_date: '', due_date: '2026-10-01' })).toEqual({
      activity_id: 'a1',
      class_id: 'c1',
      title: 'Case 1',
      description: '',
      activity_qualified_name: '',
      product_id: null,
      channel_id: null,
      start_date: null,
      due_date: '2026-10-01',
      enabled: true,
    });
  });

  it.each<[string, Record<string, unknown>, string[] | undefined]>([
    ['valid dates', { start_date: '2026-10-01', due_date: '2026-10-01' }, undefined],
    [
      'due before start',
      { start_date: '2026-10-02', due_date: '2026-10-01' },
      [`due_date: ${DUE_BEFORE_START_MESSAGE}`],
    ],
    ['a blank title', { title: '  ' }, ['title: Enter a title']],
    ['a missing title', { title: undefined }, ['title: Enter a title']],
    [
      'a 201-character title',
      { title: 't'.repeat(201) },
      ['title: A title can be at most 200 characters'],
    ],
    ['a bad channel id', { channel_id: '..' }, ["channel_id: An id can't be '.' or '..'"]],
  ])('%s', (_label, overrides, expected) => {
    expect(issues(activityInputSchema.safeParse({ ...base, ...overrides }))).toEqual(expected);
  });
});
