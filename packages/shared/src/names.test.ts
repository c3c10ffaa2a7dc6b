import { describe, expect, it } from 'vitest';
import { displayName, splitName } from './names';

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
