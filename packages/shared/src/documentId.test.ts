import { describe, expect, it } from 'vitest';
import { DOCUMENT_ID_MAX_BYTES } from './constants';
import { documentIdProblem, isValidDocumentId, utf8ByteLength } from './documentId';
import { documentIdSchema } from './schemas/documentId';

// 'é' is 2 bytes, '€' 3 bytes and '😀' 4 bytes (a surrogate pair) in UTF-8.
const ascii1500 = 'a'.repeat(1500);
const twoByte1500 = 'é'.repeat(750);
const threeByte1500 = '€'.repeat(500);
const fourByte1500 = '😀'.repeat(375);

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
    ['\uD800', 3], // a lone surrogate is encoded as U+FFFD
    [fourByte1500, 1500],
  ])('counts %j as %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });
});

describe('isValidDocumentId', () => {
  it.each([
    ['a short id', 'abc'],
    ['a single character', 'x'],
    ['a record id', 'msg_20260308015959999_u1_k3j9x2'],
    ['exactly 1500 ASCII bytes', ascii1500],
    ['exactly 1500 bytes of 2-byte characters', twoByte1500],
    ['exactly 1500 bytes of 3-byte characters', threeByte1500],
    ['exactly 1500 bytes of 4-byte characters', fourByte1500],
    ['1499 ASCII bytes then one more', `${'a'.repeat(1499)}b`],
    ['leading double underscore only', '__x'],
    ['trailing double underscore only', 'x__'],
    ['underscores inside', 'a__b__c'],
    ['a single underscore at both ends', '_x_'],
    ['three dots', '...'],
    ['a dot inside', 'a.b'],
    ['a leading dot', '.x'],
    ['a well-formed surrogate pair', 'a😀b'],
    ['a leading byte-order mark', '\uFEFFabc'],
    ['spaces', 'hello world'],
    ['a backslash', 'a\\b'],
    ['non-Latin text', 'класс-1'],
  ])('accepts %s', (_label, id) => {
    expect(isValidDocumentId(id)).toBe(true);
    expect(documentIdProblem(id)).toBeNull();
  });

  it.each([
    ['empty', '', "An id can't be empty"],
    ['1501 ASCII bytes', 'a'.repeat(1501), 'An id can be at most 1500 bytes'],
    ['1501 bytes ending in a 2-byte character', `${'a'.repeat(1499)}é`, 'at most 1500 bytes'],
    ['1502 bytes of 2-byte characters', 'é'.repeat(751), 'at most 1500 bytes'],
    ['1503 bytes of 3-byte characters', '€'.repeat(501), 'at most 1500 bytes'],
    ['1504 bytes of 4-byte characters', '😀'.repeat(376), 'at most 1500 bytes'],
    ['a lone high surrogate', '\uD800', 'valid Unicode'],
    ['a lone low surrogate inside text', 'a\uDC00b', 'valid Unicode'],
    ['a swapped surrogate pair', '\uDE00\uD83D', 'valid Unicode'],
    ['a NUL (PostgreSQL cannot store it)', 'a\u0000b', "can't contain the NUL character"],
    ['a slash', 'a/b', "can't contain '/'"],
    ['only a slash', '/', "can't contain '/'"],
    ['a trailing slash', 'abc/', "can't contain '/'"],
    ['a single dot', '.', "can't be '.' or '..'"],
    ['two dots', '..', "can't be '.' or '..'"],
    ['wrapped in double underscores', '__x__', "start and end with '__'"],
    ['exactly two underscores', '__', "start and end with '__'"],
    ['exactly three underscores', '___', "start and end with '__'"],
    ['exactly four underscores', '____', "start and end with '__'"],
    ['a reserved-looking name', '__name__', "start and end with '__'"],
  ])('rejects %s', (_label, id, problem) => {
    expect(isValidDocumentId(id)).toBe(false);
    expect(documentIdProblem(id)).toContain(problem);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 123],
    ['an object', { id: 'abc' }],
    ['an array', ['abc']],
  ])('rejects non-text input: %s', (_label, id) => {
    expect(isValidDocumentId(id)).toBe(false);
    expect(documentIdProblem(id)).toBe('An id must be text');
  });

  it('uses the 1500-byte limit from the constants', () => {
    expect(DOCUMENT_ID_MAX_BYTES).toBe(1500);
  });
});

describe('documentIdSchema', () => {
  it('passes a valid id through unchanged', () => {
    expect(documentIdSchema.parse('class-1')).toBe('class-1');
  });

  it.each([
    ['a/b', "An id can't contain '/'"],
    ['', "An id can't be empty"],
    [42, 'An id must be text'],
    ['__x__', "An id can't start and end with '__'"],
  ])('rejects %j with the rule as its message', (id, message) => {
    const result = documentIdSchema.safeParse(id);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
