import { describe, expect, it } from 'vitest';
import { adminProfileSchema, instructorProfileSchema, studentProfileSchema } from './membership';

const base = { uid: 'u1', class_id: 'c1', enabled: true, deleted: false };
const audit = { updated_at: null, updated_by: null, updated_by_name: null };

describe.each([
  ['studentProfileSchema', studentProfileSchema],
  ['instructorProfileSchema', instructorProfileSchema],
])('%s', (_name, schema) => {
  it('applies defaults', () => {
    expect(schema.parse(base)).toEqual({
      ...base,
      pending_deleted: false,
      name: '',
      email: null,
      ...audit,
    });
  });

  it('normalizes the e-mail', () => {
    expect(schema.parse({ ...base, email: ' Ann@X.org ' }).email).toBe('ann@x.org');
  });

  it.each([
    ['uid', { uid: '' }],
    ['class_id', { class_id: 'a/b' }],
    ['enabled', { enabled: undefined }],
    ['pending_deleted', { pending_deleted: 1 }],
    ['email', { email: 'nope' }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(schema.safeParse({ ...base, ...overrides }).error?.issues[0]?.path).toEqual([path]);
  });
});

describe('adminProfileSchema', () => {
  it('parses an admin record and drops fields admins do not have', () => {
    expect(adminProfileSchema.parse({ ...base, pending_deleted: true })).toEqual({
      ...base,
      ...audit,
    });
  });

  it.each([
    ['uid', { uid: undefined }],
    ['deleted', { deleted: 'false' }],
  ])('rejects a bad value on %s', (path, overrides) => {
    expect(adminProfileSchema.safeParse({ ...base, ...overrides }).error?.issues[0]?.path).toEqual([
      path,
    ]);
  });
});
