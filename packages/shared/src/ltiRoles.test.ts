import { describe, expect, it } from 'vitest';
import { ltiClassRole, type LtiClassRole } from './ltiRoles';

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2';

describe('ltiClassRole', () => {
  const cases: Array<[string, unknown[], LtiClassRole]> = [
    ['instructor', [`${LIS}/membership#Instructor`], 'staff'],
    ['teaching assistant', [`${LIS}/membership/Instructor#TeachingAssistant`], 'staff'],
    ['learner', [`${LIS}/membership#Learner`], 'student'],
    ['learner, short form (NRPS)', ['Learner'], 'student'],
    ['instructor, short form (NRPS)', ['Instructor'], 'staff'],
    ['TA who is a learner too', [`${LIS}/membership#Learner`, 'TeachingAssistant'], 'staff'],
    ['institution role only', [`${LIS}/institution/person#Faculty`], null],
    ['mentor', [`${LIS}/membership#Mentor`], null],
    ['no roles', [], null],
    ['not strings', [42, null, { role: 'Instructor' }], null],
  ];
  it.each(cases)('%s', (_name, roles, expected) => {
    expect(ltiClassRole(roles)).toBe(expected);
  });
});
