import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, authErrorCode, authErrorSignsOut, authErrorWords } from './authErrors';

describe('authErrorCode', () => {
  it.each([
    [401, 'INVALID_EMAIL_OR_PASSWORD', 'invalid-credential'],
    [401, undefined, 'invalid-credential'],
    [422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'email-already-in-use'],
    [422, 'USER_ALREADY_EXISTS', 'email-already-in-use'],
    [400, 'USER_NOT_FOUND', 'user-not-found'],
    [429, undefined, 'too-many-requests'],
    [429, 'TOO_MANY_REQUESTS', 'too-many-requests'],
    [400, 'OTP_EXPIRED', 'expired-action-code'],
    [403, 'TOO_MANY_ATTEMPTS', 'expired-action-code'],
    [400, 'INVALID_OTP', 'invalid-action-code'],
    [403, 'USER_DISABLED', 'user-disabled'],
    [401, 'SESSION_EXPIRED', 'user-token-expired'],
    [0, undefined, 'network-request-failed'],
    [400, 'PASSWORD_TOO_SHORT', 'weak-password'],
    [400, 'PASSWORD_TOO_LONG', 'weak-password'],
    [400, 'PASSWORD_TOO_COMMON', 'weak-password'],
    [400, 'INVALID_EMAIL', 'invalid-email'],
    [400, 'INVALID_NAME', 'invalid-name'],
    [403, 'SSO_REQUIRED', 'sso-required'],
    [500, undefined, 'unknown'],
    [400, 'SOMETHING_NEW', 'unknown'],
    [400, 'constructor', 'unknown'],
  ] as const)('status %i with %s → %s', (status, providerCode, expected) => {
    expect(authErrorCode(status, providerCode)).toBe(expected);
  });
});

describe('authErrorWords', () => {
  it.each(AUTH_ERROR_CODES.map((code) => [code]))(
    'words %s plainly, without provider jargon',
    (code) => {
      const { message, field } = authErrorWords(code);
      expect(message.length).toBeGreaterThan(10);
      expect(message).not.toMatch(/[A-Z]{3,}_|auth\/|undefined/);
      expect(['email', 'password', 'newPassword', 'code', 'name', 'form']).toContain(field);
    },
  );

  it('gives an unknown e-mail and a wrong password the same words', () => {
    expect(authErrorWords(authErrorCode(401, 'INVALID_EMAIL_OR_PASSWORD'))).toEqual(
      authErrorWords('wrong-password'),
    );
  });
});

describe('authErrorSignsOut', () => {
  it.each(
    AUTH_ERROR_CODES.map((code) => [
      code,
      code === 'user-disabled' || code === 'user-token-expired',
    ]),
  )('%s signs out: %s', (code, expected) => {
    expect(authErrorSignsOut(code)).toBe(expected);
  });
});
