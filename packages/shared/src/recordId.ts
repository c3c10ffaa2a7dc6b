// Docs: SPEC §3 "Record identifier helper", DESIGN §2 "Record ids". Clients make ids before writing, so a
// retried create carries the same id and the server can treat it as idempotent.
import {
  APP_TIME_ZONE,
  RECORD_ID_IDENTIFIER_MAX_LENGTH,
  RECORD_ID_PREFIX_MAX_LENGTH,
  RECORD_ID_SUFFIX_LENGTH,
} from './constants';
import { isValidDocumentId } from './documentId';

/*
 * Format: `${prefix}_${YYYYMMDDHHmmssSSS}_${identifier}_${suffix}`, for example
 * `msg_20260308015959999_u1_k3j9x2`.
 * - prefix: lowercase letters and digits, starting with a letter (it names the kind of record).
 * - timestamp: 17 digits of America/New_York wall time, so ids sort by time within a day.
 * - identifier: the caller's identifier (usually the author's uid) with every character outside
 *   [A-Za-z0-9_-] replaced by '-', cut to 64 characters; 'anon' when nothing is left.
 * - suffix: 6 random lowercase base36 characters; it is always the last '_' segment, so it can be
 *   split off even when the identifier itself contains '_'.
 */

const PREFIX_PATTERN = new RegExp(`^[a-z][a-z0-9]{0,${RECORD_ID_PREFIX_MAX_LENGTH - 1}}$`);
const SUFFIX_PATTERN = new RegExp(`^[0-9a-z]{${RECORD_ID_SUFFIX_LENGTH}}$`);
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A record id, with its four parts (see the format above). */
export const RECORD_ID_PATTERN = new RegExp(
  `^[a-z][a-z0-9]{0,${RECORD_ID_PREFIX_MAX_LENGTH - 1}}_\\d{17}_` +
    `[A-Za-z0-9_-]{1,${RECORD_ID_IDENTIFIER_MAX_LENGTH}}_[0-9a-z]{${RECORD_ID_SUFFIX_LENGTH}}$`,
);

// Building an Intl.DateTimeFormat (and loading the zone's data) is slow: one shared instance serves
// every call, made on the first one rather than when a page loads this module.
let newYorkParts: Intl.DateTimeFormat | null = null;
function newYorkFormat(): Intl.DateTimeFormat {
  newYorkParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    // h23 gives 00–23; `hour12: false` alone can print midnight as '24' in some engines.
    hourCycle: 'h23',
  });
  return newYorkParts;
}

/**
 * The instant `now` as America/New_York wall time in the form YYYYMMDDHHmmssSSS (17 digits).
 * Daylight-saving changes follow the zone: 2026-03-08T07:00:00Z is 03:00 EDT, and the repeated
 * hour in November appears twice. Throws a RangeError for an invalid Date.
 */
export function formatRecordTimestamp(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('makeRecordId needs a valid Date');
  const parts = newYorkFormat().formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  // Every New York offset is a whole number of minutes, so the millisecond is zone-independent.
  const millisecond = String(now.getUTCMilliseconds()).padStart(3, '0');
  return (
    get('year').padStart(4, '0') +
    get('month') +
    get('day') +
    get('hour') +
    get('minute') +
    get('second') +
    millisecond
  );
}

/**
 * The default random suffix: RECORD_ID_SUFFIX_LENGTH lowercase base36 characters from the
 * platform's cryptographic random source (Web Crypto, present in browsers and Node).
 */
export function defaultRandomSuffix(): string {
  let suffix = '';
  const bytes = new Uint8Array(RECORD_ID_SUFFIX_LENGTH * 2);
  while (suffix.length < RECORD_ID_SUFFIX_LENGTH) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 252 = 7 × 36: dropping 252–255 keeps every base36 digit equally likely.
      if (byte < 252 && suffix.length < RECORD_ID_SUFFIX_LENGTH) suffix += BASE36[byte % 36];
    }
  }
  return suffix;
}

/**
 * The identifier part of a record id: characters outside [A-Za-z0-9_-] become '-', the result is
 * cut to RECORD_ID_IDENTIFIER_MAX_LENGTH characters, and an empty result becomes 'anon', so any
 * text (an e-mail, a uid with '/', an empty string) yields a valid document id.
 */
export function sanitizeRecordIdentifier(identifier: string): string {
  // Array.from walks code points, so a surrogate pair becomes one '-', not two.
  const cleaned = Array.from(identifier, (ch) => (/^[A-Za-z0-9_-]$/.test(ch) ? ch : '-'))
    .join('')
    .slice(0, RECORD_ID_IDENTIFIER_MAX_LENGTH);
  return cleaned === '' ? 'anon' : cleaned;
}

/**
 * Makes a record id `${prefix}_${YYYYMMDDHHmmssSSS}_${identifier}_${suffix}` (see the format
 * comment at the top of this file). The result always passes {@link isValidDocumentId} and
 * {@link RECORD_ID_PATTERN}.
 *
 * @param prefix the kind of record, e.g. 'msg'; lowercase letters and digits starting with a
 *   letter, at most 32 characters. Anything else is a programming error and throws a RangeError.
 * @param identifier usually the author's uid; sanitized, never rejected.
 * @param now the instant to stamp (default: the current time).
 * @param random returns the suffix; tests pass a fixed one. It must return 6 lowercase base36
 *   characters, otherwise a RangeError is thrown.
 */
export function makeRecordId(
  prefix: string,
  identifier: string,
  now: Date = new Date(),
  random: () => string = defaultRandomSuffix,
): string {
  if (!PREFIX_PATTERN.test(prefix)) {
    throw new RangeError(`Record id prefix must match ${PREFIX_PATTERN.source}: ${prefix}`);
  }
  const suffix = random();
  if (!SUFFIX_PATTERN.test(suffix)) {
    throw new RangeError(`Record id suffix must match ${SUFFIX_PATTERN.source}: ${suffix}`);
  }
  return `${prefix}_${formatRecordTimestamp(now)}_${sanitizeRecordIdentifier(identifier)}_${suffix}`;
}

/**
 * True when `id` has the record id format (and so is a valid document id). With `prefix`, the id
 * must also be of that kind, e.g. `isValidRecordId(id, 'msg')` for message ids.
 */
export function isValidRecordId(id: unknown, prefix?: string): id is string {
  if (!isValidDocumentId(id) || !RECORD_ID_PATTERN.test(id)) return false;
  return prefix === undefined || id.startsWith(`${prefix}_`);
}
