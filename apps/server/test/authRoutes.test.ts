// Which Better Auth routes the bridge hands on (auth/allowedRoutes.ts): every mounted route is
// decided on, and there is no sign-in by code (issue 29.1); on both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { ALLOWED_AUTH_ROUTES, REFUSED_AUTH_ROUTES } from '../src/auth/allowedRoutes';
import { authAttempts, sessions, verifications } from '../src/db/schema';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { testDatabaseKind } from './database';
import { useTestServer } from './factories';

const server = useTestServer();
let client: ReturnType<typeof authClient>;
beforeAll(() => {
  client = authClient(server.made.app, server.made.config.publicUrl);
});

/** The HTTP paths Better Auth mounts (server-only endpoints have none). */
function mountedRoutes(): string[] {
  const api = server.services.auth.api as Record<string, { path?: string }>;
  return Object.values(api)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === 'string');
}

describe(`Better Auth's routes (${testDatabaseKind})`, () => {
  it('puts every mounted route in the allowed or the refused list, and lists no route it lacks', () => {
    const mounted = new Set(mountedRoutes());
    const undecided = [...mounted].filter(
      (path) => !ALLOWED_AUTH_ROUTES.has(path) && !REFUSED_AUTH_ROUTES.has(path),
    );
    // A Better Auth or plugin update added these: allow or refuse each in auth/allowedRoutes.ts.
    expect(undecided).toEqual([]);
    const stale = [...ALLOWED_AUTH_ROUTES, ...REFUSED_AUTH_ROUTES].filter(
      (path) => !mounted.has(path),
    );
    expect(stale).toEqual([]);
  });

  it('answers 404 on every refused route and on paths Better Auth does not have', async () => {
    const paths = [
      ...[...REFUSED_AUTH_ROUTES].map((path) => path.replace(/:[a-z]+/g, 'x')),
      '/sign-in/email-otp/',
      '/sign-in//email-otp',
      '/SIGN-IN/EMAIL-OTP',
      '/no-such-route',
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await client.call(
          method,
          `/api/auth${path}`,
          method === 'POST' ? { email: 'a@example.edu' } : undefined,
        );
        expect({ path, method, status: response.status }).toEqual({ path, method, status: 404 });
      }
    }
  });
});

describe(`no sign-in by code (${testDatabaseKind})`, () => {
  it('refuses a "sign-in" code request and the code sign-in, storing nothing', async () => {
    const email = uniqueEmail('otp');
    const owner = authClient(server.made.app, server.made.config.publicUrl);
    expect((await owner.signUp('Victim, Vic', email, GOOD_PASSWORD)).status).toBe(200);
    const user = (await owner.session()).body?.user as { id: string };
    const db = server.database.db;
    const before = await db.select().from(authAttempts).where(eq(authAttempts.email, email));

    for (const type of ['sign-in', 'change-email', 'nonsense']) {
      const requested = await client.call('POST', '/api/auth/email-otp/send-verification-otp', {
        email,
        type,
      });
      expect(requested.status).toBe(400);
      expect(requested.body?.code).toBe('INVALID_CODE_TYPE');
      const checked = await client.call('POST', '/api/auth/email-otp/check-verification-otp', {
        email,
        type,
        otp: '123456',
      });
      expect(checked.status).toBe(400);
      expect(checked.body?.code).toBe('INVALID_CODE_TYPE');
    }
    const signIn = await client.call('POST', '/api/auth/sign-in/email-otp', {
      email,
      otp: '123456',
    });
    expect(signIn.status).toBe(404);
    expect(signIn.cookie).toBeUndefined();

    expect(
      await db.select().from(verifications).where(like(verifications.identifier, `sign-in-otp-%`)),
    ).toEqual([]);
    expect(await db.select().from(authAttempts).where(eq(authAttempts.email, email))).toEqual(
      before,
    );
    // Only the owner's own session exists.
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});
