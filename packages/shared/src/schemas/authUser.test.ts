import { describe, expect, it } from 'vitest';
import { authUserSchema } from './authUser';

describe('authUserSchema', () => {
  it.each([
    [
      { uid: 'u1', displayName: 'Ann', email: 'Ann@X.org' },
      { uid: 'u1', displayName: 'Ann', email: 'ann@x.org' },
    ],
    [
      { uid: 'u1', email: 'ann@x.org' },
      { uid: 'u1', displayName: '', email: 'ann@x.org' },
    ],
  ])('parses %j', (input, expected) => {
    expect(authUserSchema.parse(input)).toEqual(expected);
  });

  it.each([
    ['uid', { uid: '', email: 'ann@x.org' }],
    ['email', { uid: 'u1', email: 'ann' }],
    ['email', { uid: 'u1' }],
    ['displayName', { uid: 'u1', email: 'ann@x.org', displayName: 7 }],
  ])('rejects a bad value on %s', (path, input) => {
    expect(authUserSchema.safeParse(input).error?.issues[0]?.path).toEqual([path]);
  });
});
