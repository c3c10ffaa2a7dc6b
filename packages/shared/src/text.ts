// Docs: docs/ARCHITECTURE.md#validation — text every input may carry. PostgreSQL's text cannot hold
// U+0000 (the query fails, so a NUL used to surface as INTERNAL_SERVER_ERROR), and a lone surrogate
// is not Unicode: it cannot be encoded as UTF-8 and would be stored as U+FFFD (or refused inside
// JSON). Every text schema refuses both with a worded BAD_REQUEST before anything is written.
/** The message for text holding U+0000. */
export const TEXT_NUL_MESSAGE = "Text can't contain the NUL character (U+0000)";
/** The message for text holding a lone (unpaired) UTF-16 surrogate. */
export const TEXT_UNICODE_MESSAGE = 'Text must be valid Unicode';

// Without the u flag, so a regex sees UTF-16 units: a high surrogate not followed by a low one, or
// a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` cannot be stored as text (a sentence), or null when it can. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return TEXT_NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return TEXT_UNICODE_MESSAGE;
  return null;
}
