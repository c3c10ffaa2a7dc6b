// Client-side checks of the auth forms, run before anything is sent. Where a check matches a
// server error (e-mail shape, password policy) it uses the same words from the SPEC §8 catalogue.
import {
  authErrorWords,
  isValidEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  personNameProblem,
  RESET_CODE_LENGTH,
  type AuthErrorField,
} from '@seminar/shared';
import type { AuthError } from './authApi';

/** A message per field; absent fields have no error. */
export type FieldErrors = Partial<Record<AuthErrorField, string>>;

/** Words for empty required fields. */
export const REQUIRED_WORDS = {
  name: 'Enter your name.',
  email: 'Enter your email address.',
  password: 'Enter your password.',
  newPassword: 'Enter a new password.',
  code: `Enter the ${RESET_CODE_LENGTH}-digit code from the email.`,
} as const satisfies Partial<Record<AuthErrorField, string>>;

/** Helper text of new-password fields. */
export const PASSWORD_HELPER_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters`;

export function checkName(value: string): string | undefined {
  const name = value.trim();
  if (!name) return REQUIRED_WORDS.name;
  // The server's name rule (packages/shared/src/names.ts), in the catalogue's words.
  return personNameProblem(name) === null ? undefined : authErrorWords('invalid-name').message;
}

export function checkEmail(value: string): string | undefined {
  if (!value.trim()) return REQUIRED_WORDS.email;
  if (!isValidEmail(value)) return authErrorWords('invalid-email').message;
  return undefined;
}

/** Sign in: any non-empty password may be tried (the policy is the server's to apply). */
export function checkPassword(value: string): string | undefined {
  return value ? undefined : REQUIRED_WORDS.password;
}

/** A password being chosen: the policy's length, in the catalogue's words for 'weak-password'. */
export function checkNewPassword(value: string, required: string): string | undefined {
  if (!value) return required;
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH)
    return authErrorWords('weak-password').message;
  return undefined;
}

export function checkResetCode(value: string): string | undefined {
  return new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(value) ? undefined : REQUIRED_WORDS.code;
}

/** Keeps only the digits of a typed or pasted code ("123 456" → "123456"), at most the length. */
export function cleanResetCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH);
}

/** Drops the fields without an error. */
export function onlyErrors(errors: Record<string, string | undefined>): FieldErrors {
  const found: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) found[field as AuthErrorField] = message;
  }
  return found;
}

/**
 * Where a server error goes on a form: next to its field when the form has that field (after
 * `rename`, e.g. 'password' → 'newPassword' on the reset form), otherwise as a form alert.
 */
export function placeAuthError(
  error: AuthError,
  fields: readonly AuthErrorField[],
  rename: Partial<Record<AuthErrorField, AuthErrorField>> = {},
): FieldErrors {
  const field = rename[error.field] ?? error.field;
  return { [fields.includes(field) ? field : 'form']: error.message };
}
