import { describe, expect, it } from 'vitest';
import { isPendingClass } from '../pendingClasses';
import { classArchiveInputSchema, classSchema } from './class';

const minimal = {
  class_id: 'c1',
  name: 'Strategy 101',
  enabled: true,
  deleted: false,
  created_at: 1_780_000_000_000,
  created_by: 'u1',
};

describe('classSchema', () => {
  it('applies the defaults to a minimal class', () => {
    expect(classSchema.parse(minimal)).toEqual({
      ...minimal,
      version: 0,
      is_public: false,
      is_demo: false,
      course_code: '',
      course_term: '',
      course_name: '',
      course_description: '',
      course_disciplines: [],
      course_categories: [],
      start_date: null,
      end_date: null,
      pending_enabled: false,
      pending_deleted: false,
      archived_at: null,
      updated_at: null,
      updated_by: null,
      updated_by_name: null,
    });
  });

  it('keeps every listed field, my_role included', () => {
    const full = {
      ...minimal,
      is_public: true,
      is_demo: true,
      course_code: 'STR101',
      course_term: 'Fall 2026',
      course_name: 'Strategy',
      course_description: 'Cases.',
      course_disciplines: ['Business'],
      course_categories: ['MBA'],
      start_date: '2026-09-01',
      end_date: '2026-12-15',
      pending_enabled: false,
      pending_deleted: true,
      archived_at: 1_780_000_000_002,
      updated_at: 1_780_000_000_001,
      updated_by: 'u2',
      updated_by_name: 'Bo',
      my_role: 'admin',
      version: 7,
    };
    expect(classSchema.parse(full)).toEqual(full);
  });

  it('drops unknown fields', () => {
    expect(classSchema.parse({ ...minimal, secret: 1 })).not.toHaveProperty('secret');
  });

  it.each([
    ['class_id', { class_id: 'a/b' }],
    ['class_id', { class_id: '' }],
    ['name', { name: undefined }],
    ['enabled', { enabled: 'yes' }],
    ['deleted', { deleted: undefined }],
    ['start_date', { start_date: '2026-02-30' }],
    ['created_at', { created_at: -5 }],
    ['archived_at', { archived_at: 'yesterday' }],
    ['created_by', { created_by: '..' }],
    ['my_role', { my_role: 'owner' }],
    ['course_disciplines', { course_disciplines: 'Business' }],
  ])('rejects a bad %s with its path', (path, overrides) => {
    const result = classSchema.safeParse({ ...minimal, ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(path);
  });
});

describe('isPendingClass', () => {
  it.each([
    [{ enabled: true, pending_enabled: false, pending_deleted: false }, false],
    [{ enabled: false, pending_enabled: false, pending_deleted: false }, false],
    [{ enabled: false, pending_enabled: true, pending_deleted: false }, true],
    [{ enabled: true, pending_enabled: true, pending_deleted: false }, false],
    [{ enabled: true, pending_enabled: false, pending_deleted: true }, true],
    [{ enabled: false, pending_enabled: true, pending_deleted: true }, true],
  ])('%j → %j', (cls, expected) => {
    expect(isPendingClass(cls)).toBe(expected);
  });
});

describe('classArchiveInputSchema', () => {
  it.each([
    [{ class_id: 'c1', archived: true }, true],
    [{ class_id: 'c1', archived: false }, true],
    [{ class_id: 'c1', archived: 'yes' }, false],
    [{ class_id: 'c1' }, false],
    [{ class_id: 'a/b', archived: true }, false],
    [{ class_id: 'x'.repeat(2000), archived: true }, false],
  ])('%j → valid %j', (input, valid) => {
    expect(classArchiveInputSchema.safeParse(input).success).toBe(valid);
  });
});
