import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnreachable, toTransportError } from './errors';

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

describe('toTransportError', () => {
  it('answers an unreachable database SERVICE_UNAVAILABLE and anything else unchanged', () => {
    const down = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: withCode('ECONNREFUSED') });
    const mapped = toTransportError(down);
    expect(mapped).toBeInstanceOf(DatabaseUnavailableError);
    expect(mapped.code).toBe('SERVICE_UNAVAILABLE');
    const broken = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new Error('boom') });
    expect(toTransportError(broken)).toBe(broken);
    const refused = new TRPCError({ code: 'FORBIDDEN', cause: withCode('ECONNREFUSED') });
    expect(toTransportError(refused)).toBe(refused);
  });
});
