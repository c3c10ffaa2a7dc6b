// A small typed client for Better Auth's endpoints under /api/auth (same origin, cookie session).
// Every failure — an error answer or no answer at all — is thrown as an AuthError carrying the
// SPEC §8 code and the catalogue's words (packages/shared/src/authErrors.ts), so forms only have
// to show `error.message` next to `error.field`.
import {
  authErrorCode,
  authErrorWords,
  type AuthErrorCode,
  type AuthErrorField,
} from '@seminar/shared';

export const AUTH_BASE_PATH = '/api/auth';

/** An auth request that failed, worded for the user. */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  /** The SPEC §8 code. */
  readonly code: AuthErrorCode;
  /** The form field the message belongs next to ('form' for the form as a whole). */
  readonly field: AuthErrorField;
  /** The HTTP status; 0 when the request got no answer. */
  readonly status: number;

  /** `message`: the server's own words, when they say more than the catalogue (see below). */
  constructor(code: AuthErrorCode, status = 0, message?: string) {
    const words = authErrorWords(code);
    super(message ?? words.message);
    this.code = code;
    this.field = words.field;
    this.status = status;
  }
}

/** Any thrown value as an AuthError (unexpected ones become 'unknown'). */
export function toAuthError(error: unknown): AuthError {
  return error instanceof AuthError ? error : new AuthError('unknown');
}

/** The AuthError for an error answer: the provider's `code` from the JSON body, when there is one. */
export async function authErrorFromResponse(response: Response): Promise<AuthError> {
  let providerCode: string | undefined;
  let providerMessage: string | undefined;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      if ('code' in body && typeof body.code === 'string') providerCode = body.code;
      if ('message' in body && typeof body.message === 'string') providerMessage = body.message;
    }
  } catch {
    // No JSON body (e.g. a proxy's 429 or 502 page): the status alone decides.
  }
  const code = authErrorCode(response.status, providerCode);
  // Our server words every limit it applies with when to try again ("Try again in 30 seconds."):
  // that says more than the catalogue's "wait a few minutes".
  const until =
    code === 'too-many-requests' && providerMessage && /try again/i.test(providerMessage)
      ? providerMessage
      : undefined;
  // "Addresses at uni.edu sign in with …": the server names the institution's provider.
  const ssoWords = code === 'sso-required' ? providerMessage : undefined;
  return new AuthError(code, response.status, until ?? ssoWords);
}

/** `fetch` that turns "no answer" into AuthError('network-request-failed'); aborts are rethrown. */
export async function authFetch(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AuthError(authErrorCode(0));
  }
}

async function post<T>(endpoint: string, body: object, signal?: AbortSignal): Promise<T> {
  const response = await authFetch(`${AUTH_BASE_PATH}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: signal ?? null,
  });
  if (!response.ok) throw await authErrorFromResponse(response);
  try {
    return (await response.json()) as T;
  } catch {
    // A success without a JSON body still counts as success.
    return null as T;
  }
}

/** The user as the auth endpoints return it. */
export interface AuthApiUser {
  id: string;
  name: string;
  email: string;
  [field: string]: unknown;
}

export interface SignInResult {
  token?: string | null;
  user?: AuthApiUser;
  [field: string]: unknown;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface ResetPasswordInput {
  email: string;
  otp: string;
  password: string;
}

export const authApi = {
  /** Creates an account and signs it in (sets the session cookie). */
  signUp: (input: SignUpInput, signal?: AbortSignal) =>
    post<SignInResult>('/sign-up/email', input, signal),

  /** Signs in with e-mail and password (sets the session cookie). */
  signIn: (input: SignInInput, signal?: AbortSignal) =>
    post<SignInResult>('/sign-in/email', input, signal),

  /** Ends the session on the server and clears its cookie. */
  signOut: (signal?: AbortSignal) => post<unknown>('/sign-out', {}, signal),

  /** E-mails a password reset code; succeeds whether or not the account exists. */
  sendResetCode: (email: string, signal?: AbortSignal) =>
    post<unknown>('/email-otp/send-verification-otp', { email, type: 'forget-password' }, signal),

  /** E-mails a new code that proves the address of the signed-up account (docs/accounts.md#verification). */
  sendVerificationCode: (email: string, signal?: AbortSignal) =>
    post<unknown>(
      '/email-otp/send-verification-otp',
      { email, type: 'email-verification' },
      signal,
    ),

  /** Marks the address verified with the e-mailed code (invitations are claimed then). */
  verifyEmail: (input: { email: string; otp: string }, signal?: AbortSignal) =>
    post<unknown>('/email-otp/verify-email', input, signal),

  /** Sets a new password with the e-mailed code. */
  resetPassword: (input: ResetPasswordInput, signal?: AbortSignal) =>
    post<unknown>('/email-otp/reset-password', input, signal),
};
