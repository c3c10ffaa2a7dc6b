// Password reset by an e-mailed 6-digit code, read from a real SMTP listener; on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config';
import type { Database } from '../src/db/client';
import { verifications } from '../src/db/schema';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { codeFrom, startTestSmtp, type TestSmtp } from './smtp';

let database: Database;
let smtp: TestSmtp;
let app: FastifyInstance;
let config: Config;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  ({ app, config } = await makeApp(database, { SMTP_URL: smtp.url }));
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await database.close();
});

const NEW_PASSWORD = 'a brand new passphrase';

async function accountWithCode(label: string) {
  const email = uniqueEmail(label);
  const owner = authClient(app, config.publicUrl);
  expect((await owner.signUp('Reset, Rita', email, GOOD_PASSWORD)).status).toBe(200);
  const requester = authClient(app, config.publicUrl);
  expect((await requester.requestReset(email)).status).toBe(200);
  const mail = await smtp.nextMailTo(email, undefined, 'reset code');
  return { email, owner, requester, mail, code: codeFrom(mail) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`reset by e-mailed code (${testDatabaseKind})`, () => {
  it('mails a 6-digit code that resets the password once and ends every session', async () => {
    const { email, owner, requester, mail, code } = await accountWithCode('flow');
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.raw).toContain('10 minutes');

    const wrong = await requester.reset(email, wrongCode(code), NEW_PASSWORD);
    expect(wrong.status).toBe(400);
    expect(wrong.body?.code).toBe('INVALID_OTP');

    expect((await requester.reset(email, code, NEW_PASSWORD)).status).toBe(200);
    // The owner's earlier session has ended.
    expect((await owner.session()).body).toBeNull();
    // The code works once.
    const reused = await requester.reset(email, code, 'yet another passphrase');
    expect(reused.status).toBe(400);
    expect(reused.body?.code).toBe('INVALID_OTP');

    expect((await authClient(app, config.publicUrl).signIn(email, GOOD_PASSWORD)).status).toBe(401);
    expect((await authClient(app, config.publicUrl).signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('voids the code after 5 wrong tries, and the fifth says so', async () => {
    const { email, requester, code } = await accountWithCode('tries');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await requester.reset(email, wrongCode(code), NEW_PASSWORD);
      expect(response.status).toBe(400);
      expect(response.body?.code).toBe('INVALID_OTP');
    }
    // The try that uses the code up does not read as one more wrong code.
    const fifth = await requester.reset(email, wrongCode(code), NEW_PASSWORD);
    expect(fifth.status).toBe(400);
    expect(fifth.body?.code).toBe('TOO_MANY_ATTEMPTS');
    expect(fifth.body?.message).toBe(
      'This code was tried 5 times and no longer works. Send a new code.',
    );
    const right = await requester.reset(email, code, NEW_PASSWORD);
    expect(right.status).toBe(403);
    expect(right.body?.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await authClient(app, config.publicUrl).signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('lifts the sign-in delays on the account when the password is reset', async () => {
    const email = uniqueEmail('blocked');
    const here = '198.18.7.7';
    const owner = authClient(app, config.publicUrl, here);
    expect((await owner.signUp('Blocked, Bo', email, GOOD_PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await owner.signIn(email, 'not my password')).status).toBe(401);
    const waiting = await owner.signIn(email, GOOD_PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.body?.message).toMatch(/Try again in 30 seconds\./);

    expect((await owner.requestReset(email)).status).toBe(200);
    const code = codeFrom(await smtp.nextMailTo(email, undefined, 'reset code'));
    expect((await owner.reset(email, code, NEW_PASSWORD)).status).toBe(200);
    // From the same address, at once: the new password works.
    expect((await owner.signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('keeps a code 10 minutes and refuses it once expired', async () => {
    const { email, requester, code } = await accountWithCode('expiry');
    const [row] = await database.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `forget-password-otp-${email}`));
    expect(row).toBeDefined();
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(9.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 1_000);
    // The code is stored hashed, never as sent.
    expect(row!.value).not.toContain(code);

    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verifications.id, row!.id));
    const expired = await requester.reset(email, code, NEW_PASSWORD);
    expect(expired.status).toBe(400);
    expect(expired.body?.code).toBe('OTP_EXPIRED');
  });

  it('refuses a weak new password and keeps the code usable', async () => {
    const { email, requester, code } = await accountWithCode('weaknew');
    const weak = await requester.reset(email, code, 'password1');
    expect(weak.status).toBe(400);
    expect(weak.body?.code).toBe('PASSWORD_TOO_COMMON');
    expect((await requester.reset(email, code, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const response = await authClient(app, config.publicUrl).requestReset(nobody);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    await expect(smtp.nextMailTo(nobody, 1_000)).rejects.toThrow('no mail');
  });

  it('limits code requests per account', async () => {
    const email = uniqueEmail('spam');
    await authClient(app, config.publicUrl).signUp('Spam, Sam', email, GOOD_PASSWORD);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await authClient(app, config.publicUrl, `198.20.0.${attempt + 1}`).requestReset(email))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts every route that mails a code against the one per-account limit', async () => {
    const email = uniqueEmail('routes');
    await authClient(app, config.publicUrl).signUp('Route, Rob', email, GOOD_PASSWORD);
    // Better Auth's email-OTP plugin mails the same reset code from three routes.
    const requests = [
      ['/api/auth/email-otp/send-verification-otp', { email, type: 'forget-password' }],
      ['/api/auth/email-otp/request-password-reset', { email }],
      ['/api/auth/forget-password/email-otp', { email }],
    ] as const;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const [path, body] = requests[attempt % requests.length]!;
      const client = authClient(app, config.publicUrl, `198.21.0.${attempt + 1}`);
      statuses.push((await client.call('POST', path, body)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    for (let mail = 0; mail < 5; mail += 1) await smtp.nextMailTo(email, undefined, 'reset code');
    await expect(smtp.nextMailTo(email, 1_000, 'reset code')).rejects.toThrow('no mail');
    const resetMails = smtp.mails.filter(
      (mail) => mail.to.includes(email) && mail.subject.includes('reset code'),
    );
    expect(resetMails).toHaveLength(5);
  });

  it('puts a per-account ceiling on code tries, across codes and addresses', async () => {
    const email = uniqueEmail('guess');
    await authClient(app, config.publicUrl).signUp('Guess, Gil', email, GOOD_PASSWORD);
    let address = 0;
    const fromNewAddress = () => authClient(app, config.publicUrl, `198.22.0.${(address += 1)}`);
    const guessWith = async (code: string) =>
      (await fromNewAddress().reset(email, wrongCode(code), NEW_PASSWORD)).status;

    // Two codes, five wrong tries each: ten tries, the ceiling.
    for (let round = 0; round < 2; round += 1) {
      expect((await fromNewAddress().requestReset(email)).status).toBe(200);
      const code = codeFrom(await smtp.nextMailTo(email, undefined, 'reset code'));
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect(await guessWith(code)).toBeGreaterThanOrEqual(400);
    }
    // A third code is mailed, but no further try is checked, not even the right code.
    expect((await fromNewAddress().requestReset(email)).status).toBe(200);
    const code = codeFrom(await smtp.nextMailTo(email, undefined, 'reset code'));
    const refused = await fromNewAddress().reset(email, code, NEW_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body?.code).toBe('TOO_MANY_REQUESTS');
    // Other routes that check a code share the ceiling.
    for (const path of ['/api/auth/email-otp/check-verification-otp'])
      expect(
        (await fromNewAddress().call('POST', path, { email, otp: code, type: 'forget-password' }))
          .status,
      ).toBe(429);
    // The password was not changed, and the owner can still sign in.
    expect((await fromNewAddress().signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });
});
