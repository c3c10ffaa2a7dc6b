import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import {
  CLASS_ARCHIVED_SQLSTATE,
  ClassArchivedError,
  DatabaseUnavailableError,
  DomainError,
  notFound,
} from '../errors';
import { toTRPCError } from './trpcErrors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
// What tRPC makes of anything thrown that is not its own error.
const wrapped = (cause: unknown) => new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });

describe('toTRPCError: the one mapping to the socket', () => {
  it('answers a domain error with its code and words, thrown or wrapped by tRPC', () => {
    for (const thrown of [notFound('Channel'), wrapped(notFound('Channel'))]) {
      const error = toTRPCError(thrown);
      expect(error).toBeInstanceOf(TRPCError);
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Channel not found.' });
      expect(error.cause).toBeInstanceOf(DomainError);
    }
  });

  it('answers an unreachable database SERVICE_UNAVAILABLE, the archive guard FORBIDDEN', () => {
    const down = toTRPCError(wrapped(withCode('ECONNREFUSED')));
    expect(down.code).toBe('SERVICE_UNAVAILABLE');
    expect(down.cause).toBeInstanceOf(DatabaseUnavailableError);
    const archived = toTRPCError(wrapped(withCode(CLASS_ARCHIVED_SQLSTATE, 'archived')));
    expect(archived.code).toBe('FORBIDDEN');
    expect(archived.cause).toBeInstanceOf(ClassArchivedError);
  });

  it('leaves an unexpected failure internal, and a transport error as it is', () => {
    const broken = wrapped(new Error('boom'));
    expect(toTRPCError(broken)).toBe(broken);
    expect(toTRPCError(new Error('boom')).code).toBe('INTERNAL_SERVER_ERROR');
    const refused = new TRPCError({ code: 'FORBIDDEN', cause: withCode('ECONNREFUSED') });
    expect(toTRPCError(refused)).toBe(refused);
  });
});
