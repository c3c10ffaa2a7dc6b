// Docs: SPEC §5 "E-mail" — trimmed and lower-cased, then checked with a standard e-mail check.
import { z } from 'zod';

/** The one message every e-mail field shows, so the server and the web word it the same way. */
export const EMAIL_ERROR_MESSAGE = 'Enter a valid email address';

/**
 * zod's standard e-mail check (a practical subset of RFC 5322: no spaces, no quoted local parts,
 * no IP-literal domains, a dotted domain with a 2+ letter top-level part). It runs on the
 * normalized text, so it never sees surrounding spaces or capitals.
 */
const standardEmail = z.email({ error: EMAIL_ERROR_MESSAGE });

/**
 * Normalizes an e-mail address the way SPEC §5 says: trims surrounding whitespace and lower-cases
 * it. Lower-casing the local part too is deliberate: addresses are compared (channel groups, sign
 * in) and no real mail host treats `Ann@x.org` and `ann@x.org` as different people.
 */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/**
 * True when `input` is text that, once normalized, passes the standard e-mail check.
 * Non-text input is simply invalid, so callers may pass unchecked values.
 */
export function isValidEmail(input: unknown): boolean {
  if (typeof input !== 'string') return false;
  return standardEmail.safeParse(normalizeEmail(input)).success;
}

/**
 * zod schema for an e-mail field: trims and lower-cases, then validates. Its output is the
 * normalized address; every failure (including non-text input) reads "Enter a valid email address".
 */
export const emailSchema = z
  .string({ error: EMAIL_ERROR_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(standardEmail);
