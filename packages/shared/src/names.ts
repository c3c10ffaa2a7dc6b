// Docs: SPEC §3 "Name helper" — names are stored as 'Last, First' text and split for display;
// docs/accounts.md#names — the one rule a person's name follows wherever it is set.
import { textProblem } from './text';

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

/**
 * The longest person's name, in characters (UTF-16 units, as everywhere else), after trimming.
 * 100: far above real names ("Last, First" with compound parts rarely passes 60), and small enough
 * that a name copied into every message, audit field and roster line stays a few hundred bytes
 * (a 900,000-character name used to be copied into each message's snapshot, issue 29.3).
 */
export const PERSON_NAME_MAX_LENGTH = 100;

/** The message for a name that is not text (null, a number, a list, an object). */
export const PERSON_NAME_TYPE_MESSAGE = 'A name must be text';
/** The message for an empty (or all-space) name. */
export const PERSON_NAME_EMPTY_MESSAGE = 'Enter a name';
/** The message for a name over {@link PERSON_NAME_MAX_LENGTH}. */
export const PERSON_NAME_LENGTH_MESSAGE = `A name can be at most ${PERSON_NAME_MAX_LENGTH} characters`;
/** The message for a name with a control or bidirectional-override character. */
export const PERSON_NAME_CONTROL_MESSAGE =
  "A name can't contain line breaks, tabs or other control characters";

// Control characters (C0, DEL, C1) break a name's one line wherever it is shown (roster, CSV,
// mail); the bidirectional overrides and isolates would let a name reorder the text after it
// (U+202E makes the rest of a line read right to left), so they are refused too. The lone-surrogate and
// NUL checks of textProblem apply as to any text.
// eslint-disable-next-line no-control-regex -- control characters are what the rule refuses
const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * Why `value` is not a person's name (a sentence), or null when it is one: text, 1 to
 * {@link PERSON_NAME_MAX_LENGTH} characters once trimmed, no control characters. One rule for
 * sign-up, the profile's name, the roster CSV and invitations (docs/accounts.md#names).
 * `allowEmpty`: an invitation's name is optional (a CSV without a name column).
 */
export function personNameProblem(value: unknown, allowEmpty = false): string | null {
  if (typeof value !== 'string') return PERSON_NAME_TYPE_MESSAGE;
  const trimmed = value.trim();
  if (trimmed.length === 0) return allowEmpty ? null : PERSON_NAME_EMPTY_MESSAGE;
  if (trimmed.length > PERSON_NAME_MAX_LENGTH) return PERSON_NAME_LENGTH_MESSAGE;
  if (NAME_CONTROL.test(trimmed)) return PERSON_NAME_CONTROL_MESSAGE;
  return textProblem(trimmed);
}

/**
 * A stored name as it may be copied (message authors, audit fields): trimmed and cut to
 * {@link PERSON_NAME_MAX_LENGTH}, never inside a surrogate pair. Names are checked when they are
 * set; this bounds what older rows may still hold until the migration has cut them.
 */
export function boundedPersonName(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length <= PERSON_NAME_MAX_LENGTH) return trimmed;
  const end = /[\uD800-\uDBFF]/.test(trimmed.charAt(PERSON_NAME_MAX_LENGTH - 1))
    ? PERSON_NAME_MAX_LENGTH - 1
    : PERSON_NAME_MAX_LENGTH;
  return trimmed.slice(0, end).trimEnd();
}
