// Accounts over the HTTP contract: sign-up, sign-in, sessions, the error catalogue and rate limits,
// on the project's database (PGlite or PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rateLimits } from '../src/db/schema';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`sign-up and sign-in (${testDatabaseKind})`, () => {
  it('creates an account, keeps the session in an httpOnly SameSite=Lax cookie, signs out and in', async () => {
    const { app, config } = await makeApp(database);
    const client = authClient(app, config.publicUrl);
    const email = uniqueEmail('ada');
    const signUp = await client.signUp('Lovelace, Ada', email, GOOD_PASSWORD);
    expect(signUp.status).toBe(200);
    const cookie = signUp.setCookies.find((value) => value.includes('session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const session = await client.session();
    expect(session.body).toMatchObject({ user: { email, name: 'Lovelace, Ada' } });

    expect((await client.signOut()).status).toBe(200);
    client.cookie = undefined;
    expect((await client.session()).body).toBeNull();

    const signIn = await client.signIn(email.toUpperCase(), GOOD_PASSWORD);
    expect(signIn.status).toBe(200);
    expect((await client.session()).body).toMatchObject({ user: { email } });
    await app.close();
  });

  it('marks the session cookie Secure in production', async () => {
    const { app, config } = await makeApp(database, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://seminar.example.edu',
    });
    const client = authClient(app, config.publicUrl);
    const signUp = await client.signUp('Hopper, Grace', uniqueEmail('grace'), GOOD_PASSWORD);
    expect(signUp.status).toBe(200);
    expect(signUp.setCookies.find((value) => value.includes('session_token='))).toMatch(/Secure/);
    await app.close();
  });

  it('refuses a second account for the same e-mail with email-already-in-use', async () => {
    const { app, config } = await makeApp(database);
    const client = authClient(app, config.publicUrl);
    const email = uniqueEmail();
    await client.signUp('First, One', email, GOOD_PASSWORD);
    const again = await authClient(app, config.publicUrl).signUp(
      'Second, Two',
      email.toUpperCase(),
      GOOD_PASSWORD,
    );
    expect(again.status).toBe(422);
    expect(again.body?.code).toMatch(/^USER_ALREADY_EXISTS/);
    await app.close();
  });

  it.each([
    ['short', 'Ab1!xyz', 'PASSWORD_TOO_SHORT'],
    ['long', 'x'.repeat(129), 'PASSWORD_TOO_LONG'],
    ['common', 'password123', 'PASSWORD_TOO_COMMON'],
    ['common in capitals', 'Baseball1', 'PASSWORD_TOO_COMMON'],
  ])('refuses a %s password (%s) and creates nothing', async (_label, password, code) => {
    const { app, config } = await makeApp(database);
    const client = authClient(app, config.publicUrl);
    const email = uniqueEmail('weak');
    const response = await client.signUp('Weak, Will', email, password);
    expect(response.status).toBe(400);
    expect(response.body?.code).toBe(code);
    // Nothing was created: the same e-mail can still sign up.
    expect((await client.signUp('Weak, Will', email, GOOD_PASSWORD)).status).toBe(200);
    await app.close();
  });

  it('gives an unknown e-mail and a wrong password the same 401 answer', async () => {
    const { app, config } = await makeApp(database);
    const client = authClient(app, config.publicUrl);
    const email = uniqueEmail();
    await client.signUp('Known, User', email, GOOD_PASSWORD);
    const wrongPassword = await authClient(app, config.publicUrl).signIn(
      email,
      'not the password at all',
    );
    const unknownEmail = await authClient(app, config.publicUrl).signIn(
      uniqueEmail('nobody'),
      'not the password at all',
    );
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body?.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    await app.close();
  });

  it('refuses requests from another origin', async () => {
    const { app, config } = await makeApp(database);
    const email = uniqueEmail();
    await authClient(app, config.publicUrl).signUp('Origin, Test', email, GOOD_PASSWORD);
    const foreign = await authClient(app, 'https://evil.example').signIn(email, GOOD_PASSWORD);
    expect(foreign.status).toBe(403);
    expect(foreign.cookie).toBeUndefined();
    await app.close();
  });
});

describe(`text the database cannot store (${testDatabaseKind})`, () => {
  const cases: Array<[string, string, (email: string) => Record<string, string>]> = [
    [
      'a NUL in a sign-up name',
      '/api/auth/sign-up/email',
      (email) => ({ name: 'A\u0000B', email, password: GOOD_PASSWORD }),
    ],
    [
      'a NUL in a sign-in e-mail',
      '/api/auth/sign-in/email',
      () => ({ email: 'a\u0000@example.edu', password: GOOD_PASSWORD }),
    ],
    [
      'a NUL in a reset e-mail',
      '/api/auth/email-otp/send-verification-otp',
      () => ({ email: 'a\u0000@example.edu', type: 'forget-password' }),
    ],
    [
      'a lone surrogate in a password',
      '/api/auth/sign-in/email',
      (email) => ({ email, password: 'abc\uD800defgh' }),
    ],
  ];
  it.each(cases)('refuses %s with a worded 400, not a 500', async (_label, path, body) => {
    const { app, config } = await makeApp(database);
    const response = await authClient(app, config.publicUrl).call(
      'POST',
      path,
      body(uniqueEmail('nul')),
    );
    expect(response.status).toBe(400);
    expect(response.body?.code).toBe('INVALID_TEXT');
    expect(response.body?.message).toMatch(/^Text /);
    await app.close();
  });
});

describe(`rate limits (${testDatabaseKind})`, () => {
  it('lets a class of 30 behind one NAT sign in within a minute', async () => {
    const { app, config } = await makeApp(database);
    const emails = Array.from({ length: 30 }, (_, index) => uniqueEmail(`nat${index}`));
    for (const [index, email] of emails.entries()) {
      // Sign-ups from separate addresses: this test is about the sign-ins.
      await authClient(app, config.publicUrl, `198.51.100.${index + 1}`).signUp(
        'Student, A',
        email,
        GOOD_PASSWORD,
      );
    }
    const statuses: number[] = [];
    for (const email of emails) {
      statuses.push(
        (await authClient(app, config.publicUrl, '192.0.2.77').signIn(email, GOOD_PASSWORD)).status,
      );
    }
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 200));
    await app.close();
  });

  it('slows an address after 10 failed sign-ins with growing delays, never the owner elsewhere', async () => {
    const { app, config } = await makeApp(database);
    const email = uniqueEmail('target');
    await authClient(app, config.publicUrl).signUp('Target, Tom', email, GOOD_PASSWORD);
    const attacker = '198.18.0.66';
    const guess = async (password = 'wrong guess') =>
      authClient(app, config.publicUrl, attacker).signIn(email, password);
    /**
     * Dates the address's last failure `ms` before now: the test sets the clock of the streak
     * instead of sleeping, so how fast this machine runs does not matter.
     */
    const lastFailureAgo = (ms: number) =>
      database.db
        .update(rateLimits)
        .set({ lastRequest: Date.now() - ms })
        .where(like(rateLimits.key, `sign-in-failures:${attacker}:%`));

    for (let attempt = 0; attempt < 10; attempt += 1) expect((await guess()).status).toBe(401);
    // The 11th try from that address must wait 30 s, even with the right password.
    await lastFailureAgo(0);
    const slowed = await guess(GOOD_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body?.message).toMatch(/Try again in 30 seconds\./);
    expect(slowed.cookie).toBeUndefined();
    // The owner, from another address, signs in at once: ten wrong passwords lock nobody out.
    expect(
      (await authClient(app, config.publicUrl, '198.18.1.1').signIn(email, GOOD_PASSWORD)).status,
    ).toBe(200);

    // Each further failure doubles the wait: 30 s, then 60 s, then 120 s.
    await lastFailureAgo(31_000);
    expect((await guess()).status).toBe(401);
    await lastFailureAgo(31_000);
    expect((await guess()).status).toBe(429);
    await lastFailureAgo(61_000);
    expect((await guess()).status).toBe(401);
    await lastFailureAgo(0);
    const doubled = await guess();
    expect(doubled.status).toBe(429);
    expect(doubled.body?.message).toMatch(/Try again in 120 seconds\./);

    // Once the wait is over, the right password works and ends the streak.
    await lastFailureAgo(121_000);
    expect((await guess(GOOD_PASSWORD)).status).toBe(200);
    expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(401);
    await app.close();
  });

  it('limits each client IP, ignoring X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const email = uniqueEmail('ip');
    const strict = await makeApp(database, { AUTH_RATE_LIMIT_PER_IP: '3' });
    await authClient(strict.app, strict.config.publicUrl, '198.19.0.1').signUp(
      'Ip, Ivy',
      email,
      GOOD_PASSWORD,
    );
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const client = authClient(strict.app, strict.config.publicUrl, '198.19.0.2');
      statuses.push(
        (await client.signIn(email, GOOD_PASSWORD, { 'x-forwarded-for': `10.0.0.${attempt}` }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    await strict.app.close();

    // One trusted hop: the proxy's own entry (the last) is the client's address.
    const proxied = await makeApp(database, { AUTH_RATE_LIMIT_PER_IP: '3', TRUST_PROXY: '1' });
    const behindProxy: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const client = authClient(proxied.app, proxied.config.publicUrl, '198.19.0.3');
      behindProxy.push(
        (await client.signIn(email, GOOD_PASSWORD, { 'x-forwarded-for': `10.0.1.${attempt}` }))
          .status,
      );
    }
    expect(behindProxy).toEqual([200, 200, 200, 200]);
    await proxied.app.close();
  });
});
