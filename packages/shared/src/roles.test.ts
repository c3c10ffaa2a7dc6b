import { describe, expect, it } from 'vitest';
import type { Role } from './constants';
import {
  type MembershipLike,
  classRole,
  classRolesByClassId,
  hasInstructorPowers,
  highestRole,
  isActiveMembership,
  isRole,
  roleRank,
  rosterEmailVisible,
} from './roles';
import { roleSchema } from './schemas/role';

const member = (overrides: Partial<MembershipLike> = {}): MembershipLike => ({
  uid: 'u1',
  class_id: 'c1',
  enabled: true,
  deleted: false,
  pending_deleted: false,
  ...overrides,
});

describe('roleRank and isRole', () => {
  it.each([
    ['student', 0],
    ['admin', 1],
    ['instructor', 2],
  ] as const)('ranks %s as %i', (role, rank) => {
    expect(roleRank(role)).toBe(rank);
    expect(isRole(role)).toBe(true);
    expect(roleSchema.parse(role)).toBe(role);
  });

  it.each([['teacher'], ['Instructor'], [''], [null], [undefined], [2]])(
    'does not take %j as a role',
    (value) => {
      expect(isRole(value)).toBe(false);
      expect(roleSchema.safeParse(value).success).toBe(false);
    },
  );
});

describe('highestRole', () => {
  it.each<[Array<Role | null | undefined>, Role | null]>([
    [[], null],
    [[null, undefined], null],
    [['student'], 'student'],
    [['admin'], 'admin'],
    [['instructor'], 'instructor'],
    [['student', 'admin'], 'admin'],
    [['admin', 'student'], 'admin'],
    [['student', 'instructor'], 'instructor'],
    [['instructor', 'admin'], 'instructor'],
    [['student', 'admin', 'instructor'], 'instructor'],
    [['student', null, 'student', undefined], 'student'],
  ])('picks the highest of %j: %j', (roles, expected) => {
    expect(highestRole(roles)).toBe(expected);
  });

  it('takes any iterable, such as a Set or a generator', () => {
    expect(highestRole(new Set<Role>(['admin', 'student']))).toBe('admin');
    function* roles(): Generator<Role> {
      yield 'student';
      yield 'instructor';
    }
    expect(highestRole(roles())).toBe('instructor');
  });

  it('ignores values that are not roles at run time', () => {
    expect(highestRole(['superuser', 'student'] as unknown as Role[])).toBe('student');
  });
});

describe('hasInstructorPowers', () => {
  it.each([
    ['instructor', true],
    ['admin', true],
    ['student', false],
    [null, false],
    [undefined, false],
  ] as const)('%j → %j', (role, expected) => {
    expect(hasInstructorPowers(role)).toBe(expected);
  });
});

describe('isActiveMembership', () => {
  it.each([
    [{}, true],
    [{ pending_deleted: undefined }, true],
    [{ pending_deleted: null }, true],
    [{ enabled: false }, false],
    [{ deleted: true }, false],
    [{ pending_deleted: true }, false],
    [{ enabled: false, deleted: true }, false],
  ])('%j → %j', (overrides, expected) => {
    expect(isActiveMembership(member(overrides))).toBe(expected);
  });
});

describe('classRole', () => {
  const S = [member()];
  const A = [member()];
  const I = [member()];
  it.each<[string, Parameters<typeof classRole>[1], Role | null]>([
    ['no lists and no my_role', {}, null],
    ['empty lists', { students: [], admins: [], instructors: [] }, null],
    ['null lists', { students: null, admins: null, instructors: null, myRole: null }, null],
    ['student only', { students: S }, 'student'],
    ['admin only', { admins: A }, 'admin'],
    ['instructor only', { instructors: I }, 'instructor'],
    ['student + admin', { students: S, admins: A }, 'admin'],
    ['student + instructor', { students: S, instructors: I }, 'instructor'],
    ['admin + instructor', { admins: A, instructors: I }, 'instructor'],
    ['all three', { students: S, admins: A, instructors: I }, 'instructor'],
    ['my_role alone', { myRole: 'admin' }, 'admin'],
    ['my_role above the memberships', { students: S, myRole: 'instructor' }, 'instructor'],
    ['my_role below the memberships', { instructors: I, myRole: 'student' }, 'instructor'],
    [
      'disabled instructor, enabled student',
      { instructors: [member({ enabled: false })], students: S },
      'student',
    ],
    [
      'deleted instructor, enabled admin',
      { instructors: [member({ deleted: true })], admins: A },
      'admin',
    ],
    ['pending_deleted instructor', { instructors: [member({ pending_deleted: true })] }, null],
    [
      'pending_deleted student with my_role',
      { students: [member({ pending_deleted: true })], myRole: 'student' },
      'student',
    ],
    ['disabled admin', { admins: [member({ enabled: false })] }, null],
    ['deleted student', { students: [member({ deleted: true })] }, null],
    ['another user only', { instructors: [member({ uid: 'u2' })] }, null],
    [
      'another user as instructor, me as student',
      { instructors: [member({ uid: 'u2' })], students: S },
      'student',
    ],
    [
      'a deleted and an active record for me',
      { instructors: [member({ deleted: true }), member()] },
      'instructor',
    ],
  ])('%s → %j', (_label, input, expected) => {
    expect(classRole('u1', input)).toBe(expected);
  });
});

describe('classRolesByClassId', () => {
  it('gives the highest active role per class for the user only', () => {
    const roles = classRolesByClassId('u1', {
      students: [
        member({ class_id: 'c1' }),
        member({ class_id: 'c2' }),
        member({ class_id: 'c4', uid: 'u2' }),
      ],
      admins: [member({ class_id: 'c2' }), member({ class_id: 'c3', enabled: false })],
      instructors: [member({ class_id: 'c1' }), member({ class_id: 'c3', pending_deleted: true })],
    });
    expect(Object.fromEntries(roles)).toEqual({ c1: 'instructor', c2: 'admin' });
  });

  it('is empty without memberships', () => {
    expect(classRolesByClassId('u1', {}).size).toBe(0);
  });
});

describe('rosterEmailVisible', () => {
  it.each([
    // viewer role, viewer uid, entry role, entry uid, shown
    ['instructor', 'u1', 'student', 'u2', true],
    ['admin', 'u1', 'student', 'u2', true],
    ['admin', 'u1', 'instructor', 'u2', true],
    ['student', 'u1', 'student', 'u1', true],
    ['student', 'u1', 'student', 'u2', false],
    ['student', 'u1', 'student', null, false],
    ['student', 'u1', 'instructor', 'u2', true],
    ['student', 'u1', 'admin', 'u2', true],
  ] as const)(
    '%s %s sees the e-mail of %s %s: %s',
    (viewerRole, viewerUid, entryRole, entryUid, shown) => {
      expect(
        rosterEmailVisible(
          { uid: viewerUid, role: viewerRole },
          { uid: entryUid, role: entryRole },
        ),
      ).toBe(shown);
    },
  );
});
