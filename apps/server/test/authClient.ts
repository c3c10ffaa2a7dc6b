// Calls the auth HTTP contract through app.inject, as a browser at PUBLIC_URL would.
import type { FastifyInstance } from 'fastify';

export interface AuthResponse {
  status: number;
  body: { code?: string; message?: string; [key: string]: unknown } | null;
  cookie: string | undefined;
  setCookies: string[];
}

/** A client of one app: POSTs JSON with the app's own Origin, keeps the session cookie it gets. */
export function authClient(app: FastifyInstance, origin: string, remoteAddress = '203.0.113.10') {
  let cookie: string | undefined;
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<AuthResponse> => {
    const response = await app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        origin,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    const raw = response.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const session = setCookies.find((value) => value.includes('session_token='));
    if (session) cookie = session.split(';')[0];
    let body: AuthResponse['body'];
    try {
      body = response.body ? (JSON.parse(response.body) as AuthResponse['body']) : null;
    } catch {
      body = null;
    }
    return { status: response.statusCode, body, cookie, setCookies };
  };
  return {
    call,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    signUp: (name: string, email: string, password: string, headers?: Record<string, string>) =>
      call('POST', '/api/auth/sign-up/email', { name, email, password }, headers),
    signIn: (email: string, password: string, headers?: Record<string, string>) =>
      call('POST', '/api/auth/sign-in/email', { email, password }, headers),
    signOut: () => call('POST', '/api/auth/sign-out', {}),
    session: () => call('GET', '/api/auth/get-session'),
    requestReset: (email: string) =>
      call('POST', '/api/auth/email-otp/send-verification-otp', { email, type: 'forget-password' }),
    verifyEmail: (email: string, otp: string) =>
      call('POST', '/api/auth/email-otp/verify-email', { email, otp }),
    resendVerification: (email: string) =>
      call('POST', '/api/auth/email-otp/send-verification-otp', {
        email,
        type: 'email-verification',
      }),
    reset: (email: string, otp: string, password: string) =>
      call('POST', '/api/auth/email-otp/reset-password', { email, otp, password }),
  };
}

let counter = 0;
/** A unique e-mail for a test. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.edu`;
}

/** A password that passes the policy. */
export const GOOD_PASSWORD = 'correct horse battery staple';
