import { describe, expect, it } from 'vitest';
import { optimisticClassFromRequest } from '../pendingClasses';
import { classSchema } from './class';
import {
  END_BEFORE_START_MESSAGE,
  pendingClassFormSchema,
  pendingClassInputSchema,
  pendingClassSchema,
} from './pendingClass';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('pendingClassSchema', () => {
  it('applies defaults', () => {
    expect(
      pendingClassSchema.parse({ pending_class_id: 'p1', name: 'X', created_by: 'u1' }),
    ).toEqual({
      pending_class_id: 'p1',
      name: 'X',
      course_code: '',
      course_term: '',
      course_name: '',
      course_description: '',
      course_disciplines: [],
      course_categories: [],
      start_date: null,
      end_date: null,
      is_public: false,
      created_by: 'u1',
    });
  });

  it('rejects a missing created_by on its path', () => {
    expect(
      issues(pendingClassSchema.safeParse({ pending_class_id: 'p1', name: 'X' }))?.[0],
    ).toMatch(/^created_by: /);
  });
});

describe('pendingClassFormSchema', () => {
  it('trims, cleans and fills defaults', () => {
    expect(
      pendingClassFormSchema.parse({
        name: '  Strategy  ',
        course_code: ' STR ',
        course_disciplines: [' Business ', 'Business'],
        start_date: '',
        end_date: '2026-12-01',
      }),
    ).toEqual({
      name: 'Strategy',
      course_code: 'STR',
      course_term: '',
      course_name: '',
      course_description: '',
      course_disciplines: ['Business'],
      course_categories: [],
      start_date: null,
      end_date: '2026-12-01',
      is_public: false,
    });
  });

  it.each<[string, Record<string, unknown>, string[] | undefined]>([
    ['a name of 1 character', { name: 'A' }, undefined],
    ['a name of 200 characters', { name: 'n'.repeat(200) }, undefined],
    [
      'same start and end',
      { name: 'A', start_date: '2026-09-01', end_date: '2026-09-01' },
      undefined,
    ],
    ['only an end date', { name: 'A', end_date: '2026-09-01' }, undefined],
    ['no name', {}, ['name: Enter a class name']],
    ['a blank name', { name: '   ' }, ['name: Enter a class name']],
    [
      'a name of 201 characters',
      { name: 'n'.repeat(201) },
      ['name: A class name can be at most 200 characters'],
    ],
    [
      'end before start',
      { name: 'A', start_date: '2026-09-02', end_date: '2026-09-01' },
      [`end_date: ${END_BEFORE_START_MESSAGE}`],
    ],
    [
      'a blank name and end before start',
      { name: '', start_date: '2026-09-02', end_date: '2026-09-01' },
      ['name: Enter a class name', `end_date: ${END_BEFORE_START_MESSAGE}`],
    ],
    [
      'a bad start date',
      { name: 'A', start_date: '2026-02-30', end_date: '2026-01-01' },
      ['start_date: Enter a date as YYYY-MM-DD'],
    ],
    [
      'disciplines not a list',
      { name: 'A', course_disciplines: 'Law' },
      ['course_disciplines: Invalid input: expected array, received string'],
    ],
    [
      'a category that is not text',
      { name: 'A', course_categories: [5] },
      ['course_categories.0: Invalid input: expected string, received number'],
    ],
    [
      'a long course code',
      { name: 'A', course_code: 'c'.repeat(201) },
      ['course_code: A course code can be at most 200 characters'],
    ],
  ])('%s', (_label, input, expected) => {
    expect(issues(pendingClassFormSchema.safeParse(input))).toEqual(expected);
  });
});

describe('pendingClassInputSchema', () => {
  it('requires a valid pending_class_id', () => {
    expect(
      issues(pendingClassInputSchema.safeParse({ name: 'A', pending_class_id: 'a/b' })),
    ).toEqual(["pending_class_id: An id can't contain '/'"]);
  });

  it('checks the dates too', () => {
    const input = {
      pending_class_id: 'p1',
      name: 'A',
      start_date: '2026-09-02',
      end_date: '2026-09-01',
    };
    expect(issues(pendingClassInputSchema.safeParse(input))).toEqual([
      `end_date: ${END_BEFORE_START_MESSAGE}`,
    ]);
  });
});

describe('optimisticClassFromRequest', () => {
  it('shows the request as a pending class the viewer teaches (SPEC §4)', () => {
    const input = pendingClassInputSchema.parse({
      pending_class_id: 'p1',
      name: 'Strategy',
      is_public: true,
    });
    const cls = optimisticClassFromRequest(input, { uid: 'u1', now: 1_780_000_000_000 });
    expect(cls).toMatchObject({
      class_id: 'p1',
      name: 'Strategy',
      is_public: true,
      enabled: false,
      deleted: false,
      pending_enabled: true,
      pending_deleted: false,
      created_by: 'u1',
      created_at: 1_780_000_000_000,
      my_role: 'instructor',
      version: 0,
    });
    expect(cls).not.toHaveProperty('pending_class_id');
    expect(classSchema.parse(cls)).toEqual(cls);
  });
});
