import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './constants';
import { CLASS_ACTIONS, can, memberAction, refusalOf, type ClassAction } from './policies';

// Every (role, action) pair, written out: instructor, admin, student, no role.
const TABLE: Record<ClassAction, [instructor: boolean, admin: boolean, student: boolean]> = {
  'class.edit': [true, true, false],
  'class.delete': [true, false, false],
  'class.archive': [true, true, false],
  'class.export': [true, true, false],
  'activities.manage': [true, true, false],
  'channels.manage': [true, true, false],
  'messages.moderate': [true, true, false],
  'messages.mentionChannel': [true, false, false],
  'messages.pin': [true, true, false],
  'members.add.student': [true, true, false],
  'members.add.admin': [true, false, false],
  'members.add.instructor': [true, false, false],
  'members.remove.student': [true, true, false],
  'members.remove.admin': [true, false, false],
  'members.remove.instructor': [true, false, false],
  'members.setEnabled.student': [true, true, false],
  'members.setEnabled.admin': [true, false, false],
  'members.setEnabled.instructor': [true, false, false],
};

describe('can', () => {
  it('has a row for every action and no other', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...CLASS_ACTIONS].sort());
    expect(new Set(CLASS_ACTIONS).size).toBe(CLASS_ACTIONS.length);
  });

  const cases = CLASS_ACTIONS.flatMap((action) => {
    const [instructor, admin, student] = TABLE[action];
    return [
      ['instructor', action, instructor],
      ['admin', action, admin],
      ['student', action, student],
      [null, action, false],
      [undefined, action, false],
    ] as const;
  });
  it.each(cases)('%j may %s: %j', (role, action, allowed) => {
    expect(can(role, action)).toBe(allowed);
  });

  it('refuses a role that is not one at run time', () => {
    expect(can('superuser' as unknown as Role, 'class.edit')).toBe(false);
  });
});

describe('memberAction', () => {
  it.each(ROLES)('names the %s actions', (role) => {
    expect(memberAction('add', role)).toBe(`members.add.${role}`);
    expect(memberAction('remove', role)).toBe(`members.remove.${role}`);
    expect(memberAction('setEnabled', role)).toBe(`members.setEnabled.${role}`);
  });
});

describe('refusalOf', () => {
  it.each([
    ['class.delete', 'Only instructors can delete the class.'],
    ['class.archive', 'Only instructors and class admins can archive the class.'],
    ['class.export', 'Only instructors and class admins can export the class.'],
    ['messages.pin', 'Only instructors and class admins can pin and unpin messages.'],
    ['members.add.instructor', 'Only instructors can add, remove, enable or disable instructors.'],
    ['members.remove.admin', 'Only instructors can add, remove, enable or disable class admins.'],
    [
      'members.setEnabled.student',
      'Only instructors and class admins can change the people of a class.',
    ],
  ] as const)('%s → %s', (action, message) => {
    expect(refusalOf(action)).toBe(message);
  });

  it.each(CLASS_ACTIONS)('words a refusal of %s', (action) => {
    expect(refusalOf(action)).toMatch(/^[A-Z].+\.$/);
  });
});
