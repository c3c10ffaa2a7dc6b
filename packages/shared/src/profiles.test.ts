import { describe, expect, it } from 'vitest';
import { mergeProfiles } from './profiles';

interface P {
  uid: string;
  deleted: boolean;
  name: string;
}
const p = (uid: string, name: string, deleted = false): P => ({ uid, name, deleted });

/** Compact view of the result: `uid:role:name` (and `!` when deleted). */
const view = (instructors: P[], students: P[]): string[] =>
  mergeProfiles(instructors, students).map(
    (e) => `${e.uid}:${e.role}:${e.name}${e.deleted ? '!' : ''}`,
  );

describe('mergeProfiles', () => {
  it.each<[string, P[], P[], string[]]>([
    ['two empty lists', [], [], []],
    [
      'only instructors',
      [p('a', 'Ann'), p('b', 'Bo')],
      [],
      ['a:instructor:Ann', 'b:instructor:Bo'],
    ],
    ['only students', [], [p('s', 'Sue')], ['s:student:Sue']],
    ['no overlap', [p('a', 'Ann')], [p('s', 'Sue')], ['a:instructor:Ann', 's:student:Sue']],
    [
      'shared uid: the instructor wins',
      [p('a', 'Ann (I)')],
      [p('a', 'Ann (S)')],
      ['a:instructor:Ann (I)'],
    ],
    [
      'shared uid, deleted instructor: the student wins',
      [p('a', 'Ann (I)', true)],
      [p('a', 'Ann (S)')],
      ['a:student:Ann (S)'],
    ],
    [
      'shared uid, deleted student: the instructor wins',
      [p('a', 'Ann (I)')],
      [p('a', 'Ann (S)', true)],
      ['a:instructor:Ann (I)'],
    ],
    [
      'shared uid, both deleted: the student entry (the instructor does not win when deleted)',
      [p('a', 'Ann (I)', true)],
      [p('a', 'Ann (S)', true)],
      ['a:student:Ann (S)!'],
    ],
    [
      'deleted entries without a partner are kept',
      [p('a', 'Ann', true)],
      [p('s', 'Sue', true)],
      ['a:instructor:Ann!', 's:student:Sue!'],
    ],
    [
      'the winner keeps the first-appearance slot',
      [p('b', 'Bo'), p('a', 'Ann (I)', true), p('c', 'Cy')],
      [p('s', 'Sue'), p('a', 'Ann (S)')],
      ['b:instructor:Bo', 'a:student:Ann (S)', 'c:instructor:Cy', 's:student:Sue'],
    ],
    [
      'a uid twice among instructors: the first non-deleted entry',
      [p('a', 'old', true), p('a', 'new'), p('a', 'newer')],
      [],
      ['a:instructor:new'],
    ],
    [
      'a uid twice among students, both live: the first',
      [],
      [p('s', 'one'), p('s', 'two')],
      ['s:student:one'],
    ],
    [
      'a duplicated deleted instructor with a live student',
      [p('a', 'I1', true), p('a', 'I2', true)],
      [p('a', 'S')],
      ['a:student:S'],
    ],
  ])('%s', (_label, instructors, students, expected) => {
    expect(view(instructors, students)).toEqual(expected);
  });

  it('keeps every field of the winning profile and does not change the inputs', () => {
    const instructors = [{ uid: 'a', deleted: false, pending_deleted: true, email: 'a@x.org' }];
    const students = [{ uid: 'a', deleted: false, class_id: 'c1' }];
    const [entry] = mergeProfiles(instructors, students);
    expect(entry).toEqual({
      uid: 'a',
      deleted: false,
      pending_deleted: true,
      email: 'a@x.org',
      role: 'instructor',
    });
    expect(instructors[0]).not.toHaveProperty('role');
  });
});
