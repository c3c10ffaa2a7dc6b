// Docs: docs/accounts.md#error-catalogue — SPEC §8's identity-provider codes, what Better Auth answers
// that maps to each, and the plain words the client shows next to the field concerned.
import { PERSON_NAME_MAX_LENGTH } from './names';

/** SPEC §8's codes, plus the three the password policy, e-mail check and name rule need. */
export const AUTH_ERROR_CODES = [
  'wrong-password',
  'invalid-credential',
  'email-already-in-use',
  'user-not-found',
  'too-many-requests',
  'expired-action-code',
  'invalid-action-code',
  'user-disabled',
  'user-token-expired',
  'network-request-failed',
  'weak-password',
  'invalid-email',
  'invalid-name',
  'sso-required',
  'unknown',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** The form field an error belongs next to; 'form' means the form as a whole. */
export type AuthErrorField = 'email' | 'password' | 'newPassword' | 'code' | 'name' | 'form';

/** Better Auth's error codes (and ours added in hooks) → SPEC §8 codes. */
const FROM_PROVIDER: Readonly<Record<string, AuthErrorCode>> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  INVALID_PASSWORD: 'invalid-credential',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalid-credential',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  USER_NOT_FOUND: 'user-not-found',
  TOO_MANY_REQUESTS: 'too-many-requests',
  OTP_EXPIRED: 'expired-action-code',
  // After 5 wrong tries the code is void: to the user it is as good as expired.
  TOO_MANY_ATTEMPTS: 'expired-action-code',
  INVALID_OTP: 'invalid-action-code',
  USER_DISABLED: 'user-disabled',
  SESSION_EXPIRED: 'user-token-expired',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'weak-password',
  PASSWORD_TOO_COMMON: 'weak-password',
  INVALID_EMAIL: 'invalid-email',
  INVALID_NAME: 'invalid-name',
  // The address's domain signs in through single sign-on only (docs/institutions.md).
  SSO_REQUIRED: 'sso-required',
};

/**
 * Maps an auth endpoint's failure to a SPEC §8 code.
 * @param status the HTTP status (0 when the request never got an answer)
 * @param providerCode the `code` of the JSON error body, when there is one
 */
export function authErrorCode(status: number, providerCode?: string | null): AuthErrorCode {
  if (status === 0) return 'network-request-failed';
  if (status === 429) return 'too-many-requests';
  if (providerCode && Object.hasOwn(FROM_PROVIDER, providerCode))
    return FROM_PROVIDER[providerCode] ?? 'unknown';
  if (status === 401) return 'invalid-credential';
  return 'unknown';
}

const WORDS: Readonly<Record<AuthErrorCode, { field: AuthErrorField; message: string }>> = {
  'wrong-password': {
    field: 'password',
    message: 'That email and password don’t match. Check them and try again.',
  },
  'invalid-credential': {
    field: 'password',
    message: 'That email and password don’t match. Check them and try again.',
  },
  'email-already-in-use': {
    field: 'email',
    message: 'An account with this email already exists. Sign in instead.',
  },
  'user-not-found': { field: 'email', message: 'We couldn’t find an account for that email.' },
  'too-many-requests': {
    field: 'form',
    message: 'Too many attempts. Wait a few minutes, then try again.',
  },
  'expired-action-code': {
    field: 'code',
    message: 'This code has expired or was tried too often. Send a new code.',
  },
  'invalid-action-code': {
    field: 'code',
    message: 'That code isn’t right. Check the email and try again.',
  },
  'user-disabled': {
    field: 'form',
    message: 'This account has been disabled. Ask your institution’s administrator.',
  },
  'user-token-expired': { field: 'form', message: 'Your session has ended. Sign in again.' },
  'network-request-failed': {
    field: 'form',
    message: 'Can’t reach the server. Check your connection and try again.',
  },
  'weak-password': {
    field: 'password',
    message: 'Choose a password of 8 to 128 characters that isn’t a common one.',
  },
  'invalid-email': { field: 'email', message: 'Enter a valid email address.' },
  'invalid-name': {
    field: 'name',
    message: `Enter a name of at most ${PERSON_NAME_MAX_LENGTH} characters, on one line.`,
  },
  'sso-required': {
    field: 'form',
    message: 'Your institution signs in with single sign-on: use its “Sign in with …” button.',
  },
  unknown: { field: 'form', message: 'Something went wrong. Try again.' },
};

/** The plain words for a code and the field they belong next to. */
export function authErrorWords(code: AuthErrorCode): { field: AuthErrorField; message: string } {
  return WORDS[code];
}

/** Codes that end the session: the client signs the user out and shows the message (SPEC §8). */
export function authErrorSignsOut(code: AuthErrorCode): boolean {
  return code === 'user-disabled' || code === 'user-token-expired';
}
