import { describe, expect, it } from 'vitest';
import { movedIndex, type RovingAxis } from './rovingFocus';

const list: RovingAxis = { orientation: 'vertical', wrap: false };
const toolbar: RovingAxis = { orientation: 'horizontal', wrap: true };

describe('movedIndex', () => {
  it.each([
    // The message list (the default): Up/Down stop at the ends.
    { axis: undefined, key: 'ArrowDown', index: 1, count: 5, to: 2 },
    { axis: undefined, key: 'ArrowUp', index: 1, count: 5, to: 0 },
    { axis: list, key: 'ArrowDown', index: 4, count: 5, to: 4 },
    { axis: list, key: 'ArrowUp', index: 0, count: 5, to: 0 },
    { axis: list, key: 'Home', index: 3, count: 5, to: 0 },
    { axis: list, key: 'End', index: 0, count: 5, to: 4 },
    { axis: list, key: 'ArrowRight', index: 1, count: 5, to: null },
    { axis: list, key: 'Enter', index: 1, count: 5, to: null },
    { axis: list, key: 'ArrowDown', index: 0, count: 0, to: null },
    // A toolbar: Left/Right, wrapping at the ends.
    { axis: toolbar, key: 'ArrowRight', index: 0, count: 3, to: 1 },
    { axis: toolbar, key: 'ArrowLeft', index: 2, count: 3, to: 1 },
    { axis: toolbar, key: 'ArrowRight', index: 2, count: 3, to: 0 },
    { axis: toolbar, key: 'ArrowLeft', index: 0, count: 3, to: 2 },
    { axis: toolbar, key: 'Home', index: 2, count: 3, to: 0 },
    { axis: toolbar, key: 'End', index: 0, count: 3, to: 2 },
    { axis: toolbar, key: 'ArrowDown', index: 0, count: 3, to: null },
    { axis: toolbar, key: 'ArrowRight', index: 0, count: 1, to: 0 },
  ])('$key from $index of $count ($axis.orientation) → $to', ({ axis, key, index, count, to }) => {
    expect(movedIndex(key, index, count, axis)).toBe(to);
  });
});
