import { describe, expect, it } from 'vitest';
import {
  type SelectableClassLike,
  checkSelectedClass,
  isSelectableClass,
  selectClass,
} from './classSelection';

const cls = (
  class_id: string,
  overrides: Partial<SelectableClassLike> = {},
): SelectableClassLike => ({
  class_id,
  enabled: true,
  deleted: false,
  pending_enabled: false,
  pending_deleted: false,
  ...overrides,
});

const classes = [
  cls('live'),
  cls('disabled', { enabled: false }),
  cls('created', { enabled: false, pending_enabled: true }),
  cls('deleting', { pending_deleted: true }),
  cls('deleted', { deleted: true }),
  // Enabled by the server but the flag not yet reset: no longer pending.
  cls('approved', { enabled: true, pending_enabled: true }),
];

describe('isSelectableClass and selectClass', () => {
  it.each([
    ['live', true],
    ['disabled', true],
    ['created', false],
    ['deleting', false],
    ['deleted', false],
    ['approved', true],
  ])('%s → selectable %j', (id, expected) => {
    const found = classes.find((c) => c.class_id === id);
    expect(found && isSelectableClass(found)).toBe(expected);
    expect(selectClass(id, classes)).toBe(expected ? id : null);
  });

  it.each([['missing'], [null]])('selecting %j gives null', (id) => {
    expect(selectClass(id, classes)).toBeNull();
  });
});

describe('checkSelectedClass', () => {
  it.each<[string | null, string | null, boolean]>([
    [null, null, false],
    ['live', 'live', false],
    ['disabled', 'disabled', false],
    ['approved', 'approved', false],
    ['missing', null, true],
    ['deleted', null, true],
    ['created', null, false],
    ['deleting', null, true],
  ])('selection %j → %j (not available: %j)', (selected, expected, notAvailable) => {
    expect(checkSelectedClass(selected, classes)).toEqual({
      selectedClassId: expected,
      notAvailable,
    });
  });

  it('reports a stored selection as unavailable against an empty list', () => {
    expect(checkSelectedClass('live', [])).toEqual({ selectedClassId: null, notAvailable: true });
  });
});
