import { describe, expect, it } from 'vitest';
import { type NumberStyle, isMissingCell, parseNumberCell } from './values';

describe('parseNumberCell', () => {
  it.each<[string, NumberStyle, number | null]>([
    ['42', 'point', 42],
    ['-7', 'point', -7],
    ['+3', 'point', 3],
    ['−2.5', 'point', -2.5],
    ['3.14', 'point', 3.14],
    ['.5', 'point', 0.5],
    ['5.', 'point', 5],
    ['-0.25', 'point', -0.25],
    ['1e3', 'point', 1000],
    ['1.5E-3', 'point', 0.0015],
    ['-2e+2', 'point', -200],
    ['  12  ', 'point', 12],
    ['007', 'point', 7],
    // Thousands groups in the point style: 1-3 digits, then groups of exactly three.
    ['1,234', 'point', 1234],
    ['12,345,678.9', 'point', 12345678.9],
    ['-1,000', 'point', -1000],
    ['1,5', 'point', null],
    ['1,23', 'point', null],
    ['1234,567', 'point', null],
    ['1,234,56', 'point', null],
    [',123', 'point', null],
    // The comma style (semicolon tables): the comma is a decimal point; no grouping.
    ['1,5', 'comma', 1.5],
    ['-0,25', 'comma', -0.25],
    ['1.5', 'comma', 1.5],
    ['1,5e2', 'comma', 150],
    ['1,234', 'comma', 1.234],
    ['1.234,5', 'comma', null],
    // Not numbers.
    ['', 'point', null],
    ['-', 'point', null],
    ['.', 'point', null],
    ['e5', 'point', null],
    ['1e', 'point', null],
    ['1e+', 'point', null],
    ['1.2.3', 'point', null],
    ['12%', 'point', null],
    ['$5', 'point', null],
    ['5 kg', 'point', null],
    ['0x1F', 'point', null],
    ['Infinity', 'point', null],
    ['NaN', 'point', null],
    ['1e999', 'point', null],
    ['--1', 'point', null],
    ['1' + '0'.repeat(70), 'point', null],
  ])('%j (%s) → %j', (cell, style, expected) => {
    expect(parseNumberCell(cell, style)).toBe(expected);
  });
});

describe('isMissingCell', () => {
  it.each<[string, boolean]>([
    ['', true],
    ['   ', true],
    ['NA', true],
    ['na', true],
    ['N/A', true],
    ['n/a', true],
    ['#N/A', true],
    ['null', true],
    ['NULL', true],
    ['NaN', true],
    ['-', true],
    [' - ', true],
    ['0', false],
    ['none', false],
    ['NAN?', false],
    ['--', false],
    ['nullish', false],
  ])('%j → %s', (cell, expected) => {
    expect(isMissingCell(cell)).toBe(expected);
  });
});
