// Docs: docs/accounts.md#routes — the Better Auth routes the HTTP bridge hands on; every other path
// under /api/auth answers 404 without reaching Better Auth.

/** Where Better Auth is mounted. */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * The routes Seminar uses, as Better Auth names them (below /api/auth). An allow-list rather than
 * a block-list: Better Auth and its plugins mount routes Seminar has no use for, some of them
 * dangerous here (`/sign-in/email-otp` is a sign-in by a 6-digit code that mails nobody,
 * `/email-otp/change-email` moves an account to another address), and an update can add more. A
 * route nobody put here cannot be reached; test/authRoutes.test.ts fails on a mounted route that is
 * in neither list, so each new one is decided on.
 */
export const ALLOWED_AUTH_ROUTES: ReadonlySet<string> = new Set([
  '/get-session',
  '/sign-up/email',
  '/sign-in/email',
  '/sign-out',
  // The profile's name (checked by the shared name rule in auth.ts).
  '/update-user',
  '/change-password',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  // Codes: the address's verification and the password reset (docs/accounts.md).
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/reset-password',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/ok',
  '/error',
]);

/**
 * Routes Better Auth mounts that Seminar refuses (404), each for a reason: no sign-in by code, no
 * social or OAuth accounts, no reset or verification by link (codes only), no change of address,
 * no self-service deletion (an instructor's classes would be left without an owner).
 */
export const REFUSED_AUTH_ROUTES: ReadonlySet<string> = new Set([
  '/sign-in/email-otp',
  '/sign-in/social',
  '/callback/:id',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/reset-password',
  '/reset-password/:token',
  '/request-password-reset',
  '/verify-email',
  '/send-verification-email',
  '/verify-password',
  '/change-email',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
  '/delete-user',
  '/delete-user/callback',
  '/update-session',
]);

/** The code types a code route takes: there is no sign-in by code (type "sign-in"). */
export const ALLOWED_CODE_TYPES: ReadonlySet<string> = new Set([
  'email-verification',
  'forget-password',
]);

/** The routes whose body names a code type. */
export const CODE_TYPE_PATHS: ReadonlySet<string> = new Set([
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
]);

/** The Better Auth route of a request URL below `basePath`, or null when it is outside. */
export function authRoutePath(url: string, basePath: string): string | null {
  const pathname = new URL(url, 'http://x').pathname;
  if (!pathname.startsWith(`${basePath}/`)) return null;
  return pathname.slice(basePath.length);
}
