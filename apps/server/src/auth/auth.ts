// Docs: docs/accounts.md — Better Auth inside the server: e-mail + password, reset by e-mailed code,
// cookie sessions with sliding refresh, rate limits, disabled users.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  countOf,
  normalizeEmail,
  personNameProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MS,
  SESSION_REFRESH_BEFORE_EXPIRY_MS,
  textProblem,
} from '@seminar/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accounts, authAttempts, rateLimits, sessions, users, verifications } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { ALLOWED_CODE_TYPES, AUTH_BASE_PATH, CODE_TYPE_PATHS } from './allowedRoutes';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './passwordPolicy';
import { resetCodeMail, verificationCodeMail } from './mails';
import { signInDelays } from './signInDelays';
import { mustUseSso, ssoRequiredMessage } from '../sso/requiredDomains';
import { notify, toNotice } from '../live/bus';
import { sessionsEndedSignal } from '../live/signals';

type AttemptKind = 'sign-in-failure' | 'reset-request' | 'code-check';

/**
 * Every Better Auth route that mails a code (the email-OTP plugin has three for the same reset
 * code): all count against one per-account limit, so no route is a way around it.
 */
export const CODE_REQUEST_PATHS: ReadonlySet<string> = new Set([
  '/email-otp/send-verification-otp',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
]);

/** Every route that checks a code: each try counts against one per-account ceiling. */
export const CODE_CHECK_PATHS: ReadonlySet<string> = new Set([
  '/email-otp/reset-password',
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
]);

/** Routes that sign in, sign up or set a password by e-mail: closed to SSO-required domains. */
const PASSWORD_PATHS: ReadonlySet<string> = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/email-otp/reset-password',
]);

/** The routes whose code a run of wrong tries voids, with the code's Better Auth type. */
const VOIDABLE_CODE_PATHS: ReadonlyMap<string, 'forget-password' | 'email-verification'> = new Map([
  ['/email-otp/reset-password', 'forget-password'],
  ['/email-otp/verify-email', 'email-verification'],
]);

/** The header our HTTP bridge sets to the client address Fastify resolved (TRUST_PROXY-aware). */
export const CLIENT_IP_HEADER = 'x-seminar-client-ip';

/** Why some text in a request body cannot be stored (see textProblem), or null. */
function bodyTextProblem(value: unknown): string | null {
  if (typeof value === 'string') return textProblem(value);
  if (typeof value !== 'object' || value === null) return null;
  for (const item of Object.values(value)) {
    const problem = bodyTextProblem(item);
    if (problem) return problem;
  }
  return null;
}

/** The client address our HTTP bridge resolved (see CLIENT_IP_HEADER). */
function clientIp(headers: Headers | undefined): string {
  return headers?.get(CLIENT_IP_HEADER) ?? 'unknown';
}

/** Sessions last 7 days; used within 5 minutes of expiry they slide forward (SPEC §9). */
const SESSION_TTL_S = 7 * 24 * 60 * 60;

export interface AuthOptions {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  /**
   * An account's e-mail address was proved (a code mailed to it, or an identity provider that
   * asserts it): what waits for that address — class invitations — is claimed. Given by
   * services.ts, so auth knows no resource that reacts to it.
   */
  onAddressVerified: (user: { id: string; email: string; name: string }) => Promise<unknown>;
}

/** Builds the Better Auth instance for this server. */
export function createAuth({ config, db, mailer, secret, onAddressVerified }: AuthOptions) {
  const limits = config.authRateLimits;
  const failureWindowMs = limits.accountWindowSeconds * 1000;

  const recentAttempts = async (kind: AttemptKind, email: string): Promise<number> => {
    const since = new Date(Date.now() - failureWindowMs);
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(authAttempts)
      .where(
        and(eq(authAttempts.email, email), eq(authAttempts.kind, kind), gt(authAttempts.at, since)),
      );
    return row?.count ?? 0;
  };
  const delays = signInDelays(db, limits.failedSignInsPerAccount, failureWindowMs);
  /** Whether the pending code of `type` for `email` has used up its tries (Better Auth's store). */
  const codeIsVoid = async (type: string, email: string): Promise<boolean> => {
    const [row] = await db
      .select({ value: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, `${type}-otp-${email}`));
    if (!row) return false;
    const tries = Number(row.value.slice(row.value.lastIndexOf(':') + 1));
    return Number.isFinite(tries) && tries >= RESET_CODE_MAX_ATTEMPTS;
  };
  const tooManyForAccount = (message: string) =>
    new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_REQUESTS', message });

  return betterAuth({
    appName: config.appName,
    // Our own logs say what happened; Better Auth's would repeat it (and every refused sign-in).
    logger: { disabled: config.logLevel === 'silent' },
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    user: {
      additionalFields: {
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      // Better Auth's scrypt format at the configured cost (docs/accounts.md#password-storage).
      password: {
        hash: (password) => hashPassword(password, config.passwordHashCost),
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
    },
    session: {
      expiresIn: SESSION_TTL_S,
      updateAge: SESSION_TTL_S - SESSION_REFRESH_BEFORE_EXPIRY_MS / 1000,
    },
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: limits.perIpPerMinute * 5,
      customRules: {
        '/sign-in/email': { window: 60, max: limits.perIpPerMinute },
        '/sign-up/email': { window: 60, max: limits.perIpPerMinute },
        ...Object.fromEntries(
          [...CODE_REQUEST_PATHS, ...CODE_CHECK_PATHS].map((path) => [
            path,
            { window: 60, max: limits.perIpPerMinute },
          ]),
        ),
      },
    },
    plugins: [
      emailOTP({
        otpLength: RESET_CODE_LENGTH,
        expiresIn: RESET_CODE_TTL_MS / 1000,
        allowedAttempts: RESET_CODE_MAX_ATTEMPTS,
        storeOTP: 'hashed',
        // Per e-mail, on top of the per-IP limit: code requests and code tries.
        rateLimit: { window: 60, max: limits.perIpPerMinute },
        // Sign-up mails a code that proves the address (docs/accounts.md#verification).
        sendVerificationOnSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          const mail =
            type === 'forget-password'
              ? resetCodeMail
              : type === 'email-verification'
                ? verificationCodeMail
                : null;
          if (!mail) return;
          await mailer.send(
            mail({ to: email, code: otp, appName: config.appName, publicUrl: config.publicUrl }),
          );
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          // Invitations to this e-mail become memberships once the address is proved: anyone can
          // sign up with any address, so only the code mailed to it lets an account claim them.
          async after(user) {
            if (user.emailVerified) await onAddressVerified(user);
          },
        },
        update: {
          // Verified by the sign-up code, or by a reset code (which proves the address too): the
          // invitations waiting for this address become memberships now, announced live. Claiming
          // is idempotent, so a later update of a verified user finds nothing left to claim.
          async after(user) {
            if (user.emailVerified) await onAddressVerified(user);
          },
        },
      },
      session: {
        delete: {
          // Signed out, reset, revoked: that session's live sockets close on every node at once.
          async after(session) {
            await notify(db, [
              toNotice({ topic: sessionsEndedSignal, key: session.userId, ids: [session.id] }),
            ]);
          },
        },
        create: {
          // A disabled user's correct password still gets no session (SPEC §8 user-disabled).
          async before(session) {
            const [user] = await db
              .select({ disabled: users.disabled })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user?.disabled) {
              throw new APIError('FORBIDDEN', {
                code: 'USER_DISABLED',
                message: 'This account has been disabled.',
              });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Text the database cannot store (a NUL) would fail its query with a bare 500.
        const problem = bodyTextProblem(ctx.body);
        if (problem) throw new APIError('BAD_REQUEST', { code: 'INVALID_TEXT', message: problem });
        const body = (ctx.body ?? {}) as {
          email?: unknown;
          password?: unknown;
          type?: unknown;
          name?: unknown;
        };
        // One name rule wherever a name is set (docs/accounts.md#names): a name that is not text
        // was a 500 (null) or stored as a string (numbers, lists), and any length was copied into
        // every message the person sent (issue 29.3).
        if (ctx.path === '/sign-up/email' || (ctx.path === '/update-user' && 'name' in body)) {
          const problem = personNameProblem(body.name);
          if (problem)
            throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: problem });
          // Stored trimmed, as the rule counts it; the endpoint reads this same body object.
          body.name = (body.name as string).trim();
        }
        // No sign-in by code: a "sign-in" code would be stored and mailed to nobody, a way to guess
        // a session (issue 29.1). Refused before anything is counted or stored.
        if (
          CODE_TYPE_PATHS.has(ctx.path) &&
          !(typeof body.type === 'string' && ALLOWED_CODE_TYPES.has(body.type))
        ) {
          throw new APIError('BAD_REQUEST', {
            code: 'INVALID_CODE_TYPE',
            message: 'Codes are sent only to verify an address or to reset a password.',
          });
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/email-otp/reset-password') {
          const password = typeof body.password === 'string' ? body.password : '';
          if (passwordProblem(password) === 'too-common') {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_TOO_COMMON',
              message: 'This password is too common. Choose another.',
            });
          }
        }
        if (typeof body.email !== 'string') return;
        const email = normalizeEmail(body.email);
        // A domain a site admin put under single sign-on: no password way in for its addresses
        // (sign-in, sign-up, and a reset, which would set a password), checked before anything
        // is counted or mailed (docs/institutions.md#requiring-single-sign-on).
        if (
          PASSWORD_PATHS.has(ctx.path) ||
          (CODE_REQUEST_PATHS.has(ctx.path) && body.type !== 'email-verification')
        ) {
          if (await mustUseSso(db, config, email))
            throw new APIError('FORBIDDEN', {
              code: 'SSO_REQUIRED',
              message: ssoRequiredMessage(config, email),
            });
        }
        if (ctx.path === '/sign-in/email') {
          const waitMs = await delays.waitMs(email, clientIp(ctx.headers));
          if (waitMs > 0) {
            const seconds = Math.ceil(waitMs / 1000);
            throw tooManyForAccount(
              `Too many failed sign-ins for this account from here. Try again in ${countOf(seconds, { one: 'second', other: 'seconds' })}.`,
            );
          }
        }
        if (CODE_REQUEST_PATHS.has(ctx.path)) {
          if ((await recentAttempts('reset-request', email)) >= limits.resetRequestsPerAccount) {
            throw tooManyForAccount(
              'Too many codes were requested for this account. Try again later.',
            );
          }
          await db.insert(authAttempts).values({ kind: 'reset-request', email });
        }
        if (CODE_CHECK_PATHS.has(ctx.path)) {
          // Recorded before it is checked, so tries sent all at once are counted all the same.
          await db.insert(authAttempts).values({ kind: 'code-check', email });
          if ((await recentAttempts('code-check', email)) > limits.codeChecksPerAccount) {
            throw tooManyForAccount(
              'Too many codes were tried for this account. Request a new code later.',
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const body = (ctx.body ?? {}) as { email?: unknown };
        if (typeof body.email !== 'string') return;
        const email = normalizeEmail(body.email);
        const codeType = VOIDABLE_CODE_PATHS.get(ctx.path);
        if (codeType) {
          if (!(returned instanceof APIError)) {
            // A new password proves the owner: the sign-in delays on the account end with it.
            if (codeType === 'forget-password') await delays.clearAccount(email);
            return;
          }
          // The try that used up the code's attempts reads as "wrong code" from Better Auth (and
          // so does every try after it): say it is void, so the person asks for a new one. (Better
          // Auth keeps the endpoint's status, 400, for an error an after hook puts in its place.)
          if (returned.body?.code === 'INVALID_OTP' && (await codeIsVoid(codeType, email)))
            throw new APIError('FORBIDDEN', {
              code: 'TOO_MANY_ATTEMPTS',
              message: `This code was tried ${RESET_CODE_MAX_ATTEMPTS} times and no longer works. Send a new code.`,
            });
          return;
        }
        if (ctx.path !== '/sign-in/email') return;
        const ip = clientIp(ctx.headers);
        if (returned instanceof APIError) {
          if (returned.statusCode === 401) await delays.failed(email, ip);
        } else if (ctx.context.newSession) {
          await delays.succeeded(email, ip);
        }
      }),
    },
  });
}

/** The Better Auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
