// Docs: SPEC §5 "E-mail" — trimmed and lower-cased, then checked with a standard e-mail check. The
// rules without zod, so a page that only checks an address (sign-in) does not load zod; the zod
// schema (email.ts) applies the same pattern.

/** The one message every e-mail field shows, so the server and the web word it the same way. */
export const EMAIL_ERROR_MESSAGE = 'Enter a valid email address';

/**
 * zod's standard e-mail pattern (`z.regexes.email`; email.test.ts keeps them equal): a practical
 * subset of RFC 5322 — no spaces, no quoted local parts, no IP-literal domains, a dotted domain
 * with a 2+ letter top-level part. It is applied to the normalized text.
 */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- kept character for character as zod's source
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

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
  return typeof input === 'string' && EMAIL_PATTERN.test(normalizeEmail(input));
}
