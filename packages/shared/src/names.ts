// Docs: SPEC §3 "Name helper" — names are stored as 'Last, First' text and split for display.

/** A person's name split into its two parts; either part may be empty. */
export interface SplitName {
  lastName: string;
  firstName: string;
}

/**
 * Splits a 'Last, First' text at its FIRST comma into `lastName` (before) and `firstName` (the
 * rest), both trimmed. With no comma the whole trimmed text is `lastName`.
 * Empty or non-text input (undefined, null, numbers, objects) gives two empty strings, so callers
 * can pass any stored value without checking it first.
 *
 * @example splitName('Curie, Marie') // { lastName: 'Curie', firstName: 'Marie' }
 * @example splitName('Plato') // { lastName: 'Plato', firstName: '' }
 */
export function splitName(input: unknown): SplitName {
  if (typeof input !== 'string') return { lastName: '', firstName: '' };
  const comma = input.indexOf(',');
  // Only the first comma splits: suffixes such as 'King, Martin Luther, Jr.' stay in firstName.
  if (comma === -1) return { lastName: input.trim(), firstName: '' };
  return { lastName: input.slice(0, comma).trim(), firstName: input.slice(comma + 1).trim() };
}

/**
 * The name as people read it: 'First Last', or whichever part exists when one is empty, or ''
 * for empty or non-text input.
 *
 * @example displayName('Curie, Marie') // 'Marie Curie'
 * @example displayName('Plato') // 'Plato'
 */
export function displayName(input: unknown): string {
  const { lastName, firstName } = splitName(input);
  // filter(Boolean) drops an empty part so no stray space is left at either end.
  return [firstName, lastName].filter(Boolean).join(' ');
}
