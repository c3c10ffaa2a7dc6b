import { describe, expect, it } from 'vitest';
import {
  boundedPersonName,
  displayName,
  PERSON_NAME_MAX_LENGTH,
  personNameProblem,
  splitName,
} from './names';

describe('splitName', () => {
  it.each([
    ['Curie, Marie', 'Curie', 'Marie'],
    ['  Curie ,   Marie  ', 'Curie', 'Marie'],
    ['Curie,Marie', 'Curie', 'Marie'],
    // Only the first comma splits; the rest stays in firstName.
    ['King, Martin Luther, Jr.', 'King', 'Martin Luther, Jr.'],
    ['Plato', 'Plato', ''],
    ['  Plato  ', 'Plato', ''],
    ['Van der Berg', 'Van der Berg', ''],
    ['Curie,', 'Curie', ''],
    [', Marie', '', 'Marie'],
    [',', '', ''],
    [',,', '', ','],
    ['', '', ''],
    ['   ', '', ''],
    ['Müller, Jürgen', 'Müller', 'Jürgen'],
    ['\tCurie,\nMarie\n', 'Curie', 'Marie'],
  ])('splits %j into lastName %j and firstName %j', (input, lastName, firstName) => {
    expect(splitName(input)).toEqual({ lastName, firstName });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['NaN', Number.NaN],
    ['a boolean', true],
    ['an object', { lastName: 'Curie' }],
    ['an array', ['Curie', 'Marie']],
    ['a String object', new String('Curie, Marie')],
  ])('gives two empty strings for %s', (_label, input) => {
    expect(splitName(input)).toEqual({ lastName: '', firstName: '' });
  });
});

describe('displayName', () => {
  it.each([
    ['Curie, Marie', 'Marie Curie'],
    ['  Curie ,  Marie ', 'Marie Curie'],
    ['Plato', 'Plato'],
    ['Curie,', 'Curie'],
    [', Marie', 'Marie'],
    ['King, Martin Luther, Jr.', 'Martin Luther, Jr. King'],
    ['', ''],
    [',', ''],
    [undefined, ''],
    [null, ''],
    [7, ''],
  ])('shows %j as %j', (input, expected) => {
    expect(displayName(input)).toBe(expected);
  });
});

describe('personNameProblem', () => {
  it.each([
    ['Lovelace, Ada', null],
    ['  Plato  ', null],
    ['N'.repeat(PERSON_NAME_MAX_LENGTH), null],
    [` ${'N'.repeat(PERSON_NAME_MAX_LENGTH)} `, null],
    ['Zoë Ångström-Øre, 李', null],
  ])('accepts %j', (input, expected) => {
    expect(personNameProblem(input)).toBe(expected);
  });

  it.each([
    [null, 'A name must be text'],
    [42, 'A name must be text'],
    [['Ada'], 'A name must be text'],
    [{ first: 'Ada' }, 'A name must be text'],
    [undefined, 'A name must be text'],
    ['', 'Enter a name'],
    ['   ', 'Enter a name'],
    ['N'.repeat(PERSON_NAME_MAX_LENGTH + 1), 'A name can be at most 100 characters'],
    ['N'.repeat(900_000), 'A name can be at most 100 characters'],
    ['Ada\nLovelace', "A name can't contain line breaks, tabs or other control characters"],
    ['Ada\tLovelace', "A name can't contain line breaks, tabs or other control characters"],
    ['Ada\u0085Lovelace', "A name can't contain line breaks, tabs or other control characters"],
    ['Ada \u202eecalevoL', "A name can't contain line breaks, tabs or other control characters"],
    ['Ada\u0000', "A name can't contain line breaks, tabs or other control characters"],
    ['Ada \ud800', 'Text must be valid Unicode'],
  ])('refuses %j', (input, expected) => {
    expect(personNameProblem(input)).toBe(expected);
  });

  it('allows an empty name only when asked (an invitation without one)', () => {
    expect(personNameProblem('', true)).toBeNull();
    expect(personNameProblem(null, true)).toBe('A name must be text');
  });
});

describe('boundedPersonName', () => {
  it('keeps a name within the limit, trimmed', () => {
    expect(boundedPersonName('  Lovelace, Ada ')).toBe('Lovelace, Ada');
  });

  it('cuts a longer one to the limit, never inside a surrogate pair', () => {
    expect(boundedPersonName('N'.repeat(900_000))).toBe('N'.repeat(PERSON_NAME_MAX_LENGTH));
    const emoji = `${'N'.repeat(PERSON_NAME_MAX_LENGTH - 1)}😀😀`;
    expect(boundedPersonName(emoji)).toBe('N'.repeat(PERSON_NAME_MAX_LENGTH - 1));
  });
});
