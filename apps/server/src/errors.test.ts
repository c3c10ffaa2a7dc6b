import { describe, expect, it } from 'vitest';
import {
  CLASS_ARCHIVED_SQLSTATE,
  ClassArchivedError,
  DatabaseUnavailableError,
  DomainError,
  forbidden,
  idTaken,
  isDatabaseUnreachable,
  isNotFound,
  knownFailure,
  notFound,
} from './errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('knows a refused, reset or unresolvable connection, however deeply it is wrapped', () => {
    expect(isDatabaseUnreachable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Failed query', { cause: withCode('ENOTFOUND') }))).toBe(
      true,
    );
    // Node's connect to several addresses (localhost: ::1 and 127.0.0.1).
    expect(
      isDatabaseUnreachable(
        new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
      ),
    ).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // PostgreSQL shutting down or starting, and the connection-exception class.
    for (const code of ['57P01', '57P03', '08006'])
      expect(isDatabaseUnreachable(withCode(code))).toBe(true);
  });

  it('leaves every other failure to be reported as it is', () => {
    expect(isDatabaseUnreachable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnreachable(withCode('42P01', 'relation does not exist'))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});

describe('knownFailure', () => {
  it('names an unreachable database and the archive guard, and nothing else', () => {
    expect(
      knownFailure(new Error('Failed query', { cause: withCode('ECONNREFUSED') })),
    ).toBeInstanceOf(DatabaseUnavailableError);
    expect(knownFailure(withCode(CLASS_ARCHIVED_SQLSTATE, 'archived'))).toBeInstanceOf(
      ClassArchivedError,
    );
    expect(knownFailure(new Error('boom'))).toBeNull();
  });
});

describe('domain errors', () => {
  it('carry their code and words, and none of them is a transport error', () => {
    expect(notFound('Poll')).toMatchObject({ code: 'NOT_FOUND', message: 'Poll not found.' });
    expect(isNotFound(notFound('Class'))).toBe(true);
    expect(isNotFound(forbidden('No.'))).toBe(false);
    expect(idTaken('message')).toMatchObject({ code: 'CONFLICT' });
    expect(new ClassArchivedError()).toBeInstanceOf(DomainError);
    expect(new ClassArchivedError().name).toBe('DomainError');
  });
});
