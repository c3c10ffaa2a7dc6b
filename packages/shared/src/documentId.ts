// Docs: SPEC §5 "Document identifier" and §9 (at most 1500 bytes). Every id in the product passes this
// check, so ids stay portable (URLs, storage keys, the Firestore rules the product started from).
import { DOCUMENT_ID_MAX_BYTES } from './constants';

const encoder = new TextEncoder();
// ignoreBOM keeps a leading U+FEFF: the default decoder would strip it and wrongly fail the round
// trip for an id that is perfectly valid UTF-8.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Number of bytes `text` takes in UTF-8 (what the 1500-byte limit counts, not UTF-16 units). */
export function utf8ByteLength(text: string): number {
  return encoder.encode(text).length;
}

/**
 * Why `id` is not a valid document identifier, as a sentence a person can read, or `null` when it
 * is valid. The rules (SPEC §5): text, not empty, survives a UTF-8 round trip (no lone surrogates),
 * no NUL (PostgreSQL cannot store it), at most 1500 UTF-8 bytes, no '/', not '.' or '..', and
 * not both starting and ending with '__'.
 */
export function documentIdProblem(id: unknown): string | null {
  if (typeof id !== 'string') return 'An id must be text';
  if (id.length === 0) return "An id can't be empty";
  const bytes = encoder.encode(id);
  // A lone surrogate encodes as U+FFFD, so it does not come back unchanged.
  if (decoder.decode(bytes) !== id) return 'An id must be valid Unicode text';
  // PostgreSQL's text cannot hold U+0000.
  if (id.includes('\u0000')) return "An id can't contain the NUL character (U+0000)";
  if (bytes.length > DOCUMENT_ID_MAX_BYTES) {
    return `An id can be at most ${DOCUMENT_ID_MAX_BYTES} bytes`;
  }
  // '/' would split the id into path segments; '.' and '..' would walk the path.
  if (id.includes('/')) return "An id can't contain '/'";
  if (id === '.' || id === '..') return "An id can't be '.' or '..'";
  // Names wrapped in '__' are reserved. Checked as "starts with AND ends with", so '__' and '___'
  // (where the two ends overlap) are reserved too — stricter than a regex like /^__.*__$/.
  if (id.startsWith('__') && id.endsWith('__')) return "An id can't start and end with '__'";
  return null;
}

/** True when `id` is a valid document identifier (see {@link documentIdProblem} for the rules). */
export function isValidDocumentId(id: unknown): id is string {
  return documentIdProblem(id) === null;
}
