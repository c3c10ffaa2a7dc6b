import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorWords } from '@seminar/shared';
import { authApi, AuthError, toAuthError } from './authApi';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve().then(answer),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('authApi requests', () => {
  it.each([
    [
      'signUp',
      () => authApi.signUp({ name: 'Lovelace, Ada', email: 'ada@x.org', password: 'pw-123456' }),
      '/api/auth/sign-up/email',
      { name: 'Lovelace, Ada', email: 'ada@x.org', password: 'pw-123456' },
    ],
    [
      'signIn',
      () => authApi.signIn({ email: 'ada@x.org', password: 'pw-123456' }),
      '/api/auth/sign-in/email',
      { email: 'ada@x.org', password: 'pw-123456' },
    ],
    ['signOut', () => authApi.signOut(), '/api/auth/sign-out', {}],
    [
      'sendResetCode',
      () => authApi.sendResetCode('ada@x.org'),
      '/api/auth/email-otp/send-verification-otp',
      { email: 'ada@x.org', type: 'forget-password' },
    ],
    [
      'resetPassword',
      () => authApi.resetPassword({ email: 'ada@x.org', otp: '123456', password: 'pw-123456' }),
      '/api/auth/email-otp/reset-password',
      { email: 'ada@x.org', otp: '123456', password: 'pw-123456' },
    ],
  ] as const)('%s posts JSON with the cookie to %s', async (_name, call, path, body) => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true }));
    await expect(call()).resolves.toEqual({ success: true });
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(input).toBe(path);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it('accepts a success without a body', async () => {
    stubFetch(() => new Response(null, { status: 200 }));
    await expect(authApi.signOut()).resolves.toBeNull();
  });
});

describe('authApi failures', () => {
  it.each([
    [401, { code: 'INVALID_EMAIL_OR_PASSWORD' }, 'invalid-credential', 'password'],
    [403, { code: 'USER_DISABLED' }, 'user-disabled', 'form'],
    [422, { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' }, 'email-already-in-use', 'email'],
    [422, { code: 'USER_ALREADY_EXISTS' }, 'email-already-in-use', 'email'],
    [400, { code: 'PASSWORD_TOO_SHORT' }, 'weak-password', 'password'],
    [400, { code: 'PASSWORD_TOO_COMMON' }, 'weak-password', 'password'],
    [400, { code: 'INVALID_EMAIL' }, 'invalid-email', 'email'],
    [400, { code: 'INVALID_OTP' }, 'invalid-action-code', 'code'],
    [400, { code: 'OTP_EXPIRED' }, 'expired-action-code', 'code'],
    [403, { code: 'TOO_MANY_ATTEMPTS' }, 'expired-action-code', 'code'],
    [429, { message: 'slow down' }, 'too-many-requests', 'form'],
    [500, { message: 'boom' }, 'unknown', 'form'],
  ] as const)('%i %j → %s next to %s', async (status, body, code, field) => {
    stubFetch(() => jsonResponse(body, status));
    const error = await failureOf(authApi.signIn({ email: 'a@x.org', password: 'x' }));
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
    expect(error.status).toBe(status);
    expect(error.message).toBe(authErrorWords(code).message);
  });

  it('keeps the server’s words for a limit that says when to try again', async () => {
    const words = 'Too many failed sign-ins for this account from here. Try again in 30 seconds.';
    stubFetch(() => jsonResponse({ code: 'TOO_MANY_REQUESTS', message: words }, 429));
    const error = await failureOf(authApi.signIn({ email: 'a@x.org', password: 'x' }));
    expect(error.code).toBe('too-many-requests');
    expect(error.field).toBe('form');
    expect(error.message).toBe(words);
  });

  it('words an answer without a JSON body by its status', async () => {
    stubFetch(() => new Response('Too Many Requests', { status: 429 }));
    expect((await failureOf(authApi.sendResetCode('a@x.org'))).code).toBe('too-many-requests');
  });

  it('words a request without an answer as network-request-failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failureOf(authApi.signIn({ email: 'a@x.org', password: 'x' }));
    expect(error.code).toBe('network-request-failed');
    expect(error.field).toBe('form');
    expect(error.status).toBe(0);
  });

  it('rethrows an abort as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('Aborted', 'AbortError'))),
    );
    const error: unknown = await authApi.signOut(controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });

  it('toAuthError keeps AuthErrors and words anything else as unknown', () => {
    const known = new AuthError('user-disabled', 403);
    expect(toAuthError(known)).toBe(known);
    expect(toAuthError(new Error('x')).code).toBe('unknown');
  });
});
